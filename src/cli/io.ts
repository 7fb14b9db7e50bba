// What the command line reads and writes, injected so tests run `main` in-process against temp
// folders and capture its output, and so no command reaches for `process` on its own.

import { readFileSync } from 'node:fs';

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

export async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
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
  return new TextDecoder().decode(all);
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
  return error instanceof Error ? error.message : String(error);
}
