// A browser directory handle as the workspace: a folder the user opened with
// `showDirectoryPicker()` or the Origin Private File System (`navigator.storage.getDirectory()`).
// Both are FileSystemDirectoryHandles, so one backend serves both.
//
// Atomicity comes from the platform: `createWritable()` hands out a stream whose bytes go to a
// swap file (Chromium: `name.crswap` next to the target) and replace the target only on
// `close()`; `abort()` discards them. So a failed write leaves the old file as it was.
//
// The File System API reports everything as DOMExceptions named by kind; this backend turns them
// into the interface's values and into sentences a user can act on.
//
// A file is its identity (SPEC 14): `canonical` compares the handle a path reaches with those seen
// before (`isSameEntry`), so two names of one entry are one file. Saves are serialised per file
// with the Web Locks API (`navigator.locks`, shared by every tab and worker of the origin), or
// within this realm where it is missing.

import { pathProblem, plainCanonical, folderOnly, NAMES_A_FOLDER, namesFolder } from '../engine/file-identity';
import type { ListResult, LockResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import { KeyedMutex } from './keyed-mutex';

const OUTSIDE = 'the path is outside the workspace';
const DIRECTORY_IN_THE_WAY = 'a directory is in the way';
const PARENT_IS_FILE = 'a parent of the path is a file, not a folder';

/** `values()` lives in lib.dom.asynciterable, which this project's tsconfig does not load. */
type IterableDirectory = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> };

type Segments = { ok: true; dirs: string[]; name: string } | { ok: false; message: string };

/**
 * `src/a.ts` → folders `['src']` and name `a.ts`. Empty and `.` segments are dropped; `..` is
 * refused outright (the engine normalises paths first, so it only appears when escaping).
 */
function split(path: string): Segments {
  const problem = pathProblem(path);
  if (problem !== null) return { ok: false, message: problem };
  const segs = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) return { ok: false, message: OUTSIDE };
  const name = segs.pop();
  return name === undefined ? { ok: true, dirs: [], name: '' } : { ok: true, dirs: segs, name };
}

function errorName(err: unknown): string {
  if (err instanceof TypeError) return 'TypeError';
  return typeof err === 'object' && err !== null && 'name' in err && typeof err.name === 'string' ? err.name : '';
}

function errorText(err: unknown): string {
  return typeof err === 'object' && err !== null && 'message' in err && typeof err.message === 'string' ? err.message : String(err);
}

/** Why a read-side operation was refused, for the errors that are not "missing". */
function readRefusal(err: unknown): string {
  switch (errorName(err)) {
    case 'NotAllowedError':
      return 'permission denied: the browser has not granted read access to this folder (open it again and allow access)';
    case 'SecurityError':
      return "blocked by the browser's security rules";
    case 'NotReadableError':
      return 'the file could not be read (it changed, or another program holds it)';
    case 'TypeError':
      return 'the browser refuses this file name';
    default:
      return errorText(err);
  }
}

/** A failed write, mutation or creation in words. */
function writeRefusal(err: unknown): string {
  switch (errorName(err)) {
    case 'NotAllowedError':
      return 'permission denied: the browser has not granted write access to this folder (allow editing and save again)';
    case 'SecurityError':
      return "blocked by the browser's security rules";
    case 'NoModificationAllowedError':
      return 'the file is locked by another writer (another tab, or an open sync access handle)';
    case 'QuotaExceededError':
      return 'storage quota exceeded';
    case 'TypeMismatchError':
      return PARENT_IS_FILE;
    case 'NotFoundError':
      return 'the file or its folder was removed while saving';
    case 'InvalidStateError':
      return 'the file or its folder changed while saving';
    case 'AbortError':
      return "the browser's safety check rejected the file";
    case 'TypeError':
      return 'the browser refuses this file name';
    default:
      return errorText(err);
  }
}

/** What `stat`/`read` answer for an exception while looking an entry up. */
function lookupFailure(err: unknown): Extract<StatResult, { kind: 'missing' | 'denied' }> {
  const name = errorName(err);
  // TypeMismatchError while walking folders: a file sits where a folder was expected (ENOTDIR).
  if (name === 'NotFoundError' || name === 'TypeMismatchError') return { kind: 'missing' };
  return { kind: 'denied', message: readRefusal(err) };
}

