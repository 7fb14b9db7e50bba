// What Python's `Path.read_text()` and `Path.write_text()` do in the reference's container
// (CPython 3.11, UTF-8 locale): the whole file decoded strictly as UTF-8 (a BOM stays a U+FEFF
// character, NUL is an ordinary character), universal newlines on read, the text written as is.
// Their failures are reproduced with CPython's own message texts.

import { decodeUtf8 } from '../../text';
import { codePoints, LONE_SURROGATE, pyRepr } from './python-text';

export type PyDecoded = { ok: true; text: string } | { ok: false; message: string };

/** `bytes.decode('utf-8')`, failing with the UnicodeDecodeError text CPython gives. */
export function pyDecodeUtf8(bytes: Uint8Array): PyDecoded {
  try {
    // Python's utf-8 codec keeps the BOM as a character; so does decodeUtf8.
    return { ok: true, text: decodeUtf8(bytes) };
  } catch {
    return { ok: false, message: decodeErrorMessage(bytes) };
  }
}

const isCont = (b: number | undefined): boolean => b !== undefined && (b & 0xc0) === 0x80;

/**
 * The first error as CPython's UTF-8 decoder classifies it: an invalid start byte (1 byte), an
 * invalid continuation byte (the bytes before it), or, with the input ending inside a sequence
 * that was valid so far, unexpected end of data (the rest of the input).
 */
function decodeErrorMessage(b: Uint8Array): string {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c < 0xc2) return pyDecodeError(b, i, i + 1, 'invalid start byte');
    if (c < 0xe0) need = 1;
    else if (c < 0xf0) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c < 0xf5) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return pyDecodeError(b, i, i + 1, 'invalid start byte');
    for (let k = 1; k <= need; k++) {
      const x = b[i + k];
      if (x === undefined) return pyDecodeError(b, i, n, 'unexpected end of data');
      const ok = k === 1 ? x >= lo && x <= hi : isCont(x);
      if (!ok) return pyDecodeError(b, i, i + k, 'invalid continuation byte');
    }
    i += need + 1;
  }
  // TextDecoder refused what this walk accepts: cannot happen for UTF-8, but never answer nothing.
  return "'utf-8' codec can't decode bytes: invalid data";
}

function pyDecodeError(bytes: Uint8Array, start: number, end: number, reason: string): string {
  if (end - start === 1) return `'utf-8' codec can't decode byte 0x${bytes[start]!.toString(16).padStart(2, '0')} in position ${start}: ${reason}`;
  return `'utf-8' codec can't decode bytes in position ${start}-${end - 1}: ${reason}`;
}

/** Universal newlines: `\r\n` and a lone `\r` both read as `\n`. */
export function universalNewlines(s: string): string {
  return s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s;
}

/**
 * The UnicodeEncodeError `str.encode('utf-8')` raises for `text`, or null. Only lone surrogates
 * fail; CPython reports the first run of consecutive ones, at code point positions.
 * `offset` is the code point position of `text` within the string being written, or a function
 * giving it: counting code points up to the middle of a 5 MB file is paid only for an error.
 */
export function pyEncodeError(text: string, offset: number | (() => number) = 0): string | null {
  const m = LONE_SURROGATE.exec(text);
  if (m === null) return null;
  const start = m.index;
  let end = start + 1;
  // A run: following units that are surrogates and not the start of a proper pair.
  while (end < text.length) {
    const c = text.charCodeAt(end);
    const pair = c >= 0xd800 && c <= 0xdbff && end + 1 < text.length && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    if (c < 0xd800 || c > 0xdfff || pair) break;
    end++;
  }
  const at = (typeof offset === 'number' ? offset : offset()) + codePoints(text, 0, start);
  if (end - start === 1) return `'utf-8' codec can't encode character ${pyRepr(text[start]!)} in position ${at}: surrogates not allowed`;
  return `'utf-8' codec can't encode characters in position ${at}-${at + end - start - 1}: surrogates not allowed`;
}

/** `str(OSError)` for an `open()` of `path` (the path as the reference passed it). */
export function pyOsError(errno: 2 | 13 | 20 | 21, path: string): string {
  const text = { 2: 'No such file or directory', 13: 'Permission denied', 20: 'Not a directory', 21: 'Is a directory' }[errno];
  return `[Errno ${errno}] ${text}: ${pyRepr(path)}`;
}
