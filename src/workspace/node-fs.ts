// A real directory as the workspace (the CLI). Every path is confined to the root, symlinks
// included, and every write is atomic: the bytes go to a temporary file in the target's own
// folder, are flushed to disk, and only then renamed over the target (rename within one folder is
// atomic on POSIX, so a reader sees the old file or the new one, never half of either).
//
// Rename replaces the inode: the file's mode is carried over, its owner, ACLs, extended
// attributes and hard links are not (as with most editors' atomic save).
//
// Confinement is checked before each operation, not held as a lock: a symlink swapped in between
// the check and the syscall is outside what this backend defends against (it guards a user's
// tool calls, not a hostile local process).

import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readFile, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ListResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';

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

export class NodeFs implements WorkspaceFs {
  private readonly root: string;
  private realRoot: Promise<string> | undefined;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
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
        // Missing (or a dangling symlink, or a file used as a folder): check the part that exists.
        if (probe === this.root) return { ok: true, abs };
        probe = dirname(probe);
      }
    }
  }

  async stat(path: string): Promise<StatResult> {
    const at = await this.locate(path);
    if (!at.ok) return { kind: 'denied', message: at.message };
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
    const at = await this.locate(path);
    if (!at.ok) return { kind: 'denied', message: at.message };
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
    if (!at.ok) return { kind: 'denied', message: at.message };
    try {
      const st = await stat(at.abs);
      if (st.isFile()) return { kind: 'file' };
      if (!st.isDirectory()) return { kind: 'denied', message: 'not a regular file' };
      const dirents = await readdir(at.abs, { withFileTypes: true });
      const entries: { name: string; kind: 'file' | 'directory' }[] = [];
      for (const d of dirents) {
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

  async write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    const at = await this.locate(path);
    if (!at.ok) return { ok: false, message: at.message };

    // Write through a symlink to its target (inside the root, checked above) so the link survives.
    let target = at.abs;
    let mode: number | undefined;
    try {
      target = await realpath(at.abs);
      const st = await stat(target);
      if (st.isDirectory()) return { ok: false, message: 'a directory is in the way' };
      if (!st.isFile()) return { ok: false, message: 'not a regular file' };
      mode = st.mode & 0o7777;
    } catch (err) {
      const code = errnoOf(err);
      if (code !== 'ENOENT') return { ok: false, message: describeFsError(err) };
      target = at.abs;
    }

    const folder = dirname(target);
    let firstCreated: string | undefined;
    try {
      firstCreated = await mkdir(folder, { recursive: true });
    } catch (err) {
      return { ok: false, message: describeFsError(err) };
    }

    const tmp = join(folder, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    let tmpMade = false;
    try {
      const fh = await open(tmp, 'wx', mode ?? 0o666);
      tmpMade = true;
      try {
        await fh.writeFile(bytes);
        // open() applies the umask; an existing file's mode is restored exactly.
        if (mode !== undefined) await fh.chmod(mode);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, target);
      tmpMade = false;
      await syncFolder(folder);
      return { ok: true };
    } catch (err) {
      if (tmpMade) await unlink(tmp).catch(() => undefined);
      if (firstCreated !== undefined) await removeEmptyFolders(folder, firstCreated);
      return { ok: false, message: describeFsError(err) };
    }
  }

  /** Remove a file. A file that is already gone counts as removed (rollback may run twice). */
  async remove(path: string): Promise<WriteResult> {
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
