// The stretch of a stage's content the stepper shows (see StageWindow in protocol.ts).

import type { StageWindow } from './protocol';

type Span = { start: number; end: number };

/** A content of at most this many lines is sent whole. */
export const WHOLE_LINES = 1_500;
/** Lines shown above the first highlight of a larger content. */
const ABOVE = 8;

export function stageWindow(text: string, spans: readonly Span[]): StageWindow {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const totalLines = starts.length;
  if (totalLines <= WHOLE_LINES) return { text, firstLine: 0, totalLines, spans: [...spans], outside: 0 };
  const firstAt = spans.reduce((m, s) => Math.min(m, s.start), Infinity);
  let line = 0;
  if (firstAt !== Infinity) {
    // The line holding the first highlight (binary search over line starts).
    let lo = 0;
    let hi = totalLines - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= firstAt) lo = mid;
      else hi = mid - 1;
    }
    line = lo;
  }
  const from = Math.max(0, line - ABOVE);
  const to = Math.min(totalLines, from + WHOLE_LINES);
  const startOffset = starts[from]!;
  // Without the line break that ends the last shown line, so `text` has exactly to - from lines.
  const endOffset = to < totalLines ? starts[to]! - 1 : text.length;
  const inside: Span[] = [];
  for (const s of spans) {
    if (s.start >= startOffset && s.end <= endOffset) inside.push({ start: s.start - startOffset, end: s.end - startOffset });
  }
  return { text: text.slice(startOffset, endOffset), firstLine: from, totalLines, spans: inside, outside: spans.length - inside.length };
}
