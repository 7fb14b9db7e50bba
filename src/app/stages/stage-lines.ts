// Which lines of a stage's content to show, and where the highlighted spans fall on them. Pure
// functions over offsets (LF view, as StepContent gives them), so they can be tested in Node.
//
// Why not render the whole file: a 1 MB file is ~30k lines; rendering them all into the DOM on
// every step would stall the page. We show the whole file when it is small and otherwise only
// windows of lines around each span, so the cost of a step is bounded by what it touched.

export interface Span {
  start: number;
  end: number;
}

/** A file with at most this many lines is shown whole. */
export const WHOLE_FILE_LINES = 400;
/** Lines of context shown around each span in a large file. */
export const CONTEXT_LINES = 8;
/** At most this many lines are rendered for one view. */
export const MAX_RENDERED_LINES = 600;
/** Longer lines are clipped to a window around their spans. */
export const MAX_LINE_CHARS = 4000;
const LINE_CLIP_CONTEXT = 400;

/** Offsets at which each line starts. A text ending in `\n` has a last, empty line (as editors show it). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 0-based line holding `offset` (binary search over `starts`). */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** 0-based inclusive line range a span covers; a trailing `\n` belongs to the line it ends (SPEC 2.6). */
export function spanLines(starts: readonly number[], span: Span): { first: number; last: number } {
  const first = lineAt(starts, span.start);
  const last = span.end > span.start ? lineAt(starts, span.end - 1) : first;
  return { first, last };
}

/** A run of consecutive lines to render: [from, to), 0-based. */
export interface LineWindow {
  from: number;
  to: number;
}

export interface LineWindows {
  windows: LineWindow[];
  /** Spans that fell outside the rendered budget (only for very many far-apart spans). */
  hiddenSpans: number;
}

export function lineWindows(starts: readonly number[], spans: readonly Span[]): LineWindows {
  const total = starts.length;
  if (total <= WHOLE_FILE_LINES) return { windows: [{ from: 0, to: total }], hiddenSpans: 0 };
  if (spans.length === 0) return { windows: [{ from: 0, to: Math.min(total, MAX_RENDERED_LINES) }], hiddenSpans: 0 };
  const windows: LineWindow[] = [];
  let rendered = 0;
  let shown = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const { first, last } = spanLines(starts, span);
    const from = Math.max(0, first - CONTEXT_LINES);
    const to = Math.min(total, last + CONTEXT_LINES + 1);
    const prev = windows[windows.length - 1];
    if (prev && from <= prev.to) {
      const grown = Math.max(prev.to, to);
      if (shown > 0 && rendered + (grown - prev.to) > MAX_RENDERED_LINES) break;
      rendered += grown - prev.to;
      prev.to = grown;
    } else {
      if (shown > 0 && rendered + (to - from) > MAX_RENDERED_LINES) break;
      rendered += to - from;
      windows.push({ from, to });
    }
    shown++;
  }
  // A single enormous span (a 50k-line replacement) is still capped.
  const firstWindow = windows[0]!;
  if (windows.length === 1 && firstWindow.to - firstWindow.from > MAX_RENDERED_LINES) firstWindow.to = firstWindow.from + MAX_RENDERED_LINES;
  return { windows, hiddenSpans: spans.length - shown };
}

/**
 * One piece of a rendered line: plain text; highlighted text (`eol` when the span goes on past
 * the line's `\n`); an empty span's position; or a clipped part of a very long line.
 */
export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'mark'; text: string; eol: boolean }
  | { kind: 'caret' }
  | { kind: 'clip'; chars: number };

/**
 * The pieces of line `index`: its text split where spans start and end. An empty span (a
 * deletion's position in the content after it, a created file's empty match) shows as a caret.
 */
export function linePieces(text: string, starts: readonly number[], index: number, spans: readonly Span[]): Piece[] {
  const lineStart = starts[index]!;
  const next = starts[index + 1];
  const lineEnd = next === undefined ? text.length : next - 1;
  const inLine = spans
    .filter((s) => (s.start === s.end ? s.start >= lineStart && s.start <= lineEnd : s.start <= lineEnd && s.end > lineStart))
    .sort((a, b) => a.start - b.start);
  let from = lineStart;
  let to = lineEnd;
  if (to - from > MAX_LINE_CHARS) {
    const first = inLine.length > 0 ? Math.max(lineStart, inLine[0]!.start) : lineStart;
    from = Math.max(lineStart, first - LINE_CLIP_CONTEXT);
    to = Math.min(lineEnd, from + MAX_LINE_CHARS);
  }
  const pieces: Piece[] = [];
  if (from > lineStart) pieces.push({ kind: 'clip', chars: from - lineStart });
  let at = from;
  for (const s of inLine) {
    const start = Math.max(s.start, at);
    if (start > to) continue; // beyond the clipped part of a long line
    if (start > at) pieces.push({ kind: 'text', text: text.slice(at, start) });
    if (s.start === s.end) {
      pieces.push({ kind: 'caret' });
    } else {
      const end = Math.min(s.end, to);
      const eol = s.end > lineEnd && to === lineEnd;
      if (end > start || eol) pieces.push({ kind: 'mark', text: text.slice(start, Math.max(start, end)), eol });
      at = Math.max(start, end);
      continue;
    }
    at = start;
  }
  if (to > at) pieces.push({ kind: 'text', text: text.slice(at, to) });
  if (to < lineEnd) pieces.push({ kind: 'clip', chars: lineEnd - to });
  return pieces;
}

/** The text a span holds, shortened for a one-line caption; newlines and tabs shown as JSON escapes. */
export function quoted(text: string, max = 48): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

/** A run of a piece's text as the Stages view draws it: tabs and trailing spaces made visible. */
export interface WsRun {
  kind: 'plain' | 'tab' | 'trail';
  text: string;
}

/**
 * Split `text` (a piece of a line, starting at column `at`) into plain text, tabs, and the
 * spaces or tabs at or after `trailFrom` (where the line's trailing whitespace starts), as the
 * Diff view's Monaco shows them (issue 17, item 10). The text itself is kept exactly.
 */
export function whitespaceRuns(text: string, at: number, trailFrom: number): WsRun[] {
  const runs: WsRun[] = [];
  const push = (kind: WsRun['kind'], s: string) => {
    const last = runs[runs.length - 1];
    if (last && last.kind === kind && kind !== 'tab') last.text += s;
    else runs.push({ kind, text: s });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\t') push('tab', ch);
    else if (ch === ' ' && at + i >= trailFrom) push('trail', ch);
    else push('plain', ch);
  }
  return runs;
}

/** Column where `line`'s trailing spaces and tabs start (its length when it has none). */
export function trailingFrom(line: string): number {
  let end = line.length;
  if (line.endsWith('\r')) end--;
  let i = end;
  while (i > 0 && (line[i - 1] === ' ' || line[i - 1] === '\t')) i--;
  return i === end ? line.length : i;
}
