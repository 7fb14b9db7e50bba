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

import { countNewlines } from '../../lines';
import { occursAt } from '../../occurrences';
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
  /** Where line `index` starts in the text, when the hit was found in it (an exact match). */
  offset?: number;
}

interface LevelIndex {
  keys: readonly string[];
  at: Map<string, number[]>;
}

/** The lines of one file content, searchable at every fuzz level. */
export class LineMatcher {
  private readonly levels = new Map<FuzzLevel, LevelIndex>();
  private split: readonly string[] | null;
  /** The content itself, when built from it: exact matches are then found in it, never in lines. */
  private text: string | null = null;
  /** Lines, counted when first needed (an exact chunk found in the text needs no count). */
  private count: number | null;
  /** A line start the text search knows: the next line's is found from it. */
  private cursor = { line: 0, offset: 0 };

  constructor(lines: readonly string[]) {
    this.split = lines;
    this.count = lines.length;
  }

  /**
   * The matcher of a content as codex splits it (at `\n`, no empty line after a final `\n`). Its
   * lines are split only when a looser level than exact is tried: an exact chunk is found by
   * walking the text's lines from where the previous chunk ended, so a patch that matches exactly
   * never copies the file into lines or indexes them.
   */
  static ofText(text: string): LineMatcher {
    const m = new LineMatcher([]);
    m.split = null;
    m.text = text;
    m.count = null;
    return m;
  }

  get lineCount(): number {
    if (this.count === null) {
      const text = this.text!;
      this.count = text === '' ? 0 : countNewlines(text) + (text.endsWith('\n') ? 0 : 1);
    }
    return this.count;
  }

  get lines(): readonly string[] {
    if (this.split === null) {
      const lines = this.text!.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      this.split = lines;
    }
    return this.split;
  }

  /** codex's `seek_sequence(lines, pattern, start, eof)`, with the level that matched. */
  seek(pattern: readonly string[], start: number, eof: boolean): SeekHit | null {
    if (pattern.length === 0) return { index: start, level: 'exact' };
    const inText = this.text !== null;
    // Most chunks match exactly where the search starts: found without counting the file's lines.
    if (inText && !eof) {
      const hit = this.firstInText(pattern, start);
      if (hit !== null) return hit;
    }
    const n = this.lineCount;
    const m = pattern.length;
    if (m > n) return null;
    const from = eof ? Math.max(n - m, start) : start;
    if (from > n - m) return null;
    for (const level of FUZZ_LEVELS) {
      if (level === 'exact' && inText && !eof) continue;
      if (level === 'exact' && inText) {
        const hit = this.firstInText(pattern, from);
        if (hit !== null) return hit;
        continue;
      }
      const index = this.first(level, pattern, from, n - m);
      if (index !== null) return { index, level };
    }
    return null;
  }

  /**
   * First line i at or after `from` where the pattern's lines are the text's lines exactly, and
   * every one of them a line of the file: a pattern whose last line is empty can match only in
   * front of a final `\n`, where codex's lines have no empty line. The text's lines are walked
   * from `from`, one line-break search each, and compared with the pattern's longest line (its
   * anchor, `a` lines into the pattern) by length and first character before any comparison of
   * text; where the anchor matches, the pattern is compared around it in place (its lines hold no
   * `\n`), never joined into a new string. A hit is the first position codex's scan finds.
   */
  private firstInText(pattern: readonly string[], from: number): SeekHit | null {
    let a = 0;
    for (let j = 1; j < pattern.length; j++) if (pattern[j]!.length > pattern[a]!.length) a = j;
    const text = this.text!;
    const anchor = pattern[a]!;
    const anchorLength = anchor.length;
    const c0 = anchorLength === 0 ? -1 : anchor.charCodeAt(0);
    let pos = this.offsetOfLine(from);
    if (pos === -1) return null;
    for (let line = from; ; line++) {
      const nl = text.indexOf('\n', pos);
      if ((nl === -1 ? text.length : nl) - pos === anchorLength && line - a >= from && (c0 === -1 || (text.charCodeAt(pos) === c0 && occursAt(text, anchor, pos)))) {
        let s = pos;
        for (let k = 0; k < a; k++) for (s--; s > 0 && text.charCodeAt(s - 1) !== 10; ) s--;
        if (occursAt(text, pattern[0]!, s) && this.restMatches(pattern, s, pattern[0]!.length)) {
          this.cursor = { line: line - a, offset: s };
          return { index: line - a, level: 'exact', offset: s };
        }
      }
      if (nl === -1) return null;
      pos = nl + 1;
    }
  }

  /**
   * Whether the pattern's lines after the first follow its first line (at `start`, `firstLength`
   * long), the last one ending at a line break or at the end of the text, and starting before
   * that end: a line starting at text.length is past the file's last line.
   */
  private restMatches(pattern: readonly string[], start: number, firstLength: number): boolean {
    const text = this.text!;
    let lineStart = start;
    let at = start + firstLength;
    for (let j = 1; j < pattern.length; j++) {
      if (text.charCodeAt(at) !== 10) return false;
      lineStart = at + 1;
      const next = pattern[j]!;
      if (!occursAt(text, next, lineStart)) return false;
      at = lineStart + next.length;
    }
    return lineStart < text.length && (at === text.length || text.charCodeAt(at) === 10);
  }

  /** Offset of the start of line `line` (text.length right after a final `\n`), or -1 past that. */
  private offsetOfLine(line: number): number {
    const text = this.text!;
    if (line < this.cursor.line) this.cursor = { line: 0, offset: 0 };
    const c = this.cursor;
    while (c.line < line) {
      const nl = text.indexOf('\n', c.offset);
      if (nl === -1) return -1;
      c.offset = nl + 1;
      c.line++;
    }
    return c.offset;
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
