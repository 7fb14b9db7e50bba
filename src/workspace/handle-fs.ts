// A browser directory handle as the workspace: a folder the user opened with
// `showDirectoryPicker()` or the Origin Private File System (`navigator.storage.getDirectory()`).
// Both are FileSystemDirectoryHandles, so one backend serves both.
//
// Atomicity comes from the platform: `createWritable()` hands out a stream whose bytes go to a
// swap file (Chromium: `name.crswap` next to the target) and replace the target only on
// `close()`; `abort()` discards them. So a failed write leaves the old file as it was.
//
// The File System API reports everything as DOMExceptions named by kind; this backend turns them
// into the interface's values and into sentences a user can act on (handle-errors.ts).
//
// A file is its identity (SPEC 14): `canonical` compares the handle a path reaches with those seen
// before (`isSameEntry`), so two names of one entry are one file. Saves are serialised per file
// with the Web Locks API (`navigator.locks`, shared by every tab and worker of the origin), or
// within this realm where it is missing.
//
// This file is the facade: reads, writes and removals. Identity is in handle-identity.ts, locks in
// handle-locks.ts, walking folders in handle-paths.ts, the app's folder listing in
// directory-listing.ts (re-exported here).

import { NAMES_A_FOLDER, folderOnly, namesFolder } from '../engine/file-identity';
import type { ListResult, LockResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import { DIRECTORY_IN_THE_WAY, errorName, lookupFailure, writeRefusal } from './handle-errors';
import { HandleIdentities } from './handle-identity';
import { lockFiles } from './handle-locks';
import { locate, openOrCreate, split, walk, type IterableDirectory } from './handle-paths';
import { KeyedMutex } from './keyed-mutex';

export { isHiddenEntry, listDirectory, type DirectoryEntry } from './directory-listing';

export interface HandleFsOptions {
  /** How long a save waits for another tab's save of the same file (default 30 s). */
  lockTimeoutMs?: number;
}

export class HandleFs implements WorkspaceFs {
  private readonly root: FileSystemDirectoryHandle;
  private readonly lockTimeoutMs: number;
  private readonly identities = new HandleIdentities();
  private readonly saving = new KeyedMutex();

  constructor(root: FileSystemDirectoryHandle, options: HandleFsOptions = {}) {
    this.root = root;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 30_000;
  }

  /** The file's identity as a workspace path (WorkspaceFs.canonical): see handle-identity.ts. */
  canonical(path: string): Promise<string> {
    return this.identities.canonical(this.root, path);
  }

  /** Hold off other saves of these files, in every tab and worker of the origin: see handle-locks.ts. */
  lock(paths: readonly string[]): Promise<LockResult> {
    return lockFiles(this.root.name, paths, this.lockTimeoutMs, this.saving);
  }

  async stat(path: string): Promise<StatResult> {
    if (namesFolder(path)) return folderOnly(await this.stat(path.replace(/\/+$/, '')));
    const at = await locate(this.root, path);
    if (at.kind !== 'file') return at;
    try {
      return { kind: 'file', size: (await at.handle.getFile()).size };
    } catch (err) {
      return lookupFailure(err);
    }
  }

  async read(path: string): Promise<ReadResult> {
    if (namesFolder(path)) return folderOnly(await this.read(path.replace(/\/+$/, '')));
    const at = await locate(this.root, path);
    if (at.kind !== 'file') return at;
    try {
      const file = await at.handle.getFile();
      return { kind: 'file', bytes: new Uint8Array(await file.arrayBuffer()) };
    } catch (err) {
      return lookupFailure(err);
    }
  }

  async write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const at = split(path);
    if (!at.ok) return { ok: false, message: at.message };
    if (at.name === '') return { ok: false, message: DIRECTORY_IN_THE_WAY };

    // Folders and the file are created only if missing, and remembered, so a failed write can
    // take back what it made: nothing half-done is left (SPEC 5.3).
    const made: { parent: FileSystemDirectoryHandle; name: string }[] = [];
    const undoCreation = async (): Promise<void> => {
      for (const m of made.reverse()) await m.parent.removeEntry(m.name).catch(() => undefined);
    };

    let dir = this.root;
    try {
      for (const seg of at.dirs) dir = await openOrCreate(dir, seg, 'directory', made);
    } catch (err) {
      await undoCreation();
      return { ok: false, message: writeRefusal(err) };
    }

    let file: FileSystemFileHandle;
    try {
      file = await openOrCreate(dir, at.name, 'file', made);
    } catch (err) {
      await undoCreation();
      return { ok: false, message: errorName(err) === 'TypeMismatchError' ? DIRECTORY_IN_THE_WAY : writeRefusal(err) };
    }

    if (typeof file.createWritable !== 'function') {
      await undoCreation();
      return { ok: false, message: 'this browser cannot save files here (no createWritable); use a Chromium-based browser or a current Firefox or Safari' };
    }

    let stream: FileSystemWritableFileStream | undefined;
    try {
      // keepExistingData defaults to false: the swap file starts empty and replaces the target on close.
      stream = await file.createWritable();
      // A copy: the stream wants an ArrayBuffer-backed view, and must not see later changes to `bytes`.
      await stream.write(new Uint8Array(bytes));
      await stream.close();
      return { ok: true };
    } catch (err) {
      if (stream !== undefined) await stream.abort().catch(() => undefined);
      await undoCreation();
      return { ok: false, message: writeRefusal(err) };
    }
  }

  /** Every entry but Chromium's `*.crswap` swap files, which are no files of the workspace (SPEC 5.2). */
  async list(path: string): Promise<ListResult> {
    const at = await locate(this.root, path);
    if (at.kind === 'file') return { kind: 'file' };
    if (at.kind !== 'directory') return at;
    const segs = path.split('/').filter((s) => s !== '' && s !== '.');
    try {
      const dir = (await walk(this.root, segs)) as IterableDirectory;
      const entries: { name: string; kind: 'file' | 'directory' }[] = [];
      for await (const handle of dir.values()) {
        if (!handle.name.endsWith('.crswap')) entries.push({ name: handle.name, kind: handle.kind });
      }
      return { kind: 'directory', entries };
    } catch (err) {
      return lookupFailure(err);
    }
  }

  /** Remove a file. A file that is already gone counts as removed (rollback may run twice). */
  async removeFolder(path: string): Promise<WriteResult> {
    const at = split(path);
    if (!at.ok) return { ok: false, message: at.message };
    if (at.name === '') return { ok: false, message: 'the workspace folder itself is not removed' };
    try {
      const dir = await walk(this.root, at.dirs);
      await dir.getDirectoryHandle(at.name);
      // Without `recursive`, a folder that holds anything is refused (InvalidModificationError).
      await dir.removeEntry(at.name);
      return { ok: true };
    } catch (err) {
      if (errorName(err) === 'NotFoundError') return { ok: true };
      return { ok: false, message: writeRefusal(err) };
    }
  }

  async remove(path: string): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const at = split(path);
    if (!at.ok) return { ok: false, message: at.message };
    if (at.name === '') return { ok: false, message: DIRECTORY_IN_THE_WAY };
    let dir: FileSystemDirectoryHandle;
    try {
      dir = await walk(this.root, at.dirs);
      // Looked up first so that an (empty) folder of that name is never removed by mistake.
      await dir.getFileHandle(at.name);
    } catch (err) {
      const name = errorName(err);
      if (name === 'NotFoundError') return { ok: true };
      if (name === 'TypeMismatchError') return { ok: false, message: DIRECTORY_IN_THE_WAY };
      return { ok: false, message: writeRefusal(err) };
    }
    try {
      await dir.removeEntry(at.name);
      return { ok: true };
    } catch (err) {
      if (errorName(err) === 'NotFoundError') return { ok: true };
      return { ok: false, message: writeRefusal(err) };
    }
  }
}
