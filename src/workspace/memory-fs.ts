// In-memory workspace: contract cases, tests, and the app's case previews. Writes are atomic by
// construction (one map assignment). `failWrites` simulates a failing disk for rollback tests.
//
// A caller gets a copy of a file's bytes and the file keeps a copy of what it is given, so no
// caller can change a file behind its back. A `shared` read or write (the engine's: it never
// modifies bytes) skips the copy: the file's own array is handed out, or the given one kept. An
// array the map holds is never modified, only replaced by a write, so a file that still holds the
// very array a run read is unchanged since that read (the commit's compare answers at once).

import { pathProblem, plainCanonical, folderOnly, NAMES_A_FOLDER, namesFolder } from '../engine/file-identity';
import type { BytesOptions, ListResult, LockResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import { KeyedMutex } from './keyed-mutex';

export interface MemoryFsOptions {
  /** Workspace paths whose writes fail (to exercise rollback). */
  failWrites?: Iterable<string>;
  /** Workspace paths that cannot be read. */
  denyRead?: Iterable<string>;
}

export class MemoryFs implements WorkspaceFs {
  readonly files = new Map<string, Uint8Array>();
  private readonly failWrites: Set<string>;
  private readonly denyRead: Set<string>;
  /** Every successful write and remove, in order (tests assert on it). */
  readonly log: string[] = [];
  private readonly saving = new KeyedMutex();

  constructor(files: Record<string, Uint8Array | string> = {}, options: MemoryFsOptions = {}) {
    const enc = new TextEncoder();
    for (const [p, v] of Object.entries(files)) this.files.set(clean(p), typeof v === 'string' ? enc.encode(v) : v);
    this.failWrites = new Set([...(options.failWrites ?? [])].map(clean));
    this.denyRead = new Set([...(options.denyRead ?? [])].map(clean));
  }

  private isDir(path: string): boolean {
    if (path === '') return true;
    const prefix = `${path}/`;
    for (const k of this.files.keys()) if (k.startsWith(prefix)) return true;
    return false;
  }

  async stat(path: string): Promise<StatResult> {
    if (namesFolder(path)) return folderOnly(await this.stat(path.replace(/\/+$/, '')));
    const p = clean(path);
    const problem = pathProblem(p);
    if (problem !== null) return { kind: 'denied', message: problem };
    if (this.denyRead.has(p)) return { kind: 'denied', message: 'read access denied' };
    const f = this.files.get(p);
    if (f) return { kind: 'file', size: f.length };
    return this.isDir(p) ? { kind: 'directory' } : { kind: 'missing' };
  }

  async read(path: string, options?: BytesOptions): Promise<ReadResult> {
    if (namesFolder(path)) return folderOnly(await this.read(path.replace(/\/+$/, ''), options));
    const p = clean(path);
    const problem = pathProblem(p);
    if (problem !== null) return { kind: 'denied', message: problem };
    if (this.denyRead.has(p)) return { kind: 'denied', message: 'read access denied' };
    const f = this.files.get(p);
    if (f) return { kind: 'file', bytes: options?.shared === true ? f : f.slice() };
    return this.isDir(p) ? { kind: 'directory' } : { kind: 'missing' };
  }

  /** A file standing where a parent folder of `path` would have to be, as real disks refuse. */
  private fileAbove(path: string): string | null {
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
      const parent = path.slice(0, i);
      if (this.files.has(parent)) return parent;
    }
    return null;
  }

  async write(path: string, bytes: Uint8Array, options?: BytesOptions): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const p = clean(path);
    const problem = pathProblem(p);
    if (problem !== null) return { ok: false, message: problem };
    if (this.failWrites.has(p)) return { ok: false, message: 'simulated write failure' };
    if (this.isDir(p)) return { ok: false, message: 'a directory is in the way' };
    const blocker = this.fileAbove(p);
    if (blocker !== null) return { ok: false, message: `${blocker} is a file, not a folder` };
    this.files.set(p, options?.shared === true ? bytes : bytes.slice());
    this.log.push(`write ${p}`);
    return { ok: true };
  }

  async remove(path: string): Promise<WriteResult> {
    if (namesFolder(path)) return { ok: false, message: NAMES_A_FOLDER };
    const p = clean(path);
    const problem = pathProblem(p);
    if (problem !== null) return { ok: false, message: problem };
    if (!this.files.has(p) && this.isDir(p)) return { ok: false, message: 'is a folder; only files are removed' };
    this.files.delete(p);
    this.log.push(`remove ${p}`);
    return { ok: true };
  }

  async list(path: string): Promise<ListResult> {
    const p = clean(path).replace(/\/+$/, '');
    const problem = pathProblem(p);
    if (problem !== null) return { kind: 'denied', message: problem };
    if (this.denyRead.has(p)) return { kind: 'denied', message: 'read access denied' };
    if (this.files.has(p)) return { kind: 'file' };
    if (!this.isDir(p)) return { kind: 'missing' };
    const prefix = p === '' ? '' : `${p}/`;
    const seen = new Map<string, 'file' | 'directory'>();
    for (const k of this.files.keys()) {
      if (!k.startsWith(prefix)) continue;
      const rest = k.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) seen.set(rest, 'file');
      else seen.set(rest.slice(0, slash), 'directory');
    }
    return { kind: 'directory', entries: [...seen].map(([name, kind]) => ({ name, kind })) };
  }

  /** No links in memory: a file's identity is its normalised path (`./a`, `b/../a` and `a` are one). */
  async canonical(path: string): Promise<string> {
    return plainCanonical(path);
  }

  /** Saves interleave only within this process (two commits awaiting in turn): a mutex per path. */
  async lock(paths: readonly string[]): Promise<LockResult> {
    return { ok: true, release: await this.saving.hold(paths.map(plainCanonical)) };
  }

  text(path: string): string | undefined {
    const f = this.files.get(clean(path));
    // ignoreBOM keeps a BOM visible as U+FEFF, so tests can see one appear or vanish.
    return f === undefined ? undefined : new TextDecoder('utf-8', { ignoreBOM: true }).decode(f);
  }
}

function clean(p: string): string {
  return p.replace(/^\/+/, '');
}
