// The atomic save of one file NodeFs has already located, confined and checked: the bytes go to a
// temporary file in the target's own folder, are flushed, get the old file's mode, owner and
// group, and only then replace the target by rename (atomic within one folder on POSIX), or take
// a new name by link(2), which never replaces a file that appeared meanwhile. Where a rename
// would lose something the file is written in place instead (node-in-place.ts).

import { fchmodSync, fsyncSync, mkdirSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { link, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { WriteResult } from '../engine/workspace-fs';
import { describeFsError, errnoOf } from './node-errors';
import { writeInPlace } from './node-in-place';
import { keepOwner } from './node-keep';
import { removeEmptyFolders, syncFolder, tempName } from './node-temp';

/**
 * Save the bytes of `parts`, one after another, at `target` (a real path inside the workspace),
 * whose current file is `old` (a regular, writable file) or `null` (none yet: its folders are
 * made, and taken back on failure). `sweep` clears what killed saves left in the folder before the
 * temp file is made.
 */
export async function saveFile(target: string, old: Stats | null, parts: readonly Uint8Array[], sweep: (folder: string) => Promise<void>): Promise<WriteResult> {
  const folder = dirname(target);
  let firstCreated: string | undefined;
  try {
    firstCreated = mkdirSync(folder, { recursive: true });
  } catch (err) {
    return { ok: false, message: describeFsError(err) };
  }
  await sweep(folder);

  // Several names share this inode: a rename would leave the others with the old text.
  if (old !== null && old.nlink > 1) return writeInPlace(target, joined(parts));

  const tmp = join(folder, tempName());
  let tmpMade = false;
  try {
    const fh = await open(tmp, 'wx', old === null ? 0o666 : old.mode & 0o7777);
    tmpMade = true;
    const keeps = await fillTemp(fh, old, parts);
    if (!keeps) {
      // The new inode could not be given the file's owner or group: write through the old one.
      await unlink(tmp).catch(() => undefined);
      tmpMade = false;
      return await writeInPlace(target, joined(parts));
    }
    if (old === null) {
      const placed = await placeNew(tmp, target);
      tmpMade = false;
      if (!placed.ok) {
        if (firstCreated !== undefined) await removeEmptyFolders(folder, firstCreated);
        return placed;
      }
    } else {
      try {
        await rename(tmp, target);
        tmpMade = false;
      } catch (err) {
        const code = errnoOf(err);
        if (code !== 'EXDEV' && code !== 'EBUSY') throw err;
        // A target no rename can replace (a bind-mounted file): write through its inode.
        await unlink(tmp).catch(() => undefined);
        tmpMade = false;
        return await writeInPlace(target, joined(parts));
      }
    }
    await syncFolder(folder);
    return { ok: true };
  } catch (err) {
    if (tmpMade) await unlink(tmp).catch(() => undefined);
    if (firstCreated !== undefined) await removeEmptyFolders(folder, firstCreated);
    return { ok: false, message: describeFsError(err) };
  }
}

/**
 * Write the bytes to the open temp file and give it what the old file had; closes it. `false`: its
 * owner or group could not be kept (nothing synced), so the file must be written in place.
 */
async function fillTemp(fh: FileHandle, old: Stats | null, parts: readonly Uint8Array[]): Promise<boolean> {
  let keeps = true;
  try {
    if (parts.length === 1) await fh.writeFile(parts[0]!);
    else await writeParts(fh, parts);
    if (old !== null) {
      keeps = await keepOwner(fh, old);
      // open() applies the umask, chown() may clear set-id bits: the mode is set last, exactly.
      // Mode and flush on the descriptor, synchronously, as a CLI makes them.
      if (keeps) fchmodSync(fh.fd, old.mode & 0o7777);
    }
    if (keeps) fsyncSync(fh.fd);
  } finally {
    await fh.close();
  }
  return keeps;
}

/** What `writeParts` needs of a file handle (node's FileHandle has it). */
export interface VectorWriter {
  writev(buffers: Uint8Array[], position: number): Promise<{ bytesWritten: number }>;
}

/**
 * Write the parts one after another from the start of a new file, in one writev where the OS takes
 * them all at once; a short write (a signal, a disk filling up) goes on with the rest, as `writeAll`
 * does, so the file never ends early.
 */
export async function writeParts(fh: VectorWriter, parts: readonly Uint8Array[]): Promise<void> {
  let rest = parts.filter((p) => p.length > 0);
  let position = 0;
  while (rest.length > 0) {
    const { bytesWritten } = await fh.writev(rest, position);
    const total = rest.reduce((n, p) => n + p.length, 0);
    if (bytesWritten <= 0) throw new Error(`the write stopped after ${position} of ${position + total} bytes`);
    position += bytesWritten;
    // Drop what was written: whole parts, then the written head of the next one.
    let left = bytesWritten;
    let k = 0;
    while (k < rest.length && rest[k]!.length <= left) left -= rest[k++]!.length;
    rest = rest.slice(k);
    if (left > 0) rest[0] = rest[0]!.subarray(left);
  }
}

/** The parts as one array (the in-place write takes one): the array itself when there is one. */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

/**
 * Put a finished temp file at `target`, which did not exist: link(2) fails if the name exists by
 * now (another save created it), so a file that appeared meanwhile is never replaced. File systems
 * without hard links fall back to rename.
 */
async function placeNew(tmp: string, target: string): Promise<WriteResult> {
  try {
    await link(tmp, target);
    await unlink(tmp).catch(() => undefined);
    return { ok: true };
  } catch (err) {
    const code = errnoOf(err);
    if (code === 'EEXIST') {
      await unlink(tmp).catch(() => undefined);
      return { ok: false, message: 'a file appeared at this path while saving (another save created it); nothing was replaced' };
    }
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS' && code !== 'EMLINK' && code !== 'EXDEV') {
      await unlink(tmp).catch(() => undefined);
      return { ok: false, message: describeFsError(err) };
    }
  }
  try {
    await rename(tmp, target);
    return { ok: true };
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    return { ok: false, message: describeFsError(err) };
  }
}
