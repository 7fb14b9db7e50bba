// openhands-aci's file checks by release: size, media type, binary content, encoding, and the read.

import type { RunOutcome } from '../../../types';
import { fail } from '../../profile';
import { pyEncodeError, universalNewlines } from '../python-io';
import { codePoints } from '../python-text';
import { readText } from '../workspace';
import { MAX_FILE_SIZE, SUPPORTED_BINARY, uncaught, type Found, type Port } from './features';

/** Python's UnicodeEncodeError text for the ASCII codec, or null. */
export function asciiEncodeError(text: string): string | null {
  const m = /[^\x00-\x7f]+/u.exec(text);
  if (m === null) return null;
  const at = codePoints(text, 0, m.index);
  const n = codePoints(m[0]);
  const esc = (ch: string): string => {
    const c = ch.codePointAt(0)!;
    return c < 0x100 ? `\\x${c.toString(16).padStart(2, '0')}` : c < 0x10000 ? `\\u${c.toString(16).padStart(4, '0')}` : `\\U${c.toString(16).padStart(8, '0')}`;
  };
  if (n === 1) return `'ascii' codec can't encode character '${esc(m[0])}' in position ${at}: ordinal not in range(128)`;
  return `'ascii' codec can't encode characters in position ${at}-${at + n - 1}: ordinal not in range(128)`;
}

export const isAscii = (b: Uint8Array): boolean => b.every((x) => x < 0x80);

/** binaryornot's `is_binary_string` on the first KiB, with chardet's verdict approximated (valid UTF-8 with several multibyte characters). */
export function looksBinary(bytes: Uint8Array): boolean {
  const chunk = bytes.subarray(0, 1024);
  if (chunk.length === 0) return false;
  let low = 0;
  let high = 0;
  let nul = false;
  for (const b of chunk) {
    const printable = (b >= 32 && b <= 126) || b === 10 || b === 13 || b === 9 || b === 12 || b === 8;
    if (!printable) low++;
    if (b < 127) high++;
    if (b === 0 || b === 0xff) nul = true;
  }
  const r1 = low / chunk.length;
  const r2 = high / chunk.length;
  if (r1 > 0.9 && r2 > 0.9) return true;
  const likely = (r1 > 0.3 && r2 < 0.05) || (r1 > 0.8 && r2 > 0.8);
  const decodable = utf8Multibyte(chunk) >= 4;
  if (likely) return !decodable;
  return decodable ? false : nul;
}

/** Multibyte characters of a valid UTF-8 chunk (a sequence cut at its end allowed), or -1 when invalid. */
export function utf8Multibyte(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    const need = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : -1;
    if (need === -1) return -1;
    for (let k = 1; k <= need; k++) {
      if (i + k >= b.length) return n;
      if ((b[i + k]! & 0xc0) !== 0x80) return -1;
    }
    if (need > 0) n++;
    i += need + 1;
  }
  return n;
}

/** CPython's own media types for extensions whose type is not text/* (mimetypes, 0.2.0-0.2.1's check). */
export const NON_TEXT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.ts': 'video/mp2t',
  '.sh': 'application/x-sh',
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.tar': 'application/x-tar',
  '.bin': 'application/octet-stream',
  '.so': 'application/octet-stream',
  '.o': 'application/octet-stream',
  '.pyc': 'application/x-python-code',
  '.wav': 'audio/x-wav',
  '.mp3': 'audio/mpeg',
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** Extensions CPython maps to text/* or knows nothing of for sure are left to the NUL check. */
export const MIME_WARNING =
  "openhands-aci 0.2.0-0.2.1 judge a file by Python's mimetypes (the sandbox's /etc/mime.types included): the playground knows CPython's built-in table for common extensions only";

export function suffixOf(shown: string): string {
  const name = shown.slice(shown.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot);
}

export type Read =
  | { ok: true; bytes: Uint8Array; raw: string; text: string; ascii: boolean; warnings: string[] }
  | { ok: false; outcome: RunOutcome };

/**
 * validate_file, then the file read as the release reads it. `decodeEscapes`: the read that
 * fails to decode is one outside read_file's try (`_count_lines`), so the error is no ToolError.
 */
export async function readChecked(p: Port, target: Found, decodeEscapes: boolean): Promise<Read> {
  const { f, ctx } = p;
  const { shown } = target;
  const warnings: string[] = [];
  if (f.validateFile && target.kind === 'file') {
    if (target.size > MAX_FILE_SIZE) {
      return { ok: false, outcome: p.error(`File validation failed for ${shown}: File is too large (${(target.size / 1024 / 1024).toFixed(1)}MB). Maximum allowed size is 10MB.`) };
    }
  }
  const rd = await readText(target, ctx);
  if (f.validateFile && (rd.ok || rd.bytes !== undefined)) {
    const bytes = rd.ok ? rd.bytes : rd.bytes!;
    const ext = suffixOf(shown).toLowerCase();
    if (f.mimeCheck) {
      const type = NON_TEXT_TYPES[ext];
      if (type !== undefined) return { ok: false, outcome: p.error(`File validation failed for ${shown}: File type ${type} is not supported. Only text files can be edited.`, [MIME_WARNING]) };
      if (bytes.subarray(0, 1024).includes(0)) return { ok: false, outcome: p.error(`File validation failed for ${shown}: ${f.binaryText}`, [MIME_WARNING]) };
    } else if (!(f.supportedBinary && SUPPORTED_BINARY.includes(ext))) {
      if ((f.pdfBinary && ext === '.pdf') || looksBinary(bytes)) {
        return {
          ok: false,
          outcome: p.error(`File validation failed for ${shown}: ${f.binaryText}`, ["binaryornot's verdict, approximated: chardet's guess of the encoding is taken as valid UTF-8 with several multibyte characters"]),
        };
      }
    }
  }
  if (!rd.ok) {
    if (rd.reason === 'undecodable' && f.detectsEncoding) {
      return {
        ok: false,
        outcome: fail({ code: 'Unsupported', message: `${shown} is not valid UTF-8: openhands-aci would detect its encoding (charset detection) and read and write it in that encoding, which the playground does not reproduce` }),
      };
    }
    if (rd.reason === 'undecodable' && decodeEscapes) return { ok: false, outcome: uncaught('UnicodeDecodeError', rd.error.message.replace(/^Ran into /, '').replace(/ while trying to read .*$/s, '')) };
    if (rd.reason === 'too-large') return { ok: false, outcome: fail(rd.error) };
    return { ok: false, outcome: p.error(rd.error.message) };
  }
  const ascii = f.asciiFiles && rd.bytes.length > 0 && isAscii(rd.bytes);
  return { ok: true, bytes: rd.bytes, raw: rd.raw, text: universalNewlines(rd.raw), ascii, warnings };
}

/** Why writing `text` fails in the file's encoding, or null. */
export function writeError(text: string, ascii: boolean): string | null {
  return pyEncodeError(text) ?? (ascii ? asciiEncodeError(text) : null);
}

export const ASCII_WARNING = (shown: string): string =>
  `openhands-aci 0.2.6-0.2.11 take a file whose bytes are all ASCII for an ASCII file and write it back as ASCII, so ${shown} cannot take other characters`;
