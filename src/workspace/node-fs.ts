// A real directory as the workspace (the CLI). Every path is confined to the root, symlinks
// included, and every write is atomic: the bytes go to a temporary file in the target's own
// folder, are flushed to disk, and only then renamed over the target (rename within one folder is
// atomic on POSIX, so a reader sees the old file or the new one, never half of either).
//
// A save keeps what the file was (SPEC 14). Mode, owner and group are set on the temporary file
// before the rename; a symlink is written through to its target (a dangling one creates its
// target, inside the workspace only). Where a rename would lose something, the file is written
// in place instead, through its inode: a file with several hard links, a file whose owner or group
// this process cannot give the new inode, a target a rename cannot replace (EXDEV, EBUSY: a
// bind-mounted file). An in-place write first keeps the old bytes in a recovery file beside the
// target (written whole, then renamed), so a write killed half way is undone by the next save of
// the file. A read-only file (no write bit, or no write access) is refused, never replaced. Temp
// names are short whatever the file's name (`.edit-playground.<pid>.<random>.tmp`), and temp files
// of killed saves are removed by the next save in their folder and never listed.
//
// Saves of one file are serialised across processes by `lock` (see node-lock.ts); a created file
// never replaces one that appeared meanwhile (link(2), which fails if the name exists).
//
// Confinement is checked before each operation, not held as a lock: a symlink swapped in between
// the check and the syscall is outside what this backend defends against (it guards a user's
// tool calls, not a hostile local process).

import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { access, constants, link, lstat, mkdir, open, readdir, readFile, readlink, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathProblem, plainCanonical, folderOnly, NAMES_A_FOLDER, namesFolder } from '../engine/file-identity';
import type { ListResult, LockResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import { acquireLock, clearIfStale, lockFileFor, ownName, OWN_FILE, processAlive } from './node-lock';

type Located = { ok: true; abs: string } | { ok: false; message: string };

/** OS error codes in the words a user reads in "Could not write a.ts: {words}". */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large for the file system',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a parent of the path is a file, not a folder',
  EEXIST: 'a parent of the path is a file, not a folder',
  EISDIR: 'a directory is in the way',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EBUSY: 'the file is busy or locked',
  ETXTBSY: 'the file is busy or locked',
  EIO: 'input/output error',
  EXDEV: 'cannot rename across devices',
  EINVAL: 'invalid file name',
};

function errnoOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

/** An OS error in words with its code in brackets: `permission denied (EACCES)`. */
export function describeFsError(err: unknown): string {
  const code = errnoOf(err);
  const words = code === undefined ? undefined : ERRNO_WORDS[code];
  if (words !== undefined) return `${words} (${code})`;
  return err instanceof Error ? err.message : String(err);
}

const OUTSIDE = 'the path is outside the workspace';

/** A lookup refused by `locate`: a path that leads outside says so (Denied.outside). */
function refusal(message: string): Extract<StatResult, { kind: 'denied' }> {
  return message === OUTSIDE ? { kind: 'denied', message, outside: true } : { kind: 'denied', message };
}

export interface NodeFsOptions {
  /** How long a save waits for another save of the same file before it is refused (default 30 s). */
  lockTimeoutMs?: number;
}

/** Where a path leads once every symlink is followed (dangling ones too), and what is there. */
type Followed = { abs: string; st: Stats | null };

export class NodeFs implements WorkspaceFs {
  private readonly root: string;
  private realRoot: Promise<string> | undefined;
  private readonly lockTimeoutMs: number;
  /** Hard-linked files seen: `dev:ino` → the workspace path first seen for it (its identity). */
  private readonly inodes = new Map<string, string>();
  /** Folders whose leftover temp files were already swept by this instance. */
  private readonly swept = new Set<string>();

  constructor(rootDir: string, options: NodeFsOptions = {}) {
    this.root = resolve(rootDir);
    this.lockTimeoutMs = options.lockTimeoutMs ?? 30_000;
  }

  private rootReal(): Promise<string> {
    // Cached: the root is resolved once (it may itself be reached through a symlink, e.g. /tmp on macOS).
    this.realRoot ??= realpath(this.root).catch(() => this.root);
    return this.realRoot;
  }

