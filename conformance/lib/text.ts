// Seeded file texts and strings with the features edit tools get wrong: CRLF, mixed endings, a lone
// CR, U+2028/U+2029, tabs, a BOM, non-ASCII (accents, combining marks, astral characters,
// no-break spaces), repeated lines, trailing spaces, no final newline, empty files.

import type { Rng } from './rng';

export const TOKENS = [
  'foo', 'bar', 'baz', 'qux', 'x = 1;', 'return x;', 'if (a) {', '}', '{', 'const y = [1, 2];', 'a: b', 'f(x, y)',
  'renx;', 'zz', 'é', 'naïve', 'e\u0301', '日本', '\u{1F600}', 'ß', '$&', "$'", '$1', '// note', '<a>', 'a=b',
  'x\u00a0y', 'def g():', 'pass', 'end', '...', 'i++', '"s"', "'t'", '\\n',
] as const;

const INDENTS = ['', '', '', '  ', '    ', '\t', '\t\t', '  \t', ' '] as const;

/** Line breaks of other conventions and unusual whitespace: CR, LS, PS, NEL, VT, FF, NBSP, ZWNBSP. */
export const ODD = ['\r', '\u2028', '\u2029', '\u0085', '\v', '\f', '\u00a0', '\ufeff'] as const;

export type SepMode = 'lf' | 'crlf' | 'mixed' | 'exotic';

export interface Doc {
  /** Line bodies (indentation included, no separator). */
  lines: string[];
  /** The separator after each line; the last one may be '' (no final line break). */
  seps: string[];
  bom: boolean;
  mode: SepMode;
}

export function line(rng: Rng): string {
  const n = rng.int(1, 4);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(rng.pick(TOKENS));
  let text = rng.pick(INDENTS) + words.join(rng.chance(0.85) ? ' ' : rng.pick(['', '  ', '\t']));
  if (rng.chance(0.1)) text += rng.pick([' ', '  ', '\t']);
  if (rng.chance(0.04)) text = rng.pick(['', '   ', '\t']);
  if (rng.chance(0.05)) {
    // A character some tools take for a line break or whitespace, inside the line.
    const chars = [...text];
    chars.splice(rng.int(0, chars.length), 0, rng.pick(ODD));
    text = chars.join('');
  }
  return text;
}

export function doc(rng: Rng, maxLines = 10): Doc {
  const mode = rng.weighted<SepMode>([
    [55, 'lf'],
    [15, 'crlf'],
    [12, 'mixed'],
    [18, 'exotic'],
  ]);
  const count = rng.chance(0.04) ? 0 : rng.int(1, maxLines);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(i > 0 && rng.chance(0.2) ? lines[rng.int(0, i - 1)]! : line(rng));
  const seps = lines.map(() => sep(rng, mode));
  if (seps.length > 0 && rng.chance(0.2)) seps[seps.length - 1] = '';
  return { lines, seps, bom: rng.chance(0.06), mode };
}

function sep(rng: Rng, mode: SepMode): string {
  switch (mode) {
    case 'lf':
      return '\n';
    case 'crlf':
      return '\r\n';
    case 'mixed':
      return rng.chance(0.5) ? '\r\n' : '\n';
    case 'exotic':
      return rng.weighted([
        [68, '\n'],
        [10, '\r'],
        [8, '\u2028'],
        [5, '\u2029'],
        [7, '\r\n'],
        [2, '\r\r\n'],
      ]);
  }
}

export const docText = (d: Doc): string => (d.bom ? '\uFEFF' : '') + d.lines.map((l, i) => l + d.seps[i]).join('');

const encoder = new TextEncoder();
export const utf8 = (s: string): Uint8Array => encoder.encode(s);

/** Text, or now and then the text's bytes with an invalid UTF-8 byte put in. */
export function docBytes(rng: Rng, text: string, invalid = 0.03): Uint8Array {
  const bytes = utf8(text);
  if (bytes.length === 0 || !rng.chance(invalid)) return bytes;
  const at = rng.int(0, bytes.length);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes.subarray(0, at));
  out[at] = rng.pick([0xff, 0xc3, 0x80]);
  out.set(bytes.subarray(at), at + 1);
  return out;
}

/** A whole-line slice of `lines` (1 to `max` lines), its start line and length. */
export function lineSlice(rng: Rng, count: number, max = 3): { start: number; n: number } {
  const n = Math.min(count, rng.int(1, max));
  return { start: rng.int(0, count - n), n };
}

/** One character changed, inserted or removed (a near miss). */
export function nearMiss(rng: Rng, s: string): string {
  const chars = [...s];
  if (chars.length === 0) return rng.pick(TOKENS);
  const at = rng.int(0, chars.length - 1);
  const other = rng.pick(['x', 'é', ' ', ';', 'Q', '\t', '0']);
  switch (rng.int(0, 2)) {
    case 0:
      chars[at] = other;
      break;
    case 1:
      chars.splice(at, 0, other);
      break;
    default:
      chars.splice(at, 1);
  }
  return chars.join('');
}

/** Differences in whitespace only: indentation changed, trailing blanks, tabs for spaces, spaces around delimiters. */
export function whitespaceOnly(rng: Rng, s: string): string {
  const lines = s.split('\n');
  return lines
    .map((l) => {
      switch (rng.int(0, 5)) {
        case 0:
          return l.trimStart();
        case 1:
          return rng.pick(['  ', '    ', '\t']) + l.trimStart();
        case 2:
          return `${l}  `;
        case 3:
          return l.replaceAll('\t', '    ');
        case 4:
          return l.replace(/\s*([()[\]{}:=<>])\s*/g, rng.chance(0.5) ? '$1' : ' $1 ');
        default:
          return l;
      }
    })
    .join('\n');
}

/** JSON-ish quoting that shows every separator and invisible character. */
export function show(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa1) || cp === 0x2028 || cp === 0x2029 || cp === 0xfeff || cp === 0x200b || cp === 0xfffd) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes shown as a quoted string when they are UTF-8, as hex otherwise. */
export function showBytes(b: Uint8Array | undefined): string {
  if (b === undefined) return '(no file)';
  try {
    return show(strictUtf8.decode(b));
  } catch {
    return `bytes ${Buffer.from(b).toString('hex')}`;
  }
}
