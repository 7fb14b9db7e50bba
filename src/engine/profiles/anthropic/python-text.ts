// Python's `str` semantics that the reference relies on, on JavaScript strings. Python indexes
// strings by code point, JavaScript by UTF-16 unit: where the two differ (a character outside the
// BMP is one code point but two units) these functions count as Python does. Every one is linear.

import type { Replacement } from '../../types';

const SURROGATE = /[\uD800-\uDFFF]/;
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TAB_SIZE = 8;

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** Code points in s[from, to) (a lone surrogate counts as one, as in Python). */
export function codePoints(s: string, from = 0, to = s.length): number {
  let n = to - from;
  for (let i = from + 1; i < to; i++) if (isLow(s.charCodeAt(i)) && isHigh(s.charCodeAt(i - 1))) n--;
  return n;
}

/** The UTF-16 index of code point `cp` (or s.length). */
function unitIndexOfCodePoint(s: string, cp: number): number {
  if (!SURROGATE.test(s)) return Math.min(cp, s.length);
  let i = 0;
  for (let k = 0; k < cp && i < s.length; k++) i += isHigh(s.charCodeAt(i)) && isLow(s.charCodeAt(i + 1)) ? 2 : 1;
  return i;
}

/** `s[:n]` in code points, and whether anything was cut. */
export function headCodePoints(s: string, n: number): { head: string; cut: boolean } {
  // n code points never take more than 2n units, and at least n: most strings are decided here.
  if (s.length <= n) return { head: s, cut: false };
  const end = unitIndexOfCodePoint(s, n);
  return end >= s.length ? { head: s, cut: false } : { head: s.slice(0, end), cut: true };
}

export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

/** A tab run [start, end) of the text and the spaces that stand in for it, on 1-based `line`. */
export interface TabRun extends Replacement {
  line: number;
}

export interface ExpandedTabs {
  text: string;
  /** Runs of consecutive tabs, in order (empty when the text has no tab). */
  runs: TabRun[];
  tabs: number;
  /** Lines holding at least one tab. */
  lines: number;
}

/**
 * `str.expandtabs()`: each tab becomes spaces up to the next multiple of 8 columns; the column
 * counts code points and restarts after `\n` and `\r` (and only those). Line numbers in `runs`
 * count `\n` only, as the LF view does.
 */
export function expandTabs(s: string): ExpandedTabs {
  let i = s.indexOf('\t');
  if (i === -1) return { text: s, runs: [], tabs: 0, lines: 0 };
  const astral = SURROGATE.test(s);
  const width = (a: number, b: number): number => (astral ? codePoints(s, a, b) : b - a);
  const parts: string[] = [];
  const runs: TabRun[] = [];
  let from = 0;
  let col = 0;
  let line = 1;
  let tabs = 0;
  let lines = 0;
  let lastLine = 0;
  // The next `\n` and `\r` at or after `from`: each is passed once, so the whole walk is linear.
  let nl = s.indexOf('\n');
  let cr = s.indexOf('\r');
  while (i !== -1) {
    let lineStart = -1;
    while (nl !== -1 && nl < i) {
      lineStart = Math.max(lineStart, nl + 1);
      line++;
      nl = s.indexOf('\n', nl + 1);
    }
    while (cr !== -1 && cr < i) {
      lineStart = Math.max(lineStart, cr + 1);
      cr = s.indexOf('\r', cr + 1);
    }
    col = lineStart === -1 ? col + width(from, i) : width(lineStart, i);
    let j = i;
    let spaces = 0;
    while (s.charCodeAt(j) === 9) {
      const w = TAB_SIZE - (col % TAB_SIZE);
      col += w;
      spaces += w;
      j++;
    }
    const text = ' '.repeat(spaces);
    parts.push(s.slice(from, i), text);
    runs.push({ start: i, end: j, text, line });
    tabs += j - i;
    if (line !== lastLine) {
      lines++;
      lastLine = line;
    }
    from = j;
    i = s.indexOf('\t', j);
  }
  parts.push(s.slice(from));
  return { text: parts.join(''), runs, tabs, lines };
}

/**
 * `haystack.count(needle)` (non-overlapping) capped at 2: all the reference asks is none, one or
 * several. An empty needle occurs len + 1 times. A needle with a lone surrogate never matches a
 * decoded file, whose text has none (Python keeps surrogates as code points of their own).
 */
export function countUpTo2(haystack: string, needle: string): 0 | 1 | 2 {
  if (needle === '') return haystack === '' ? 1 : 2;
  if (hasLoneSurrogate(needle)) return 0;
  const first = haystack.indexOf(needle);
  if (first === -1) return 0;
  return haystack.indexOf(needle, first + needle.length) === -1 ? 1 : 2;
}

/**
 * 1-based numbers of the lines (split on `\n`) that contain `needle`, as the reference lists
 * them: a needle spanning lines is in no single line; an empty one is in every line.
 */
export function linesContaining(text: string, needle: string): number[] {
  const out: number[] = [];
  if (needle.includes('\n')) return out;
  if (needle === '') {
    const n = countChar(text, '\n') + 1;
    for (let k = 1; k <= n; k++) out.push(k);
    return out;
  }
  let line = 1;
  let counted = 0;
  for (let at = text.indexOf(needle); at !== -1; ) {
    line += countChar(text, '\n', counted, at);
    out.push(line);
    const eol = text.indexOf('\n', at);
    if (eol === -1) break;
    line++;
    counted = eol + 1;
    at = text.indexOf(needle, counted);
  }
  return out;
}

/** Occurrences of a one-character string in s[from, to). */
export function countChar(s: string, ch: string, from = 0, to = s.length): number {
  let n = 0;
  for (let i = s.indexOf(ch, from); i !== -1 && i < to; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** `str(x)` of an int or bool as the reference formats it (`True`, `10`). */
export function pyScalar(x: number | boolean): string {
  if (typeof x === 'boolean') return x ? 'True' : 'False';
  return Number.isSafeInteger(x) ? String(x) : BigInt(x).toString();
}

/** `str(list)` of ints and bools: `[1, 10]`. */
export function pyList(xs: readonly (number | boolean)[]): string {
  return `[${xs.map(pyScalar).join(', ')}]`;
}

/** Python's `repr(str)`: quotes chosen as Python chooses them, escapes for the unprintable. */
export function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${hex(c, 2)}`;
    else if (c >= 0x80 && !isPrintable(ch)) out += c < 0x100 ? `\\x${hex(c, 2)}` : c < 0x10000 ? `\\u${hex(c, 4)}` : `\\U${hex(c, 8)}`;
    else out += ch;
  }
  return out + quote;
}

const hex = (c: number, width: number): string => c.toString(16).padStart(width, '0');

// Python's str.isprintable: not in categories Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs (except space).
const UNPRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
function isPrintable(ch: string): boolean {
  return !UNPRINTABLE.test(ch);
}
