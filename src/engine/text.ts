// Text model (SPEC 2.1, 2.2): strict UTF-8, a recorded BOM, and a LF view for matching whose
// untouched line endings are written back byte for byte.

import type { TextShape } from './types';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A NUL byte in this many leading bytes marks a file as binary (SPEC 2.1). */
export const BINARY_SNIFF_BYTES = 8 * 1024;

const BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * A decoded text file. `view` is what matching, line numbers and diffs see (CRLF read as LF);
 * `crlfAt` lists the view offsets of the `\n`s that were `\r\n` on disk, so any view offset maps
 * back to the raw text and unchanged line endings survive exactly.
 */
export interface DecodedText {
  view: string;
  crlfAt: number[];
  shape: TextShape;
}

export type DecodeResult =
  | { ok: true; text: DecodedText }
  | { ok: false; reason: 'binary' | 'too-large'; size: number };

// fatal: never decode lossily; ignoreBOM: keep the BOM in the output so we can see and strip it
// ourselves (we detect it on the bytes instead, which is cheaper and exact).
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * What byte arrays this module encoded decode to (strictly, a BOM kept as U+FEFF): a session that
 * reads back the bytes a call before it staged (a replay's overlay) skips decoding 5 MB again.
 * Bytes are never mutated once written (profiles and workspaces treat them as read-only), and a
 * text with a lone surrogate, which encodes to U+FFFD, is never remembered.
 */
const decodedBytes = new WeakMap<Uint8Array, string>();
/** Bytes whose text a workspace can give cheaper than TextDecoder does, asked for when first needed. */
const decoders = new WeakMap<Uint8Array, () => string>();
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The strict decoding of `bytes` when it is known without decoding: bytes this module encoded, or
 * bytes a workspace read with a decoder of its own (rememberDecoder).
 */
function knownText(bytes: Uint8Array): string | undefined {
  const known = decodedBytes.get(bytes);
  if (known !== undefined) return known;
  const decode = decoders.get(bytes);
  if (decode === undefined) return undefined;
  const text = decode();
  decoders.delete(bytes);
  decodedBytes.set(bytes, text);
  return text;
}

/**
 * A workspace that read `bytes` and has a faster way to their text than TextDecoder (NodeFs: bytes
 * it found to be ASCII, which Node turns into a string natively) hands it over here; `decode` must
 * answer exactly what strict UTF-8 decoding would, and is called only if the text is needed.
 */
export function rememberDecoder(bytes: Uint8Array, decode: () => string): void {
  decoders.set(bytes, decode);
}

export function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
}

/** Decode file bytes per SPEC 2.1: binary and over-limit files are refused, never decoded. */
export function decodeFile(bytes: Uint8Array, maxBytes: number = MAX_FILE_BYTES): DecodeResult {
  if (bytes.length > maxBytes) return { ok: false, reason: 'too-large', size: bytes.length };
  const sniffEnd = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < sniffEnd; i++) {
    if (bytes[i] === 0) return { ok: false, reason: 'binary', size: bytes.length };
  }
  const bom = hasBom(bytes);
  let raw: string;
  try {
    const known = knownText(bytes);
    raw = known !== undefined ? (bom ? known.slice(1) : known) : strictDecoder.decode(bom ? bytes.subarray(3) : bytes);
  } catch {
    return { ok: false, reason: 'binary', size: bytes.length };
  }
  return { ok: true, text: fromRaw(raw, bom) };
}

/** Build the LF view of raw text, remembering where CRLFs were. */
export function fromRaw(raw: string, bom: boolean): DecodedText {
  const crlfAt: number[] = [];
  let lineBreaks = 0;
  let view = raw;
  if (raw.includes('\r\n')) {
    const parts: string[] = [];
    let from = 0;
    let removed = 0;
    for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) {
      lineBreaks++;
      if (i > 0 && raw.charCodeAt(i - 1) === 13) {
        parts.push(raw.slice(from, i - 1));
        from = i;
        removed++;
        crlfAt.push(i - removed);
      }
    }
    parts.push(raw.slice(from));
    view = parts.join('');
  }
  // Without a CRLF the ending is LF whatever the count of line breaks: they are not counted.
  // Dominant ending: CRLF only where most line breaks are CRLF; ties and empty files are LF.
  const eol = crlfAt.length * 2 > lineBreaks ? '\r\n' : '\n';
  return { view, crlfAt, shape: { bom, eol } };
}

/** Read a call's `old_string`/`new_string` in the LF view (SPEC 2.2). */
export function toLfView(s: string): string {
  return s.includes('\r\n') ? s.replaceAll('\r\n', '\n') : s;
}

/** The dominant ending of a string a user wrote (used for a created file, which has no ending yet). */
export function dominantEol(s: string): '\n' | '\r\n' {
  let crlf = 0;
  let all = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) {
    all++;
    if (i > 0 && s.charCodeAt(i - 1) === 13) crlf++;
  }
  return crlf * 2 > all ? '\r\n' : '\n';
}

