// Where a chunk's lines are in a file, found as codex's `seek_sequence` finds them: the first
// position at or after `start` where every line matches exactly; failing that, the first where
// they match ignoring trailing whitespace; then ignoring surrounding whitespace; then with common
// Unicode punctuation read as ASCII. With `*** End of File` the search starts at the last place
// the lines fit (but never before `start`).
//
// codex scans every position for every level, which costs (file lines × chunk lines) per chunk.
// Here each level keeps, built on first use, a map from a line's key to the lines that have it:
// a chunk is looked up by its rarest line, and only the positions that line allows are checked,
// in order, so the first hit is the same position codex finds.

import { trimEndRust, trimRust } from './rust-text';

export type FuzzLevel = 'exact' | 'trailing-whitespace' | 'trimmed' | 'unicode-punctuation';

export const FUZZ_LEVELS: readonly FuzzLevel[] = ['exact', 'trailing-whitespace', 'trimmed', 'unicode-punctuation'];

const PUNCTUATION = new Map<string, string>([
  ...[...'\u2010\u2011\u2012\u2013\u2014\u2015\u2212'].map((c): [string, string] => [c, '-']),
  ...[...'\u2018\u2019\u201A\u201B'].map((c): [string, string] => [c, "'"]),
  ...[...'\u201C\u201D\u201E\u201F'].map((c): [string, string] => [c, '"']),
  ...[...'\u00A0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000'].map((c): [string, string] => [c, ' ']),
]);
const PUNCTUATION_CLASS = '[\\u2010-\\u2015\\u2212\\u2018-\\u201F\\u00A0\\u2002-\\u200A\\u202F\\u205F\\u3000]';
const HAS_PUNCTUATION = new RegExp(PUNCTUATION_CLASS);
const EACH_PUNCTUATION = new RegExp(PUNCTUATION_CLASS, 'g');

/** codex's last-resort comparison: trimmed, typographic dashes, quotes and spaces as ASCII. */
export function normalisePunctuation(line: string): string {
  const t = trimRust(line);
  return HAS_PUNCTUATION.test(t) ? t.replace(EACH_PUNCTUATION, (c) => PUNCTUATION.get(c) ?? c) : t;
}

const KEY: Readonly<Record<FuzzLevel, (line: string) => string>> = {
  exact: (line) => line,
  'trailing-whitespace': trimEndRust,
  trimmed: trimRust,
  'unicode-punctuation': normalisePunctuation,
};

export interface SeekHit {
  index: number;
  level: FuzzLevel;
}

interface LevelIndex {
  keys: readonly string[];
  at: Map<string, number[]>;
}

/** The lines of one file content, searchable at every fuzz level. */
export class LineMatcher {
  private readonly levels = new Map<FuzzLevel, LevelIndex>();

  constructor(readonly lines: readonly string[]) {}

  /** codex's `seek_sequence(lines, pattern, start, eof)`, with the level that matched. */
  seek(pattern: readonly string[], start: number, eof: boolean): SeekHit | null {
    if (pattern.length === 0) return { index: start, level: 'exact' };
    const n = this.lines.length;
    const m = pattern.length;
    if (m > n) return null;
    const from = eof ? Math.max(n - m, start) : start;
    if (from > n - m) return null;
    for (const level of FUZZ_LEVELS) {
      const index = this.first(level, pattern, from, n - m);
      if (index !== null) return { index, level };
    }
    return null;
  }

  private index(level: FuzzLevel): LevelIndex {
    let idx = this.levels.get(level);
    if (idx === undefined) {
      const key = KEY[level];
      const keys = level === 'exact' ? this.lines : this.lines.map(key);
      const at = new Map<string, number[]>();
      keys.forEach((k, i) => {
        const list = at.get(k);
        if (list === undefined) at.set(k, [i]);
        else list.push(i);
      });
      idx = { keys, at };
      this.levels.set(level, idx);
    }
    return idx;
  }

  /** First i in [from, last] where the pattern's keys equal the lines' keys at this level. */
  private first(level: FuzzLevel, pattern: readonly string[], from: number, last: number): number | null {
    const { keys, at } = this.index(level);
    const key = KEY[level];
    const want = pattern.map(key);
    let anchor = 0;
    let anchorList: number[] | undefined;
    for (let j = 0; j < want.length; j++) {
      const list = at.get(want[j]!);
      if (list === undefined) return null;
      if (anchorList === undefined || list.length < anchorList.length) {
        anchorList = list;
        anchor = j;
      }
    }
    const list = anchorList!;
    for (let q = lowerBound(list, from + anchor); q < list.length; q++) {
      const i = list[q]! - anchor;
      if (i > last) return null;
      let ok = true;
      for (let j = 0; j < want.length && ok; j++) ok = keys[i + j] === want[j];
      if (ok) return i;
    }
    return null;
  }
}

function lowerBound(a: readonly number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
