// Saves of one file are serialised across processes (SPEC 14): the commit holds an exclusive lock
// from its compare to its last rename. Node has no flock(2), so the lock is a file created with
// O_EXCL (`open(path, 'wx')`, atomic on every local file system and on NFSv3+) beside the target:
// `.edit-playground.<hash of the name>.lock`, short whatever the file's name. It holds who took
// it (process id, host, time, a random token), so a waiter can tell a live save from a killed one:
// a lock whose process is gone (same host), or that is older than STALE_AFTER_MS, is broken. Two
// waiters never both break it: breaking takes `<lock>.break` with O_EXCL, then re-reads the lock
// and removes it only if it is still the stale one. A save that cannot get the lock within the
// timeout is refused, naming the lock file.

import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { errnoOf } from './node-errors';
import { errorMessage } from '../engine/helpers';

/** Our own files beside a user's: temp files, locks, recovery copies. Never listed (NodeFs.list). */
export const OWN_FILE = /^\.edit-playground\.[0-9a-z]+(?:\.[0-9a-f]+)?\.(?:tmp|lock|orig|break)$/;

/** A lock held this long is taken over even if its process seems alive (a reused process id). */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** A `.break` file (held for a few syscalls) older than this was left by a killed waiter. */
const BREAK_STALE_MS = 30 * 1000;

/** `.edit-playground.<hash>.<suffix>`: the hash of the name (or of the part of the path below `folder`). */
export function ownName(name: string, suffix: 'lock' | 'orig'): string {
  return `.edit-playground.${createHash('sha256').update(name).digest('hex').slice(0, 16)}.${suffix}`;
}

/**
 * Where the lock of the file at `abs` lives: beside it when its folder exists, else in the nearest
 * existing folder above, named after the path below that folder (a created file's folders may
 * not exist yet; the creation itself never replaces a file that appeared meanwhile, see NodeFs).
 */
export async function lockFileFor(abs: string): Promise<string> {
  let folder = dirname(abs);
  for (;;) {
    try {
      if (statSync(folder).isDirectory()) return join(folder, ownName(relative(folder, abs), 'lock'));
    } catch {
      // Missing: climb.
    }
    const up = dirname(folder);
    if (up === folder) return join(dirname(abs), ownName(basename(abs), 'lock'));
    folder = up;
  }
}

interface Holder {
  pid: number;
  host: string;
  time: number;
  token: string;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is someone else's.
    return typeof err === 'object' && err !== null && 'code' in err && err.code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What the lock file says, with its age; `null` when it is gone. */
async function readHolder(file: string): Promise<{ raw: string; holder: Holder | null; ageMs: number } | null> {
  try {
    const [raw, st] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    let holder: Holder | null = null;
    try {
      const parsed = JSON.parse(raw) as Partial<Holder>;
      if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.time === 'number' && typeof parsed.token === 'string') holder = parsed as Holder;
    } catch {
      // Being written (open and write are two steps), or damaged: judged by its age alone.
    }
    return { raw, holder, ageMs: Date.now() - st.mtimeMs };
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return null;
    throw err;
  }
}

function isStale(found: { holder: Holder | null; ageMs: number }): boolean {
  if (found.ageMs > STALE_AFTER_MS) return true;
  // A half-written lock file: its taker is between two syscalls, or was killed there.
  if (found.holder === null) return found.ageMs > BREAK_STALE_MS;
  return found.holder.host === hostname() && !processAlive(found.holder.pid);
}

/** Remove a stale lock, unless another waiter broke it (and maybe took it again) first. */
async function breakStale(file: string, seen: string): Promise<void> {
  const breaker = `${file.slice(0, -'.lock'.length)}.break`;
  try {
    const fh = await open(breaker, 'wx');
    await fh.close();
  } catch (err) {
    if (errnoOf(err) !== 'EEXIST') throw err;
    const st = await stat(breaker).catch(() => null);
    if (st !== null && Date.now() - st.mtimeMs > BREAK_STALE_MS) await unlink(breaker).catch(() => undefined);
    return;
  }
  try {
    const now = await readHolder(file);
    if (now !== null && now.raw === seen) await unlink(file).catch(() => undefined);
  } finally {
    await unlink(breaker).catch(() => undefined);
  }
}

/** Remove the lock file `file` if the save that took it is gone (a save's sweep of its folder). */
export async function clearIfStale(file: string): Promise<void> {
  const found = await readHolder(file).catch(() => null);
  if (found !== null && isStale(found)) await breakStale(file, found.raw).catch(() => undefined);
}

export type Acquired = { ok: true; release(): Promise<void> } | { ok: false; message: string };

/**
 * Take the lock file `file` for the file named `display`, waiting up to `timeoutMs` for a live
 * holder. A folder where no lock can be made (no write permission, a read-only file system) gives
 * no lock: the save's own write there fails and says why.
 */
export async function acquireLock(file: string, display: string, timeoutMs: number): Promise<Acquired> {
  const token = randomBytes(8).toString('hex');
  const body = JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now(), token });
  const deadline = Date.now() + timeoutMs;
  let wait = 5;
  for (;;) {
    try {
      // Synchronous calls, as a CLI makes them; the wait for a holder below stays asynchronous.
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeFileSync(fd, body);
      } finally {
        closeSync(fd);
      }
      return { ok: true, release: () => releaseLock(file, body) };
    } catch (err) {
      const code = errnoOf(err);
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOENT' || code === 'ENOTDIR') return { ok: true, release: async () => undefined };
      if (code !== 'EEXIST') return { ok: false, message: `cannot lock ${display} for saving: ${errorMessage(err)}` };
    }
    const found = await readHolder(file).catch(() => null);
    if (found === null) continue;
    if (isStale(found)) {
      await breakStale(file, found.raw);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = found.holder === null ? 'another save' : `process ${found.holder.pid} on ${found.holder.host}`;
      return {
        ok: false,
        message: `${display} is being saved by ${who} (lock ${file}, held ${Math.round(found.ageMs / 1000)} s); nothing was written, run the call again`,
      };
    }
    // Jittered backoff: many waiters on one file do not wake in step.
    await sleep(wait + Math.floor(Math.random() * wait));
    wait = Math.min(wait * 2, 100);
  }
}

/** Remove the lock if it is still ours (a stale-lock breaker may have taken it over). */
async function releaseLock(file: string, body: string): Promise<void> {
  try {
    if (readFileSync(file, 'utf8') === body) unlinkSync(file);
  } catch {
    // Already gone.
  }
}
