// More of Python's `str` than python-text.ts needs: `strip()` and `splitlines()`, whose notions of
// whitespace and of a line boundary are wider than JavaScript's and the same in every CPython 3.

/** Characters `str.isspace()` holds for (what `str.strip()` with no argument removes). */
const PY_SPACE = '\t\n\u000b\u000c\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

const isPySpace = (ch: string): boolean => PY_SPACE.includes(ch);

/** `s.strip()`. */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isPySpace(s[a]!)) a++;
  while (b > a && isPySpace(s[b - 1]!)) b--;
  return s.slice(a, b);
}

/** Line boundaries of `str.splitlines()`, besides `\r\n` (taken as one). */
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029]/g;

/** `s.splitlines()`: no empty last item for a text that ends with a line break. */
export function pySplitlines(s: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const m of s.matchAll(LINE_BREAK)) {
    out.push(s.slice(at, m.index));
    at = m.index + m[0].length;
  }
  if (at < s.length) out.push(s.slice(at));
  return out;
}

/** Whether `splitlines()` sees more boundaries in `s` than its `\n`s. */
export function hasOtherLineBreaks(s: string): boolean {
  return /[\r\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029]/.test(s);
}

