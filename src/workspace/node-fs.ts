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
// This file is the facade: confinement, lookups, identity and locking. The save itself is in
// node-save.ts, the in-place write and its recovery copy in node-in-place.ts, what a save keeps
// (read-only refusal, owner and group) in node-keep.ts, temp names and the sweep of stale temp
// files in node-temp.ts, following symlinks in node-paths.ts, OS errors in words in node-errors.ts.
//
// Confinement is checked before each operation, not held as a lock: a symlink swapped in between
// the check and the syscall is outside what this backend defends against (it guards a user's
// tool calls, not a hostile local process).

import { realpathSync, statSync } from 'node:fs';
import { lstat, readdir, realpath, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathProblem, plainCanonical, folderOnly, NAMES_A_FOLDER, namesFolder } from '../engine/file-identity';
import { bytesEqual } from '../engine/text';
import type { ListResult, LockResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import { holdsBytes, readWhole } from './node-bytes';
import { describeFsError, errnoOf, lookupFailure, OUTSIDE, refusal } from './node-errors';
import { recoverInterrupted } from './node-in-place';
import { readOnly } from './node-keep';
import { acquireLock, lockFileFor, OWN_FILE } from './node-lock';
import { follow, inside, type Followed } from './node-paths';
import { saveFile } from './node-save';
import { sweepFolder } from './node-temp';

export { describeFsError } from './node-errors';

type Located = { ok: true; abs: string } | { ok: false; message: string };

export interface NodeFsOptions {
  /** How long a save waits for another save of the same file before it is refused (default 30 s). */
  lockTimeoutMs?: number;
}

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
        // A lookup, made synchronously as a CLI makes it (a thread-pool round trip gains nothing).
        const real = realpathSync.native(probe);
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
    const to = await follow(abs).catch(() => null);
    return to !== null && !inside(realRoot, to.abs);
  }

  async stat(path: string): Promise<StatResult> {
    if (namesFolder(path)) return folderOnly(await this.stat(path.replace(/\/+$/, '')));
    const at = await this.locate(path);
    if (!at.ok) return refusal(at.message);
    try {
      const st = statSync(at.abs);
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
      const st = statSync(at.abs);
      if (st.isDirectory()) return { kind: 'directory' };
      if (!st.isFile()) return { kind: 'denied', message: 'not a regular file' };
      return { kind: 'file', bytes: await readWhole(at.abs) };
    } catch (err) {
      return lookupFailure(err);
    }
  }

  /**
   * Whether the file holds exactly `bytes` (`null`: whether no file is there), as `read` and a byte
   * compare would answer; the file is compared a chunk at a time, never held whole.
   */
  async holds(path: string, bytes: Uint8Array | null): Promise<boolean> {
    if (bytes === null || namesFolder(path)) {
      const now = await this.read(path);
      return bytes === null ? now.kind === 'missing' : now.kind === 'file' && bytesEqual(now.bytes, bytes);
    }
    const at = await this.locate(path);
    if (!at.ok) return false;
    try {
      // Stat first, as read does: opening a FIFO would block.
      return statSync(at.abs).isFile() && (await holdsBytes(at.abs, bytes));
    } catch {
      return false;
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
      to = await follow(at.abs);
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
      const to = await follow(at.abs).catch(() => null);
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
    return this.save(path, [bytes]);
  }

  /** `write` of the parts' bytes in order, without joining them (one writev to the temp file). */
  async writeParts(path: string, parts: readonly Uint8Array[]): Promise<WriteResult> {
    return this.save(path, parts);
  }

  private async save(path: string, parts: readonly Uint8Array[]): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const at = await this.locate(path);
    if (!at.ok) return { ok: false, message: at.message };

    // Write through symlinks to the file they lead to (a dangling one: create its target), inside
    // the root only, so every link survives.
    let to: Followed | null;
    try {
      to = await follow(at.abs);
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

    return saveFile(target, old, parts, (folder) => this.sweep(folder));
  }

  /** Sweep a folder of what killed saves left (node-temp.ts), once per folder per instance. */
  private async sweep(folder: string): Promise<void> {
    if (this.swept.has(folder)) return;
    this.swept.add(folder);
    await sweepFolder(folder);
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
