// The "Here is the updated code:" part of Gemini CLI's success text (getDiffContextSnippet): the
// written text's lines around each change, 5 of context, runs joined, `...` where lines are left
// out. Changes come from jsdiff's diffLines of the content as read (LF) against the text written
// (CRLF again for a CRLF file), so for a CRLF file every line counts as changed.

import { diffLines } from 'diff';

const CONTEXT = 5;

/** jsdiff's line tokens: each line with its `\n` or `\r\n`; no empty token after a final break. */
function tokens(text: string): string[] {
  const parts = text.split(/(\n|\r\n)/);
  if (!parts[parts.length - 1]) parts.pop();
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 1) out[out.length - 1] += parts[i]!;
    else out.push(parts[i]!);
  }
  return out;
}

interface Span {
  start: number;
  end: number;
}

/**
 * Changed spans in the new text's line numbers (0-based): an added run, or the point where a
 * removed run was. When no line between the common head and tail occurs anywhere on the other
 * side, the diff is that one block (removed, then added); this is what a CRLF file always gives,
 * and it spares Myers its worst case. Otherwise jsdiff decides.
 */
export function changedSpans(original: string, written: string): Span[] {
  const a = tokens(original);
  const b = tokens(written);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const oldMid = a.slice(head, a.length - tail);
  const newMid = b.slice(head, b.length - tail);
  const inA = new Set(a);
  const inB = new Set(b);
  if (!oldMid.some((t) => inB.has(t)) && !newMid.some((t) => inA.has(t))) {
    const spans: Span[] = [];
    if (oldMid.length > 0) spans.push({ start: head, end: head });
    if (newMid.length > 0) spans.push({ start: head, end: head + newMid.length });
    return spans;
  }
  return jsdiffSpans(original, written);
}

export function jsdiffSpans(original: string, written: string): Span[] {
  const spans: Span[] = [];
  let at = 0;
  for (const change of diffLines(original, written)) {
    const count = change.count ?? 0;
    if (change.added) {
      spans.push({ start: at, end: at + count });
      at += count;
    } else if (change.removed) {
      spans.push({ start: at, end: at });
    } else {
      at += count;
    }
  }
  return spans;
}

export function updatedCodeSnippet(original: string, written: string): string {
  if (original === '') return written;
  const spans = changedSpans(original, written);
  if (spans.length === 0) return written;
  const lines = written.split(/\r?\n/);
  const widened = spans.map((s) => ({ start: Math.max(0, s.start - CONTEXT), end: Math.min(lines.length, s.end + CONTEXT) })).sort((x, y) => x.start - y.start);
  const merged: Span[] = [];
  for (const s of widened) {
    const last = merged[merged.length - 1];
    if (last !== undefined && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  const parts: string[] = [];
  let shownTo = 0;
  for (const s of merged) {
    if (s.start > shownTo) parts.push('...');
    parts.push(lines.slice(s.start, s.end).join('\n'));
    shownTo = s.end;
  }
  if (shownTo < lines.length) parts.push('...');
  return parts.join('\n');
}