  /**
   * The absolute path for a workspace path, or a refusal when it climbs out of the root lexically
   * (`../x`) or through a symlink. For a path that does not exist yet, its nearest existing
   * ancestor is checked, so `link-to-outside/new.txt` is refused before anything is created.
   */
  private async locate(path: string): Promise<Located> {
    const problem = pathProblem(path);
    if (problem !== null) return { ok: false, message: problem };
    const rel = path.replace(/^\/+/, '');
    const abs = resolve(this.root, rel);
    if (!inside(this.root, abs)) return { ok: false, message: OUTSIDE };
    const realRoot = await this.rootReal();
    let probe = abs;
    for (;;) {
      try {
        const real = await realpath(probe);
        return inside(realRoot, real) ? { ok: true, abs } : { ok: false, message: OUTSIDE };
      } catch (err) {
        const code = errnoOf(err);
        // Any other failure (EACCES, ELOOP) is left for the operation itself to report.
        if (code !== 'ENOENT' && code !== 'ENOTDIR') return { ok: true, abs };
        // A dangling symlink whose target lies outside: creating the file would write there.
        if (probe === abs && (await this.leadsOutside(abs, realRoot))) return { ok: false, message: OUTSIDE };
        // Missing (or a dangling symlink, or a file used as a folder): check the part that exists.
        if (probe === this.root) return { ok: true, abs };
        probe = dirname(probe);
      }
    }
  }

  /** Whether `abs`, a symlink or a path below folder symlinks, followed to its end, lies outside the root. */
  private async leadsOutside(abs: string, realRoot: string): Promise<boolean> {
    const to = await this.follow(abs).catch(() => null);
    return to !== null && !inside(realRoot, to.abs);
  }

  async stat(path: string): Promise<StatResult> {
    if (namesFolder(path)) return folderOnly(await this.stat(path.replace(/\/+$/, '')));
    const at = await this.locate(path);
    if (!at.ok) return refusal(at.message);
    try {
      const st = await stat(at.abs);
      if (st.isFile()) return { kind: 'file', size: st.size };
      if (st.isDirectory()) return { kind: 'directory' };
      return { kind: 'denied', message: 'not a regular file' };
    } catch (err) {
      return lookupFailure(err);
    }
  }

