// A whole file read and compared with synchronous calls, as a command-line tool reads: each call
// to the thread pool costs a round trip (two thread wake-ups, ~25 µs of CPU) that a CLI waiting for
// the bytes anyway gains nothing from, and a 5 MB read takes one `read` where the OS gives it at
// once. The compare of the commit (NodeFs.holds) reads the file through one reused buffer and
// compares it natively, so checking a 5 MB file never holds a second copy of it.
//
// Files are opened non-blocking, and what was opened must be a regular file: a FIFO or a device
// swapped in after the caller's stat is refused instead of blocking the process.

import { isAscii } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { rememberDecoder } from '../engine/text';

const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** Open `abs` for reading, or throw as open would (EINVAL: what is there is not a regular file). */
function openRegular(abs: string): { fd: number; size: number } {
  const fd = openSync(abs, READ_FLAGS);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw Object.assign(new Error(`not a regular file: ${abs}`), { code: 'EINVAL' });
    return { fd, size: st.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** What a compare reads at a time: the buffer is kept for the next compare. */
const CHUNK = 1 << 20;
let chunk: Buffer | null = null;

/**
 * Every byte of a regular file, as fs/promises' readFile reads it: as many as its size when opened
 * (fewer if it shrank meanwhile), in one read where the OS gives them at once; a file whose size
 * the OS does not tell (0) is read to its end.
 */
export async function readWhole(abs: string): Promise<Uint8Array> {
  const { fd, size } = openRegular(abs);
  try {
    if (size === 0) return readToEnd(fd);
    const buf = Buffer.allocUnsafeSlow(size);
    let n = 0;
    while (n < size) {
      const bytesRead = readSync(fd, buf, n, size - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    const bytes = new Uint8Array(buf.buffer, buf.byteOffset, n);
    // ASCII bytes are their own text in any of Node's one-byte decodings, which take a third of
    // TextDecoder's time on 5 MB (isAscii is a SIMD check); asked for only if the engine decodes.
    if (isAscii(bytes)) rememberDecoder(bytes, () => buf.toString('latin1', 0, n));
    return bytes;
  } finally {
    closeSync(fd);
  }
}

function readToEnd(fd: number): Uint8Array {
  const pieces: Buffer[] = [];
  for (let at = 0; ; ) {
    const piece = Buffer.allocUnsafe(64 * 1024);
    const n = readSync(fd, piece, 0, piece.length, at);
    if (n === 0) break;
    pieces.push(piece.subarray(0, n));
    at += n;
  }
  const all = Buffer.concat(pieces);
  return new Uint8Array(all.buffer, all.byteOffset, all.length);
}

/** Whether the regular file at `abs` holds exactly `bytes`, to its end. Throws what open and read throw. */
export async function holdsBytes(abs: string, bytes: Uint8Array): Promise<boolean> {
  const { fd, size } = openRegular(abs);
  try {
    if (size !== bytes.length) return false;
    const buf = (chunk ??= Buffer.allocUnsafeSlow(CHUNK));
    let n = 0;
    for (;;) {
      const bytesRead = readSync(fd, buf, 0, buf.length, n);
      if (bytesRead === 0) return n === bytes.length;
      if (n + bytesRead > bytes.length || buf.compare(bytes, n, n + bytesRead, 0, bytesRead) !== 0) return false;
      n += bytesRead;
    }
  } finally {
    closeSync(fd);
  }
}
