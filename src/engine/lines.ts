// Line arithmetic on the LF view (SPEC 2.6). Line numbers are 1-based.

import type { LineRange } from './types';

/** Number of `\n` in text[from, to). */
export function countNewlines(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Lines spanned by text[start, end) in `text`: a trailing `\n` belongs to the line it ends, so
 * `"line 2\n"` in `"line 1\nline 2\nline 3\n"` is {start: 2, end: 2}.
 */
export function lineRangeOf(text: string, start: number, end: number): LineRange {
  const first = 1 + countNewlines(text, 0, start);
  const last = end > start ? first + countNewlines(text, start, end - 1) : first;
  return { start: first, end: last };
}

/** Lines of a whole content (a created or filled file): at least line 1 (SPEC 2.6). */
export function wholeRange(text: string): LineRange {
  if (text.length === 0) return { start: 1, end: 1 };
  return lineRangeOf(text, 0, text.length);
}

/** Offsets at which each line starts; `starts.length` is the number of lines (a final empty line is not counted). */
export function lineStarts(text: string): number[] {
  if (text.length === 0) return [];
  // Counted first, so a large file's array is allocated once, not grown by doubling.
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) n++;
  const starts = new Array<number>(n);
  starts[0] = 0;
  let k = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
  return starts;
}

/** Index (0-based) of the line containing offset `at`, given `lineStarts(text)`. */
export function lineIndexAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
