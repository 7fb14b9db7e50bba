// What a save keeps of the file it replaces (SPEC 14): a read-only file is refused, never
// replaced; the new inode gets the old one's owner and group, or the file is written in place.

import type { FileHandle } from 'node:fs/promises';
import { accessSync, constants, type Stats } from 'node:fs';
import { describeFsError, errnoOf } from './node-errors';

/**
 * Why a save must not replace this file, or `null`. A file with no write bit is read-only by
 * intent, even for root, who could write it anyway: replacing it would hide that intent.
 */
export async function readOnly(target: string, st: Stats): Promise<string | null> {
  const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
  if ((st.mode & 0o222) === 0) return `the file is read-only (mode ${mode}); nothing was written: make it writable (chmod u+w) to save it`;
  try {
    accessSync(target, constants.W_OK);
    return null;
  } catch (err) {
    const code = errnoOf(err);
    if (code === 'EACCES' || code === 'EPERM') return `the file is read-only for this user (mode ${mode}, ${describeFsError(err)}); nothing was written`;
    if (code === 'EROFS') return describeFsError(err);
    return null;
  }
}

/**
 * Give the new inode the file's owner and group. `false`: this process may not (another user's
 * file, a group it is not in), so a rename would change them and the file must be written in place.
 */
export async function keepOwner(fh: FileHandle, old: Stats): Promise<boolean> {
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  if (uid === undefined || gid === undefined) return true;
  if (old.uid === uid && old.gid === gid) return true;
  try {
    await fh.chown(old.uid, old.gid);
    return true;
  } catch {
    return false;
  }
}
