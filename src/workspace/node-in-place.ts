// Writing a file through its inode, where a rename would lose something (hard links, an owner this
// process cannot give a new inode, a bind-mounted file). The old bytes are kept first in a
// recovery copy beside the target (written whole, then renamed), so a write killed half way is
// undone by the next save or lock of the file.

import { readFileSync } from 'node:fs';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { WriteResult } from '../engine/workspace-fs';
import { describeFsError, errnoOf } from './node-errors';
import { ownName } from './node-lock';
import { syncFolder, tempName } from './node-temp';

/** The recovery copy of `target`'s old bytes while it is written in place. */
function recoveryOf(target: string): string {
  return join(dirname(target), ownName(basename(target), 'orig'));
}

/** What `writeAll` needs of a file handle (node's FileHandle has it). */
export interface PositionalWriter {
  write(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesWritten: number }>;
}

/**
 * Write every byte at `position`: one `write` may write fewer bytes than asked (a signal, a disk
 * filling up), and the rest must follow, or the file would end in whatever was there before.
 */
export async function writeAll(fh: PositionalWriter, bytes: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await fh.write(bytes, done, bytes.length - done, position + done);
    if (bytesWritten <= 0) throw new Error(`the write stopped after ${done} of ${bytes.length} bytes`);
    done += bytesWritten;
  }
}

/** Overwrite a file's bytes through its inode (owner, group, mode, links, attributes all kept). */
async function overwrite(target: string, bytes: Uint8Array): Promise<void> {
  const fh = await open(target, 'r+');
  try {
    await writeAll(fh, bytes, 0);
    await fh.truncate(bytes.length);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Write in place, keeping the file's inode, with the old bytes safe first: they are written to a
 * temp file, synced and renamed to the recovery name, so a recovery copy is always whole. A failed
 * write puts them back; a killed one is put back by the next save (recoverInterrupted).
 */
export async function writeInPlace(target: string, bytes: Uint8Array): Promise<WriteResult> {
  const folder = dirname(target);
  const recovery = recoveryOf(target);
  let old: Uint8Array;
  try {
    old = await readFile(target);
    const tmp = join(folder, tempName());
    try {
      const fh = await open(tmp, 'wx', 0o600);
      try {
        await fh.writeFile(old);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, recovery);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    await syncFolder(folder);
  } catch (err) {
    return { ok: false, message: describeFsError(err) };
  }
  try {
    await overwrite(target, bytes);
  } catch (err) {
    try {
      await overwrite(target, old);
    } catch {
      return { ok: false, message: `${describeFsError(err)}; the file could not be put back as it was: its old content is in ${recovery}` };
    }
    await unlink(recovery).catch(() => undefined);
    return { ok: false, message: describeFsError(err) };
  }
  await unlink(recovery).catch(() => undefined);
  return { ok: true };
}

/**
 * An in-place write killed half way left a recovery copy beside its target: write it back (the
 * killed save never reported success) and remove it. The caller holds the file's lock, or writes
 * the file itself next.
 */
export async function recoverInterrupted(target: string): Promise<WriteResult> {
  const recovery = recoveryOf(target);
  let old: Uint8Array;
  try {
    // Almost always missing: asked synchronously, as a CLI asks (no thread-pool round trip).
    old = readFileSync(recovery);
  } catch {
    return { ok: true };
  }
  try {
    await overwrite(target, old);
  } catch (err) {
    if (errnoOf(err) !== 'ENOENT') return { ok: false, message: `an interrupted save left the file half-written and it could not be put back (${describeFsError(err)}); its old content is in ${recovery}` };
    // The file is gone (removed by someone since): the copy is all that is left of it, keep it.
    return { ok: true };
  }
  await unlink(recovery).catch(() => undefined);
  return { ok: true };
}
