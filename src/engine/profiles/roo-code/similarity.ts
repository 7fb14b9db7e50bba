// How Roo Code's apply_diff scores a stretch of the file against a SEARCH section, and where it
// looks: RooCodeInc/Roo-Code at cb836567180a3ff1da6d082f3178b90c3bd22a70 (Apache-2.0),
// src/core/diff/strategies/multi-search-replace.ts (getSimilarity, fuzzySearch) and
// src/utils/text-normalization.ts (normalizeString with its default options). Written from their
// behaviour; the edit distance is the Levenshtein distance over UTF-16 code units, which is what
// the reference's fastest-levenshtein computes (by the same bit-vector method).

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

/**
 * Levenshtein distance by Myers' bit-vector algorithm in Hyyrö's block form: the shorter string
 * is the pattern, 32 positions a block, and each character of the other advances every block,
 * carrying the horizontal difference from one block to the next. O(⌈n/32⌉·m) instead of O(n·m):
 * the middle-out search scores every stretch of the file.
 */
export function levenshtein(x: string, y: string): number {
  const [a, b] = x.length <= y.length ? [x, y] : [y, x];
  const n = a.length;
  if (n === 0) return b.length;
  const blocks = Math.ceil(n / 32);
  const peq = new Map<number, Int32Array>();
  for (let i = 0; i < n; i++) {
    const c = a.charCodeAt(i);
    let mask = peq.get(c);
    if (mask === undefined) peq.set(c, (mask = new Int32Array(blocks)));
    mask[i >>> 5]! |= 1 << (i & 31);
  }
  const none = new Int32Array(blocks);
  const pv = new Int32Array(blocks).fill(-1);
  const mv = new Int32Array(blocks);
  const lastHigh = 1 << ((n - 1) & 31);
  let score = n;
  for (let j = 0; j < b.length; j++) {
    const eqs = peq.get(b.charCodeAt(j)) ?? none;
    // The top row of the table grows by one per column: the first block takes +1.
    let hin = 1;
    for (let k = 0; k < blocks; k++) {
      const high = k === blocks - 1 ? lastHigh : 1 << 31;
      let eq = eqs[k]!;
      const p = pv[k]!;
      const m = mv[k]!;
      if (hin < 0) eq |= 1;
      const xv = eq | m;
      const xh = ((((eq & p) + p) | 0) ^ p) | eq;
      let ph = m | ~(xh | p);
      let mh = p & xh;
      const hout = ph & high ? 1 : mh & high ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      else if (hin > 0) ph |= 1;
      pv[k] = mh | ~(xv | ph);
      mv[k] = ph & xv;
      hin = hout;
    }
    score += hin;
  }
  return score;
}

/**
 * 1 for equal normalised texts, else 1 − distance / longer length; 0 for an empty search.
 * `floor`: a score the caller already has; when even the length difference rules out beating it,
 * the distance is not computed and `floor` is returned (the caller keeps only higher scores).
 */
export function similarity(original: string, search: string, floor = -1): number {
  return search === '' ? 0 : normalisedScore(normalizeString(original), normalizeString(search), floor);
}

function normalisedScore(a: string, b: string, floor: number): number {
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
 * first found. Each line is normalised once: a run's normalised text is its lines' normalised
 * texts, the empty ones left out, joined by one space (what normalising the joined run gives).
 */
export function fuzzySearch(lines: readonly string[], chunk: string, start: number, end: number): FuzzyMatch {
  let best: FuzzyMatch = { bestScore: 0, bestMatchIndex: -1, bestMatchContent: '' };
  if (chunk === '') return best;
  const len = chunk.split(/\r?\n/).length;
  const search = normalizeString(chunk);
  const normalised = new Map<number, string>();
  const lineAt = (i: number): string => {
    let s = normalised.get(i);
    if (s === undefined) normalised.set(i, (s = normalizeString(lines[i]!)));
    return s;
  };
  const tryAt = (i: number): void => {
    const parts: string[] = [];
    for (let k = i; k < Math.min(i + len, lines.length); k++) if (lineAt(k) !== '') parts.push(lineAt(k));
    const score = normalisedScore(parts.join(' '), search, best.bestScore);
    if (score > best.bestScore) best = { bestScore: score, bestMatchIndex: i, bestMatchContent: lines.slice(i, i + len).join('\n') };
  };
  const mid = Math.floor((start + end) / 2);
  let left = mid;
  let right = mid + 1;
  while (left >= start || right <= end - len) {
    if (left >= start) tryAt(left--);
    if (right <= end - len) tryAt(right++);
  }
  return best;
}