async function walk(root: FileSystemDirectoryHandle, dirs: readonly string[]): Promise<FileSystemDirectoryHandle> {
  let dir = root;
  for (const seg of dirs) dir = await dir.getDirectoryHandle(seg);
  return dir;
}

type Located =
  | { kind: 'file'; handle: FileSystemFileHandle }
  | { kind: 'directory' }
  | Extract<StatResult, { kind: 'missing' | 'denied' }>;

async function locate(root: FileSystemDirectoryHandle, path: string): Promise<Located> {
  const at = split(path);
  if (!at.ok) return at.message === OUTSIDE ? { kind: 'denied', message: at.message, outside: true } : { kind: 'denied', message: at.message };
  if (at.name === '') return { kind: 'directory' };
  let dir: FileSystemDirectoryHandle;
  try {
    dir = await walk(root, at.dirs);
  } catch (err) {
    return lookupFailure(err);
  }
  try {
    return { kind: 'file', handle: await dir.getFileHandle(at.name) };
  } catch (err) {
    // On the last segment, TypeMismatchError means the entry is a folder.
    if (errorName(err) === 'TypeMismatchError') return { kind: 'directory' };
    return lookupFailure(err);
  }
}

/**
 * How many handles `canonical` remembers to compare a new one with: each compare is a call into the
 * browser, so a 100-file batch costs at most 100 × KNOWN_HANDLES of them.
 */
const KNOWN_HANDLES = 32;

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

export interface HandleFsOptions {
  /** How long a save waits for another tab's save of the same file (default 30 s). */
  lockTimeoutMs?: number;
}

export class HandleFs implements WorkspaceFs {
  private readonly root: FileSystemDirectoryHandle;
  private readonly lockTimeoutMs: number;
  /** Handles `canonical` has seen, newest last, with the path each was first seen at. */
  private readonly known: { handle: FileSystemHandle; path: string }[] = [];
  private readonly saving = new KeyedMutex();

  constructor(root: FileSystemDirectoryHandle, options: HandleFsOptions = {}) {
    this.root = root;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 30_000;
  }

  /**
   * The entry a path reaches, named by the path it was first seen at: `isSameEntry` against the
   * handles seen before (the last KNOWN_HANDLES). A missing file is named by its deepest existing
   * folder's identity and the rest of the path. Chromium compares the entries' paths, so only
   * a backend whose handles can alias (a folder reached twice) gives another name than the path.
   */
  async canonical(path: string): Promise<string> {
    const plain = plainCanonical(path);
    const segs = plain === '' ? [] : plain.split('/');
    if (segs.includes('..')) return plain;
    let dir = this.root;
    let found: FileSystemHandle | null = null;
    let depth = 0;
    for (const [i, seg] of segs.entries()) {
      try {
        if (i < segs.length - 1) {
          dir = await dir.getDirectoryHandle(seg);
          found = dir;
        } else {
          found = await dir.getFileHandle(seg).catch(async (err: unknown) => {
            if (errorName(err) === 'TypeMismatchError') return dir.getDirectoryHandle(seg);
            throw err;
          });
        }
        depth = i + 1;
      } catch {
        break;
      }
    }
    if (found === null) return plain;
    if (found.kind === 'file' && depth === segs.length && depth >= 2) {
      // Its folder first: a file first seen through a folder known by another name takes that name.
      const folder = await this.identify(dir, segs.slice(0, depth - 1).join('/'));
      return this.identify(found, `${folder}/${segs[depth - 1]}`);
    }
    const named = await this.identify(found, segs.slice(0, depth).join('/'));
    return [named, ...segs.slice(depth)].join('/');
  }

  private async identify(handle: FileSystemHandle, path: string): Promise<string> {
    if (typeof handle.isSameEntry !== 'function') return path;
    try {
      // The common case first: this path was seen before and still names the same entry.
      const same = this.known.find((k) => k.path === path && k.handle.kind === handle.kind);
      if (same !== undefined && (await same.handle.isSameEntry(handle))) return path;
      for (const k of this.known) {
        if (k !== same && k.handle.kind === handle.kind && (await k.handle.isSameEntry(handle))) return k.path;
      }
    } catch {
      return path;
    }
    this.known.push({ handle, path });
    if (this.known.length > KNOWN_HANDLES) this.known.shift();
    return path;
  }

