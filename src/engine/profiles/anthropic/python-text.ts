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
  /** Runs of consecutive tabs, in order (empty when the text has no tab); listed when first read. */
  readonly runs: TabRun[];
  tabs: number;
  /** Lines holding at least one tab. */
  lines: number;
}

/** `' '.repeat(n)` for the widths tab runs usually have. */
const SPACES: string[] = Array.from({ length: 65 }, (_, n) => ' '.repeat(n));
const spaces = (n: number): string => SPACES[n] ?? ' '.repeat(n);

/**
 * Every run of tabs of `s` (which has one at `i`), left to right: its span, the spaces standing
 * in for it, and its 1-based line (counting `\n` only). Columns count code points and restart
 * after `\n` and `\r`.
 */
function eachTabRun(s: string, i: number, onRun: (start: number, end: number, spaces: number, line: number) => void): void {
  const astral = SURROGATE.test(s);
  const width = (a: number, b: number): number => (astral ? codePoints(s, a, b) : b - a);
  let from = 0;
  let col = 0;
  let line = 1;
  // The next `\n` and `\r` at or after `from`: each is passed once, so the whole walk is linear.
  let nl = s.indexOf('\n');
  let cr = s.indexOf('\r');
  while (i !== -1) {
    let lineStart = -1;
    while (nl !== -1 && nl < i) {
      lineStart = nl + 1;
      line++;
      nl = s.indexOf('\n', nl + 1);
    }
    while (cr !== -1 && cr < i) {
      lineStart = Math.max(lineStart, cr + 1);
      cr = s.indexOf('\r', cr + 1);
    }
    col = lineStart === -1 ? col + width(from, i) : width(lineStart, i);
    let j = i;
    let n = 0;
    while (s.charCodeAt(j) === 9) {
      const w = TAB_SIZE - (col % TAB_SIZE);
      col += w;
      n += w;
      j++;
    }
    onRun(i, j, n, line);
    from = j;
    i = s.indexOf('\t', j);
  }
}

/**
 * `str.expandtabs()`: each tab becomes spaces up to the next multiple of 8 columns; the column
 * counts code points and restarts after `\n` and `\r` (and only those). Line numbers in `runs`
 * count `\n` only, as the LF view does. The runs are listed only when read (the stepper and the
 * diff ask for them; a run of the tool needs the text and the counts).
 */
export function expandTabs(s: string): ExpandedTabs {
  const first = s.indexOf('\t');
  if (first === -1) return { text: s, runs: [], tabs: 0, lines: 0 };
  const leading = leadingTabsOnly(s, first);
  if (leading !== null) return leading;
  const parts: string[] = [];
  let from = 0;
  let tabs = 0;
  let lines = 0;
  let lastLine = 0;
  eachTabRun(s, first, (start, end, n, line) => {
    parts.push(s.slice(from, start), spaces(n));
    from = end;
    tabs += end - start;
    if (line !== lastLine) {
      lines++;
      lastLine = line;
    }
  });
  parts.push(s.slice(from));
  return expansion(s, first, parts.join(''), tabs, lines);
}

/** The expansion of `s` (first tab at `first`), its runs listed when first read. */
function expansion(s: string, first: number, text: string, tabs: number, lines: number): ExpandedTabs {
  let runs: TabRun[] | undefined;
  return {
    text,
    get runs(): TabRun[] {
      if (runs === undefined) {
        const list: TabRun[] = [];
        eachTabRun(s, first, (start, end, n, line) => void list.push({ start, end, text: spaces(n), line }));
        runs = list;
      }
      return runs;
    },
    tabs,
    lines,
  };
}

/**
 * expandTabs of a text whose every tab is in a run that starts a line (indentation, as in Go or a
 * Makefile), or null when one does not: each such tab is 8 columns, so every tab becomes 8 spaces
 * in one native replace. The runs are found by the general walk when read.
 */
function leadingTabsOnly(s: string, first: number): ExpandedTabs | null {
  // A tab right after a character other than a tab or a line break starts a run inside a line.
  if (/[^\t\n\r]\t/.test(s)) return null;
  const text = s.replaceAll('\t', SPACES[TAB_SIZE]!);
  let lines = 0;
  for (let i = first; i !== -1; ) {
    lines++;
    const eol = s.indexOf('\n', i);
    if (eol === -1) break;
    i = s.indexOf('\t', eol);
  }
  return expansion(s, first, text, (text.length - s.length) / (TAB_SIZE - 1), lines);
}

/**
 * `haystack.count(needle)` (non-overlapping) capped at 2: all the reference asks is none, one or
 * several. An empty needle occurs len + 1 times. A needle with a lone surrogate never matches a
 * decoded file, whose text has none (Python keeps surrogates as code points of their own).
 */
export function countUpTo2(haystack: string, needle: string): 0 | 1 | 2 {
  return findUpTo2(haystack, needle).count;
}

/** countUpTo2, and where the first occurrence starts (-1 when there is none, 0 for an empty needle). */
export function findUpTo2(haystack: string, needle: string): { count: 0 | 1 | 2; first: number } {
  if (needle === '') return { count: haystack === '' ? 1 : 2, first: 0 };
  if (hasLoneSurrogate(needle)) return { count: 0, first: -1 };
  const first = haystack.indexOf(needle);
  if (first === -1) return { count: 0, first };
  return { count: haystack.indexOf(needle, first + needle.length) === -1 ? 1 : 2, first };
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
