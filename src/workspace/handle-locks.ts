// Saves of one file are serialised with the Web Locks API (`navigator.locks`, shared by every tab
// and worker of the origin), or within this realm where it is missing.

import { plainCanonical } from '../engine/file-identity';
import type { LockResult } from '../engine/workspace-fs';
import type { KeyedMutex } from './keyed-mutex';

/** The Web Locks API where the realm has it (workers and windows of a secure context). */
function webLocks(): LockManager | undefined {
  return (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
}

/** Hold the Web Lock `key` until the returned function is called; `null` when not granted in time. */
function holdWebLock(locks: LockManager, key: string, timeoutMs: number): Promise<(() => void) | null> {
  return new Promise((resolve) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const signal = AbortSignal.timeout(timeoutMs);
    locks
      .request(key, { mode: 'exclusive', signal }, async () => {
        resolve(release);
        await held;
      })
      .catch(() => resolve(null));
  });
}

/**
 * One Web Lock per file (`edit-playground-save:<folder name>/<path>`), taken in sorted order,
 * held until release: a save in another tab of the same folder waits for this one. A folder
 * opened twice under different names is not recognised as one; two folders of one name are
 * serialised together (harmless). Without Web Locks, `saving` serialises this realm's saves.
 */
export async function lockFiles(folderName: string, paths: readonly string[], timeoutMs: number, saving: KeyedMutex): Promise<LockResult> {
  const keys = [...new Set(paths.map((p) => `edit-playground-save:${folderName}/${plainCanonical(p)}`))].sort();
  const locks = webLocks();
  if (locks === undefined) return { ok: true, release: await saving.hold(keys) };
  const releases: (() => void)[] = [];
  const releaseAll = async () => {
    for (const r of releases.reverse()) r();
  };
  for (const key of keys) {
    const release = await holdWebLock(locks, key, timeoutMs);
    if (release === null) {
      await releaseAll();
      const name = key.slice(key.indexOf('/') + 1);
      return { ok: false, message: `${name} is being saved in another tab or window (it held the file for ${Math.round(timeoutMs / 1000)} s); nothing was written, save again` };
    }
    releases.push(release);
  }
  return { ok: true, release: releaseAll };
}