  /**
   * One Web Lock per file (`edit-playground-save:<folder name>/<path>`), taken in sorted order,
   * held until release: a save in another tab of the same folder waits for this one. A folder
   * opened twice under different names is not recognised as one; two folders of one name are
   * serialised together (harmless).
   */
  async lock(paths: readonly string[]): Promise<LockResult> {
    const keys = [...new Set(paths.map((p) => `edit-playground-save:${this.root.name}/${plainCanonical(p)}`))].sort();
    const locks = webLocks();
    if (locks === undefined) return { ok: true, release: await this.saving.hold(keys) };
    const releases: (() => void)[] = [];
    const releaseAll = async () => {
      for (const r of releases.reverse()) r();
    };
    for (const key of keys) {
      const release = await holdWebLock(locks, key, this.lockTimeoutMs);
      if (release === null) {
        await releaseAll();
        const name = key.slice(key.indexOf('/') + 1);
        return { ok: false, message: `${name} is being saved in another tab or window (it held the file for ${Math.round(this.lockTimeoutMs / 1000)} s); nothing was written, save again` };
      }
      releases.push(release);
    }
    return { ok: true, release: releaseAll };
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

async function openOrCreate(
  parent: FileSystemDirectoryHandle,
  name: string,
  kind: 'directory',
  made: { parent: FileSystemDirectoryHandle; name: string }[],
): Promise<FileSystemDirectoryHandle>;
async function openOrCreate(
  parent: FileSystemDirectoryHandle,
  name: string,
  kind: 'file',
  made: { parent: FileSystemDirectoryHandle; name: string }[],
): Promise<FileSystemFileHandle>;
async function openOrCreate(
  parent: FileSystemDirectoryHandle,
  name: string,
  kind: 'file' | 'directory',
  made: { parent: FileSystemDirectoryHandle; name: string }[],
): Promise<FileSystemHandle> {
  const get = (create: boolean) => (kind === 'file' ? parent.getFileHandle(name, { create }) : parent.getDirectoryHandle(name, { create }));
  try {
    return await get(false);
  } catch (err) {
    if (errorName(err) !== 'NotFoundError') throw err;
  }
  const handle = await get(true);
  made.push({ parent, name });
  return handle;
}

export interface DirectoryEntry {
  name: string;
  kind: 'file' | 'directory';
}

/** Entries a workspace listing never shows: VCS internals, dependencies, Chromium's swap files. */
export function isHiddenEntry(name: string): boolean {
  return name === '.git' || name === 'node_modules' || name.endsWith('.crswap');
}

/**
 * The entries of the folder at `path` (workspace-relative, `''` for the root), without
 * `.git`, `node_modules` and `*.crswap`, folders first, then by name in code-unit order (stable
 * across locales, so listings and e2e expectations agree). A path that is not a readable folder
 * rejects with an Error whose message says why.
 */
export async function listDirectory(root: FileSystemDirectoryHandle, path: string): Promise<DirectoryEntry[]> {
  const segs = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) throw new Error(`Cannot list ${path}: ${OUTSIDE}`);
  let dir: IterableDirectory;
  try {
    dir = (await walk(root, segs)) as IterableDirectory;
  } catch (err) {
    const name = errorName(err);
    const why = name === 'NotFoundError' ? 'no such folder' : name === 'TypeMismatchError' ? 'it is a file, not a folder' : readRefusal(err);
    throw new Error(`Cannot list ${path || '/'}: ${why}`);
  }
  const entries: DirectoryEntry[] = [];
  try {
    for await (const handle of dir.values()) {
      if (!isHiddenEntry(handle.name)) entries.push({ name: handle.name, kind: handle.kind });
    }
  } catch (err) {
    throw new Error(`Cannot list ${path || '/'}: ${readRefusal(err)}`);
  }
  return entries.sort((a, b) => (a.kind === b.kind ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.kind === 'directory' ? -1 : 1));
}