/** Number of CRLF line breaks strictly before view offset `v` (binary search). */
function crlfBefore(crlfAt: number[], v: number): number {
  let lo = 0;
  let hi = crlfAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (crlfAt[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Map a view offset to the offset in the raw (on-disk, BOM-less) text. */
export function rawOffset(text: DecodedText, v: number): number {
  return v + crlfBefore(text.crlfAt, v);
}

/** The raw text of view span [start, end). */
export function rawSlice(text: DecodedText, start: number, end: number): string {
  const a = crlfBefore(text.crlfAt, start);
  const b = crlfBefore(text.crlfAt, end);
  const slice = text.view.slice(start, end);
  if (a === b) return slice;
  // Re-insert the CRs of the CRLFs inside the span.
  const parts: string[] = [];
  let from = start;
  for (let k = a; k < b; k++) {
    const nl = text.crlfAt[k]!;
    parts.push(text.view.slice(from, nl), '\r');
    from = nl;
  }
  parts.push(text.view.slice(from, end));
  return parts.join('');
}

/** A change to the view: original span [start, end) became `text` (LF view). */
export interface ViewChange {
  start: number;
  end: number;
  text: string;
}

/**
 * Final bytes: the original raw text with each change spliced in. Text outside the changes is
 * copied from the raw text (so its line endings are untouched); inserted line breaks take the
 * file's dominant ending. `changes` are sorted and disjoint, in original view coordinates.
 */
export function encodeWithChanges(original: DecodedText, changes: readonly ViewChange[], shape: TextShape): Uint8Array {
  const parts: string[] = [];
  let from = 0;
  for (const c of changes) {
    parts.push(rawSlice(original, from, c.start));
    parts.push(shape.eol === '\r\n' ? c.text.replaceAll('\n', '\r\n') : c.text);
    from = c.end;
  }
  parts.push(rawSlice(original, from, original.view.length));
  return encodeText(parts.join(''), shape.bom);
}

export function encodeText(raw: string, bom: boolean): Uint8Array {
  const body = encoder.encode(raw);
  // A one-byte string answers the surrogate test at once; only two-byte text is scanned.
  const exact = !SURROGATE.test(raw);
  if (!bom) {
    if (exact) decodedBytes.set(body, raw);
    return body;
  }
  const out = new Uint8Array(body.length + 3);
  out.set(BOM, 0);
  out.set(body, 3);
  if (exact) decodedBytes.set(out, `\uFEFF${raw}`);
  return out;
}

/**
 * The length of `text` in UTF-8 as TextEncoder writes it (a lone surrogate as U+FFFD, 3 bytes),
 * and whether it holds a surrogate (paired or not).
 */
export function utf8Length(text: string): { bytes: number; surrogate: boolean } {
  let bytes = text.length;
  let surrogate = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c < 0xd800 || c > 0xdfff) bytes += 2;
    else {
      surrogate = true;
      // A pair is two characters and 4 bytes; a lone surrogate is one character and 3 bytes.
      if (c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) (bytes += 2), i++;
      else bytes += 2;
    }
  }
  return { bytes, surrogate };
}

/** Writes `text` into `out` from `at` as TextEncoder encodes it; `out` must have room (utf8Length). Answers the bytes written. */
export function writeUtf8(text: string, out: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // ASCII is copied a character at a time; the rest is left to the encoder, in place.
    if (c >= 0x80) return i + encoder.encodeInto(i === 0 ? text : text.slice(i), out.subarray(at + i)).written;
    out[at + i] = c;
  }
  return text.length;
}

/** Bytes the engine built from `text` by other means (a splice), which the caller knows holds no surrogate. */
export function rememberDecoded(bytes: Uint8Array, text: string): void {
  decodedBytes.set(bytes, text);
}

/** Strict UTF-8 decoding, a BOM kept as U+FEFF (throws on invalid bytes). */
export function decodeUtf8(bytes: Uint8Array): string {
  return knownText(bytes) ?? strictDecoder.decode(bytes);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  if (a === b) return true;
  let i = 0;
  // Four bytes at a time where both arrays allow it (a 5 MB compare: a quarter of the steps).
  if (a.byteOffset % 4 === b.byteOffset % 4) {
    const head = Math.min(a.length, (4 - (a.byteOffset % 4)) % 4);
    for (; i < head; i++) if (a[i] !== b[i]) return false;
    const words = (a.length - i) >>> 2;
    if (words > 0) {
      const wa = new Uint32Array(a.buffer, a.byteOffset + i, words);
      const wb = new Uint32Array(b.buffer, b.byteOffset + i, words);
      for (let k = 0; k < words; k++) if (wa[k] !== wb[k]) return false;
      i += words * 4;
    }
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
