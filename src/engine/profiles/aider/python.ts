// The parts of Python's `str` and `re` that aider's edit code leans on, with Python's own notions
// of whitespace and of a line boundary (wider than JavaScript's), so that a reply is cut into
// lines and stripped exactly as aider (CPython 3) does it.

/** Characters `str.isspace()` holds for, which `str.strip()`, `re`'s `\s` and `str.split()` use. */
export const PY_SPACE_CLASS = '\\t\\n\\u000b\\u000c\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPACE = new RegExp(`[${PY_SPACE_CLASS}]`);

export const isPySpace = (ch: string): boolean => SPACE.test(ch);

/** `s.strip(chars)`; without `chars`, Python whitespace. */
export function pyStrip(s: string, chars?: string): string {
  return pyRstrip(pyLstrip(s, chars), chars);
}

export function pyLstrip(s: string, chars?: string): string {
  const drop = chars === undefined ? isPySpace : (ch: string) => chars.includes(ch);
  let a = 0;
  while (a < s.length && drop(s[a]!)) a++;
  return s.slice(a);
}

export function pyRstrip(s: string, chars?: string): string {
  const drop = chars === undefined ? isPySpace : (ch: string) => chars.includes(ch);
  let b = s.length;
  while (b > 0 && drop(s[b - 1]!)) b--;
  return s.slice(0, b);
}

/** Line boundaries of `str.splitlines()` (`\r\n` is one). */
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029]/g;

/** `s.splitlines(keepends=True)`. */
export function splitKeep(s: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const m of s.matchAll(LINE_BREAK)) {
    out.push(s.slice(at, m.index + m[0].length));
    at = m.index + m[0].length;
  }
  if (at < s.length) out.push(s.slice(at));
  return out;
}

/** `s.splitlines()`. */
export function splitLines(s: string): string[] {
  return splitKeep(s).map((l) => l.replace(/(?:\r\n|[\n\r\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029])$/, ''));
}

/** `s.split()`: runs of whitespace separate words, none empty. */
export function pySplit(s: string): string[] {
  return s.split(new RegExp(`[${PY_SPACE_CLASS}]+`)).filter((w) => w !== '');
}

/** Python's `s[:k]` for a negative or positive k (code units stand for code points: see callers). */
export function sliceTo(s: string, k: number): string {
  return k >= 0 ? s.slice(0, k) : s.slice(0, Math.max(0, s.length + k));
}

/** `haystack.count(needle)` capped at 2 (non-overlapping); `needle` non-empty. */
export function countUpTo2(haystack: string, needle: string): 0 | 1 | 2 {
  const first = haystack.indexOf(needle);
  if (first === -1) return 0;
  return haystack.indexOf(needle, first + needle.length) === -1 ? 1 : 2;
}

/** `haystack.count(needle)` (non-overlapping; an empty needle counts the len+1 gaps in code points). */
export function pyCount(haystack: string, needle: string): number {
  if (needle === '') return [...haystack].length + 1;
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** `s.replace(old, new)` for a non-empty `old`: every non-overlapping occurrence, left to right. */
export function pyReplaceAll(s: string, old: string, replacement: string): string {
  return s.split(old).join(replacement);
}

/** Python's ordering of str values: by code point (JavaScript compares UTF-16 code units). */
export function comparePy(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** An exception aider does not catch itself: `apply_updates` turns it into the reply (`str(err)`). */
export class PyError extends Error {
  constructor(
    readonly pyClass: string,
    message: string,
  ) {
    super(message);
  }
}

export const indexError = (): PyError => new PyError('IndexError', 'list index out of range');

/** `pathlib.PurePosixPath(p).name`. */
export function pathName(p: string): string {
  const parts = p.split('/').filter((s) => s !== '' && s !== '.');
  return parts[parts.length - 1] ?? '';
}