  async read(path: string): Promise<ReadResult> {
    if (namesFolder(path)) return folderOnly(await this.read(path.replace(/\/+$/, '')));
    const at = await this.locate(path);
    if (!at.ok) return refusal(at.message);
    try {
      // Stat first: reading a FIFO or a device would block or never end.
      const st = await stat(at.abs);
      if (st.isDirectory()) return { kind: 'directory' };
      if (!st.isFile()) return { kind: 'denied', message: 'not a regular file' };
      const buf = await readFile(at.abs);
      return { kind: 'file', bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) };
    } catch (err) {
      return lookupFailure(err);
    }
  }

  async list(path: string): Promise<ListResult> {
    const at = await this.locate(path);
    if (!at.ok) return refusal(at.message);
    try {
      const st = await stat(at.abs);
      if (st.isFile()) return { kind: 'file' };
      if (!st.isDirectory()) return { kind: 'denied', message: 'not a regular file' };
      const dirents = await readdir(at.abs, { withFileTypes: true });
      const entries: { name: string; kind: 'file' | 'directory' }[] = [];
      for (const d of dirents) {
        // Temp files, locks and recovery copies of saves (a killed save's leftovers included).
        if (OWN_FILE.test(d.name)) continue;
        // A symlink is listed as what it points to, as `find` without -P would not follow it but
        // every other backend has no links: a dangling or escaping one is left out.
        if (d.isSymbolicLink()) {
          const target = await this.stat(path === '' ? d.name : `${path.replace(/\/+$/, '')}/${d.name}`);
          if (target.kind === 'file' || target.kind === 'directory') entries.push({ name: d.name, kind: target.kind });
        } else if (d.isDirectory()) entries.push({ name: d.name, kind: 'directory' });
        else if (d.isFile()) entries.push({ name: d.name, kind: 'file' });
      }
      return { kind: 'directory', entries };
    } catch (err) {
      const failure = lookupFailure(err);
      return failure.kind === 'directory' ? { kind: 'denied', message: 'cannot list the folder' } : failure;
    }
  }

  /**
   * Follow `abs` through every symlink, a dangling one too (to where it points), as far as a file
   * or a missing name; the folders on the way are resolved to real paths. `null`: a link loop.
   */
  private async follow(abs: string): Promise<Followed | null> {
    let p = abs;
    for (let hops = 0; hops < 40; hops++) {
      try {
        const real = await realpath(p);
        return { abs: real, st: await stat(real) };
      } catch (err) {
        const code = errnoOf(err);
        if (code === 'ELOOP') return null;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      }
      let link: string | null = null;
      try {
        if ((await lstat(p)).isSymbolicLink()) link = await readlink(p);
      } catch {
        // p itself is missing.
      }
      if (link !== null) {
        p = resolve(dirname(p), link);
        continue;
      }
      return { abs: join(await realAncestor(dirname(p)), basename(p)), st: null };
    }
    return null;
  }

  /**
   * The file's identity as a workspace path (WorkspaceFs.canonical): symlinks (dangling ones
   * too) and folder symlinks resolved; two hard links of one file answer the name first asked
   * about. A path that leads outside the workspace, or that cannot be resolved, answers itself.
   */
  async canonical(path: string): Promise<string> {
    const plain = plainCanonical(path);
    const at = await this.locate(plain);
    if (!at.ok) return plain;
    const realRoot = await this.rootReal();
    let to: Followed | null;
    try {
      to = await this.follow(at.abs);
    } catch {
      return plain;
    }
    if (to === null || !inside(realRoot, to.abs)) return plain;
    const rel = relative(realRoot, to.abs).split(sep).join('/');
    if (to.st === null || !to.st.isFile() || to.st.nlink < 2) return rel;
    const key = `${to.st.dev}:${to.st.ino}`;
    const known = this.inodes.get(key);
    if (known !== undefined && known !== rel) {
      // The same inode may since have been freed and reused for another file: check it.
      const again = await stat(join(realRoot, known)).catch(() => null);
      if (again !== null && `${again.dev}:${again.ino}` === key) return known;
    }
    this.inodes.set(key, rel);
    return rel;
  }

  /**
   * Hold off other saves of these files, in every process on this machine (and others sharing
   * the folder), until release; see node-lock.ts. Locks are taken in one order (sorted), so two
   * saves of overlapping sets never wait for each other in a cycle. Taking a file's lock also
   * finishes what a killed in-place write left: its recovery copy is written back.
   */
  async lock(paths: readonly string[]): Promise<LockResult> {
    const realRoot = await this.rootReal();
    const wanted = new Map<string, { abs: string; display: string }>();
    for (const p of paths) {
      const at = await this.locate(p);
      if (!at.ok) continue;
      const to = await this.follow(at.abs).catch(() => null);
      const abs = to === null || !inside(realRoot, to.abs) ? at.abs : to.abs;
      wanted.set(await lockFileFor(abs), { abs, display: p });
    }
    const held: (() => Promise<void>)[] = [];
    const releaseAll = async () => {
      for (const release of held.reverse()) await release();
    };
    for (const file of [...wanted.keys()].sort()) {
      const { abs, display } = wanted.get(file)!;
      const got = await acquireLock(file, display, this.lockTimeoutMs);
      if (!got.ok) {
        await releaseAll();
        return got;
      }
      held.push(got.release);
      const undone = await recoverInterrupted(abs);
      if (!undone.ok) {
        await releaseAll();
        return { ok: false, message: `${display}: ${undone.message}` };
      }
    }
    return { ok: true, release: releaseAll };
  }

  async write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const at = await this.locate(path);
    if (!at.ok) return { ok: false, message: at.message };

    // Write through symlinks to the file they lead to (a dangling one: create its target), inside
    // the root only, so every link survives.
    let to: Followed | null;
    try {
      to = await this.follow(at.abs);
    } catch (err) {
      return { ok: false, message: describeFsError(err) };
    }
    if (to === null) return { ok: false, message: describeFsError({ code: 'ELOOP' }) };
    if (!inside(await this.rootReal(), to.abs)) return { ok: false, message: OUTSIDE };
    const target = to.abs;
    const old = to.st;
    if (old !== null) {
      if (old.isDirectory()) return { ok: false, message: 'a directory is in the way' };
      if (!old.isFile()) return { ok: false, message: 'not a regular file' };
      const refused = await readOnly(target, old);
      if (refused !== null) return { ok: false, message: refused };
      const undone = await recoverInterrupted(target);
      if (!undone.ok) return undone;
    }

    const folder = dirname(target);
    let firstCreated: string | undefined;
    try {
      firstCreated = await mkdir(folder, { recursive: true });
    } catch (err) {
      return { ok: false, message: describeFsError(err) };
    }
    await this.sweep(folder);

    // Several names share this inode: a rename would leave the others with the old text.
    if (old !== null && old.nlink > 1) return writeInPlace(target, bytes);

    const tmp = join(folder, tempName());
    let tmpMade = false;
    try {
      const fh = await open(tmp, 'wx', old === null ? 0o666 : old.mode & 0o7777);
      tmpMade = true;
      let keeps = true;
      try {
        await fh.writeFile(bytes);
        if (old !== null) {
          keeps = await keepOwner(fh, old);
          // open() applies the umask, chown() may clear set-id bits: the mode is set last, exactly.
          if (keeps) await fh.chmod(old.mode & 0o7777);
        }
        if (keeps) await fh.sync();
      } finally {
        await fh.close();
      }
      if (!keeps) {
        // The new inode could not be given the file's owner or group: write through the old one.
        await unlink(tmp).catch(() => undefined);
        tmpMade = false;
        return await writeInPlace(target, bytes);
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
          return await writeInPlace(target, bytes);
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
   * Remove the temp files and locks that killed saves left in `folder` (once per folder per
   * instance). Recovery copies are not removed here: the next save of their file writes them back.
   */
  private async sweep(folder: string): Promise<void> {
    if (this.swept.has(folder)) return;
    this.swept.add(folder);
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

  /** Remove a file. A file that is already gone counts as removed (rollback may run twice). */
  async removeFolder(path: string): Promise<WriteResult> {
    const at = await this.locate(path);
    if (!at.ok) return { ok: false, message: at.message };
    try {
      if (!(await lstat(at.abs)).isDirectory()) return { ok: false, message: 'not a folder' };
      await rmdir(at.abs);
      return { ok: true };
    } catch (err) {
      if (errnoOf(err) === 'ENOENT') return { ok: true };
      return { ok: false, message: describeFsError(err) };
    }
  }

  async remove(path: string): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const at = await this.locate(path);
    if (!at.ok) return { ok: false, message: at.message };
    try {
      const st = await lstat(at.abs);
      if (st.isDirectory()) return { ok: false, message: 'a directory is in the way' };
      await unlink(at.abs);
      return { ok: true };
    } catch (err) {
      if (errnoOf(err) === 'ENOENT') return { ok: true };
      return { ok: false, message: describeFsError(err) };
    }
  }
}

function inside(root: string, abs: string): boolean {
  const rel = relative(root, abs);
  return rel === '' || (!isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`));
}

/** The answers `stat` and `read` share for a failed lookup. */
function lookupFailure(err: unknown): Extract<StatResult, { kind: 'missing' | 'directory' | 'denied' }> {
  switch (errnoOf(err)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { kind: 'missing' };
    case 'EISDIR':
      return { kind: 'directory' };
    default:
      return { kind: 'denied', message: describeFsError(err) };
  }
}

/** Make the rename itself durable. Best effort: some platforms cannot open or sync a folder. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const dir = await open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // The file's own data is already synced; only the directory entry's durability is at stake.
  }
}

/** Undo `mkdir -p` after a failed write: remove the folders it made, deepest first, if still empty. */
async function removeEmptyFolders(deepest: string, firstCreated: string): Promise<void> {
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

/** `.edit-playground.<pid>.<random>.tmp`: 40-odd bytes whatever the target's name (NAME_MAX is 255). */
const TEMP_NAME = /^\.edit-playground\.(\d+)\.[0-9a-f]+\.tmp$/;

const LOCK_NAME = /^\.edit-playground\.[0-9a-f]{16}\.lock$/;

function tempName(): string {
  return `.edit-playground.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** The real path of `dir`, or of its nearest existing ancestor with the rest of `dir` joined on. */
async function realAncestor(dir: string): Promise<string> {
  try {
    return await realpath(dir);
  } catch {
    const up = dirname(dir);
    return up === dir ? dir : join(await realAncestor(up), basename(dir));
  }
}

/**
 * Why a save must not replace this file, or `null`. A file with no write bit is read-only by
 * intent, even for root, who could write it anyway: replacing it would hide that intent.
 */
async function readOnly(target: string, st: Stats): Promise<string | null> {
  const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
  if ((st.mode & 0o222) === 0) return `the file is read-only (mode ${mode}); nothing was written: make it writable (chmod u+w) to save it`;
  try {
    await access(target, constants.W_OK);
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
async function keepOwner(fh: FileHandle, old: Stats): Promise<boolean> {
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

/** The recovery copy of `target`'s old bytes while it is written in place. */
function recoveryOf(target: string): string {
  return join(dirname(target), ownName(basename(target), 'orig'));
}

/** Overwrite a file's bytes through its inode (owner, group, mode, links, attributes all kept). */
async function overwrite(target: string, bytes: Uint8Array): Promise<void> {
  const fh = await open(target, 'r+');
  try {
    await fh.write(bytes, 0, bytes.length, 0);
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
async function writeInPlace(target: string, bytes: Uint8Array): Promise<WriteResult> {
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
async function recoverInterrupted(target: string): Promise<WriteResult> {
  const recovery = recoveryOf(target);
  let old: Uint8Array;
  try {
    old = await readFile(recovery);
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
