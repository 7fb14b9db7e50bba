// How Roo Code's apply_diff scores a stretch of the file against a SEARCH section, and where it
// looks: RooCodeInc/Roo-Code at cb836567180a3ff1da6d082f3178b90c3bd22a70 (Apache-2.0),
// src/core/diff/strategies/multi-search-replace.ts (getSimilarity, fuzzySearch) and
// src/utils/text-normalization.ts (normalizeString with its default options). Written from their
// behaviour; the edit distance is the plain Levenshtein distance over UTF-16 code units, which is
// what the reference's fastest-levenshtein computes.

const SMART_QUOTES: readonly [RegExp, string][] = [
  [/\u201C/g, '"'],
  [/\u201D/g, '"'],
  [/\u2018/g, "'"],
  [/\u2019/g, "'"],
];
const TYPOGRAPHIC: readonly [RegExp, string][] = [
  [/\u2026/g, '...'],
  [/\u2014/g, '-'],
  [/\u2013/g, '-'],
  [/\u00A0/g, ' '],
];

/** Smart quotes and typographic characters made plain, runs of whitespace one space, trimmed. */
export function normalizeString(s: string): string {
  let out = s;
  for (const [from, to] of [...SMART_QUOTES, ...TYPOGRAPHIC]) out = out.replace(from, to);
  return out.replace(/\s+/g, ' ').trim();
}

/** Levenshtein distance, two rows; `a` is the shorter string. */
export function levenshtein(x: string, y: string): number {
  const [a, b] = x.length <= y.length ? [x, y] : [y, x];
  if (a.length === 0) return b.length;
  let prev = new Uint32Array(a.length + 1);
  let row = new Uint32Array(a.length + 1);
  for (let i = 0; i <= a.length; i++) prev[i] = i;
  for (let j = 1; j <= b.length; j++) {
    row[0] = j;
    const cb = b.charCodeAt(j - 1);
    for (let i = 1; i <= a.length; i++) {
      const sub = prev[i - 1]! + (a.charCodeAt(i - 1) === cb ? 0 : 1);
      row[i] = Math.min(sub, prev[i]! + 1, row[i - 1]! + 1);
    }
    [prev, row] = [row, prev];
  }
  return prev[a.length]!;
}

/**
 * 1 for equal normalised texts, else 1 − distance / longer length; 0 for an empty search.
 * `floor`: a score the caller already has; when even the length difference rules out beating it,
 * the distance is not computed and `floor` is returned (the caller keeps only higher scores).
 */
export function similarity(original: string, search: string, floor = -1): number {
  if (search === '') return 0;
  const a = normalizeString(original);
  const b = normalizeString(search);
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (1 - Math.abs(a.length - b.length) / longer <= floor) return floor;
  return 1 - levenshtein(a, b) / longer;
}

export interface FuzzyMatch {
  bestScore: number;
  /** -1: nothing scored above 0. */
  bestMatchIndex: number;
  bestMatchContent: string;
}

/**
 * The most similar run of lines (as many as the search has), looked for middle-out between
 * `start` and `end`: left of the midpoint going down, right of it going up, a tie keeping the
 * first found.
 */
export function fuzzySearch(lines: readonly string[], chunk: string, start: number, end: number): FuzzyMatch {
  let best: FuzzyMatch = { bestScore: 0, bestMatchIndex: -1, bestMatchContent: '' };
  const len = chunk.split(/\r?\n/).length;
  const mid = Math.floor((start + end) / 2);
  let left = mid;
  let right = mid + 1;
  const tryAt = (i: number): void => {
    const text = lines.slice(i, i + len).join('\n');
    const score = similarity(text, chunk, best.bestScore);
    if (score > best.bestScore) best = { bestScore: score, bestMatchIndex: i, bestMatchContent: text };
  };
  while (left >= start || right <= end - len) {
    if (left >= start) tryAt(left--);
    if (right <= end - len) tryAt(right++);
  }
  return best;
}
