// A whole file read and compared in as few calls to the thread pool as the OS allows.
// fs/promises' readFile reads a file in 512 KB pieces, each a round trip to the thread pool (a
// 5 MB file: ten); a read of the whole file at once is usually one.
// The compare of the commit (NodeFs.holds) reads the file through one reused buffer and compares
// it natively, so checking a 5 MB file never holds a second copy of it.

import { open } from 'node:fs/promises';

/** What a compare reads at a time: the buffer is kept for the next compare. */
const CHUNK = 1 << 20;
let chunk: Buffer | null = null;

/**
 * Every byte of a regular file, as fs/promises' readFile reads it: as many as its size when opened
 * (fewer if it shrank meanwhile), in one read where the OS gives them at once.
 */
export async function readWhole(abs: string): Promise<Uint8Array> {
  const fh = await open(abs, 'r');
  try {
    const { size } = await fh.stat();
    // No size (an empty file, or one whose size the OS does not tell): read to its end, as readFile does.
    if (size === 0) return await fh.readFile();
    const buf = Buffer.allocUnsafeSlow(size);
    let n = 0;
    while (n < size) {
      const { bytesRead } = await fh.read(buf, n, size - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, n);
  } finally {
    await fh.close();
  }
}

/** Whether the regular file at `abs` holds exactly `bytes`, to its end. Throws what open and read throw. */
export async function holdsBytes(abs: string, bytes: Uint8Array): Promise<boolean> {
  const fh = await open(abs, 'r');
  try {
    if ((await fh.stat()).size !== bytes.length) return false;
    const buf = (chunk ??= Buffer.allocUnsafeSlow(CHUNK));
    // Taken while in use: two compares at once (two files of one save) each need their own.
    chunk = null;
    try {
      let n = 0;
      for (;;) {
        const { bytesRead } = await fh.read(buf, 0, buf.length, n);
        if (bytesRead === 0) return n === bytes.length;
        if (n + bytesRead > bytes.length || buf.compare(bytes, n, n + bytesRead, 0, bytesRead) !== 0) return false;
        n += bytesRead;
      }
    } finally {
      chunk = buf;
    }
  } finally {
    await fh.close();
  }
}
