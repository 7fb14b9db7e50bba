// What the command line reads and writes, injected so tests run `main` in-process against temp
// folders and capture its output, and so no command reaches for `process` on its own.

import { readFileSync } from 'node:fs';
import { errorMessage } from '../engine/helpers';

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** The call for `edit-playground call` when no FILE (or `-`) is given. */
  stdin: AsyncIterable<string | Uint8Array> & { isTTY?: boolean };
  /** Folder that relative FILE, --root, --out and suite paths resolve against. */
  cwd: string;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd() };
}

/** Exit codes: 0 everything succeeded, 1 the tool or a case failed, 2 the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    if (need === 0) {
      i++;
      continue;
    }
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    const second = bytes[i + 1];
    if (second === undefined || second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

export type Decoded = { ok: true; text: string } | { ok: false; message: string };

/** Bytes as UTF-8 text, or why not (never a lossy decoding): `what` names the source in the message. */
export function decodeUtf8Strict(bytes: Uint8Array, what: string): Decoded {
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) {
    const hex = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
    return { ok: false, message: `${what} is not UTF-8 text: the byte 0x${hex} at offset ${bad} begins no valid UTF-8 character (save the call as UTF-8)` };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start)) };
}

/** All of a stream's bytes. */
export async function readAllBytes(stream: AsyncIterable<string | Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const encoder = new TextEncoder();
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}

export async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  return new TextDecoder().decode(await readAllBytes(stream));
}

/** The package version, from the package.json two folders up (the CLI runs from source). */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** One JSON document on stdout: two-space indented, newline-terminated. */
export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A Node fs error in words a user can act on. */
export function fsProblem(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return errorMessage(error);
}
