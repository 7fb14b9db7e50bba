// The "Here is the updated code:" part of Gemini CLI's success text (getDiffContextSnippet): the
// written text's lines around each change, 5 of context, runs joined, `...` where lines are left
// out. Changes come from jsdiff's diffLines of the content as read (LF) against the text written
// (CRLF again for a CRLF file), so for a CRLF file every line counts as changed.

import { diffLines } from 'diff';

const CONTEXT = 5;

/** jsdiff's line tokens: each line with its `\n` or `\r\n`; no empty token after a final break. */
function tokens(text: string): string[] {
  const parts = text.split(/(\n|\r\n)/);
  if (!parts[parts.length - 1]) parts.pop();
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 1) out[out.length - 1] += parts[i]!;
    else out.push(parts[i]!);
  }
  return out;
}

interface Span {
  start: number;
  end: number;
}

/**
 * Changed spans in the new text's line numbers (0-based): an added run, or the point where a
 * removed run was. When no line between the common head and tail occurs anywhere on the other
 * side, the diff is that one block (removed, then added); this is what a CRLF file always gives,
 * and it spares Myers its worst case. Otherwise jsdiff decides.
 *
 * Linear in the texts: the common head and tail are found by comparing characters, and only the
 * lines between them are split into tokens.
 */
export function changedSpans(original: string, written: string): Span[] {
  const { head, oldMid, newMid } = middle(original, written);
  const small = oldMid.length + newMid.length <= SMALL_MIDDLE;
  const inA = small ? (t: string) => hasToken(original, t) : setOf(tokens(original));
  const inB = small ? (t: string) => hasToken(written, t) : setOf(tokens(written));
  if (!oldMid.some(inB) && !newMid.some(inA)) {
    const spans: Span[] = [];
    if (oldMid.length > 0) spans.push({ start: head, end: head });
    if (newMid.length > 0) spans.push({ start: head, end: head + newMid.length });
    return spans;
  }
  return jsdiffSpans(original, written);
}

/** Up to this many middle lines are looked up by search; more, through sets of every line. */
const SMALL_MIDDLE = 64;

function setOf(items: readonly string[]): (t: string) => boolean {
  const set = new Set(items);
  return (t) => set.has(t);
}

/** Whether `token` is one of `text`'s line tokens: it starts a line, and ends one or the text. */
function hasToken(text: string, token: string): boolean {
  const whole = token.endsWith('\n');
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    if ((at === 0 || text.charCodeAt(at - 1) === 10) && (whole || at + token.length === text.length)) return true;
  }
  return false;
}

/**
 * The number of equal leading line tokens, and the unequal tokens between the common head and
 * tail on each side (jsdiff's tokens: a line with its `\n` or `\r\n`).
 */
function middle(a: string, b: string): { head: number; oldMid: string[]; newMid: string[] } {
  const min = Math.min(a.length, b.length);
  const p = commonPrefix(a, b, min);
  // The tokens wholly before p are the equal head: those before the start of p's line.
  let headEnd = p;
  while (headEnd > 0 && a.charCodeAt(headEnd - 1) !== 10) headEnd--;
  let head = 0;
  for (let i = a.indexOf('\n'); i !== -1 && i < headEnd; i = a.indexOf('\n', i + 1)) head++;
  // The common suffix, short of the head's lines; its equal tokens start at a line start in both.
  const s = commonSuffix(a, b, min - headEnd);
  const lineStart = (text: string, at: number): boolean => at === 0 || text.charCodeAt(at - 1) === 10;
  let q = a.length - s;
  if (q < a.length && !(lineStart(a, q) && lineStart(b, b.length - s))) {
    q++;
    while (q < a.length && !lineStart(a, q)) q++;
  }
  const tail = a.length - q;
  return { head, oldMid: tokens(a.slice(headEnd, a.length - tail)), newMid: tokens(b.slice(headEnd, b.length - tail)) };
}

/** Chunks compared whole before characters one by one: a string compare is a memory compare. */
const FIRST_CHUNK = 256;
const MAX_CHUNK = 1 << 20;

/** Length of the common prefix of a and b (at most `limit`). */
function commonPrefix(a: string, b: string, limit: number): number {
  let p = 0;
  for (let step = FIRST_CHUNK; p < limit; step = Math.min(2 * step, MAX_CHUNK)) {
    const n = Math.min(step, limit - p);
    if (!a.startsWith(b.slice(p, p + n), p)) break;
    p += n;
  }
  while (p < limit && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/** Length of the common suffix of a and b (at most `limit`). */
function commonSuffix(a: string, b: string, limit: number): number {
  let s = 0;
  for (let step = FIRST_CHUNK; s < limit; step = Math.min(2 * step, MAX_CHUNK)) {
    const n = Math.min(step, limit - s);
    if (!a.endsWith(b.slice(b.length - s - n, b.length - s), a.length - s)) break;
    s += n;
  }
  while (s < limit && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return s;
}

export function jsdiffSpans(original: string, written: string): Span[] {
  const spans: Span[] = [];
  let at = 0;
  for (const change of diffLines(original, written)) {
    const count = change.count ?? 0;
    if (change.added) {
      spans.push({ start: at, end: at + count });
      at += count;
    } else if (change.removed) {
      spans.push({ start: at, end: at });
    } else {
      at += count;
    }
  }
  return spans;
}

export function updatedCodeSnippet(original: string, written: string): string {
  if (original === '') return written;
  const spans = changedSpans(original, written);
  if (spans.length === 0) return written;
  // The text's lines as `split(/\r?\n/)` gives them, read only around the spans.
  const lines = new WrittenLines(written);
  const widened = spans.map((s) => ({ start: Math.max(0, s.start - CONTEXT), end: Math.min(lines.count, s.end + CONTEXT) })).sort((x, y) => x.start - y.start);
  const merged: Span[] = [];
  for (const s of widened) {
    const last = merged[merged.length - 1];
    if (last !== undefined && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  const parts: string[] = [];
  let shownTo = 0;
  for (const s of merged) {
    if (s.start > shownTo) parts.push('...');
    parts.push(lines.joined(s.start, s.end));
    shownTo = s.end;
  }
  if (shownTo < lines.count) parts.push('...');
  return parts.join('\n');
}

/**
 * The lines of a text split at `\r?\n`, without splitting it: their count, and runs of them
 * joined with `\n`, read forward from the last line asked for (the spans come in order).
 */
class WrittenLines {
  readonly count: number;
  private line = 0;
  private offset = 0;

  constructor(private readonly text: string) {
    let n = 1;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
    this.count = n;
  }

  private startOf(k: number): number {
    if (k < this.line) {
      this.line = 0;
      this.offset = 0;
    }
    while (this.line < k) {
      this.offset = this.text.indexOf('\n', this.offset) + 1;
      this.line++;
    }
    return this.offset;
  }

  /** Lines [start, end) joined with `\n` (`end` > `start`). */
  joined(start: number, end: number): string {
    const from = this.startOf(start);
    const last = this.startOf(end - 1);
    const nl = this.text.indexOf('\n', last);
    const to = nl === -1 ? this.text.length : nl > 0 && this.text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const run = this.text.slice(from, to);
    return run.includes('\r\n') ? run.replaceAll('\r\n', '\n') : run;
  }
}
