// Temp files and the folder around them: short temp names whatever the file's name, the sweep
// that removes what killed saves left, folder syncs and the undo of `mkdir -p`.

import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { clearIfStale, processAlive } from './node-lock';

/** `.edit-playground.<pid>.<random>.tmp`: 40-odd bytes whatever the target's name (NAME_MAX is 255). */
const TEMP_NAME = /^\.edit-playground\.(\d+)\.[0-9a-f]+\.tmp$/;

const LOCK_NAME = /^\.edit-playground\.[0-9a-f]{16}\.lock$/;

export function tempName(): string {
  return `.edit-playground.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * Remove the temp files and locks that killed saves left in `folder`. Recovery copies are not
 * removed here: the next save of their file writes them back.
 */
export async function sweepFolder(folder: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (LOCK_NAME.test(name)) {
      await clearIfStale(join(folder, name));
      continue;
    }
    const m = TEMP_NAME.exec(name);
    if (m === null) continue;
    const file = join(folder, name);
    const st = await lstat(file).catch(() => null);
    if (st === null || !st.isFile()) continue;
    // A live process may be writing it (this one, or another save in the same folder); a temp
    // file a day old is left over whatever its process id says (process ids are reused).
    if (!processAlive(Number(m[1])) || Date.now() - st.mtimeMs > 24 * 3600 * 1000) await unlink(file).catch(() => undefined);
  }
}

/** Make the rename itself durable. Best effort: some platforms cannot open or sync a folder. */
export async function syncFolder(folder: string): Promise<void> {
  // Synchronous calls, as a CLI makes them: a thread-pool round trip per call gains nothing here.
  try {
    const dir = openSync(folder, 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  } catch {
    // The file's own data is already synced; only the directory entry's durability is at stake.
  }
}

/** Undo `mkdir -p` after a failed write: remove the folders it made, deepest first, if still empty. */
export async function removeEmptyFolders(deepest: string, firstCreated: string): Promise<void> {
  let dir = deepest;
  for (;;) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    if (dir === firstCreated) return;
    const up = dirname(dir);
    if (up === dir) return;
    dir = up;
  }
}
