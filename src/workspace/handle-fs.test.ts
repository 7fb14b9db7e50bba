// HandleFs against an in-memory fake of the File System API. The fake follows the documented
// behaviour (MDN, WHATWG File System): NotFoundError for a missing entry, TypeMismatchError for
// the wrong kind, TypeError for an invalid name, `create` only when asked, and Chromium's swap
// file (`name.crswap`, visible in the folder while a writable is open, renamed over the target on
// close(), deleted on abort()). The real-browser check belongs to the Playwright suite.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { commitStage } from '../engine/commit';
import { runAndCommit, runCall } from '../engine/run';
import { HandleFs, isHiddenEntry, listDirectory } from './handle-fs';

type Op = 'getDirectoryHandle' | 'getFileHandle' | 'getFile' | 'createWritable' | 'write' | 'close' | 'removeEntry' | 'values';

/** Decides whether an operation on a full path fails, and how. */
type Fault = (op: Op, path: string) => Error | undefined;

const enc = new TextEncoder();
const dec = new TextDecoder();

function domError(name: string, message = name): DOMException {
  return new DOMException(message, name);
}

function checkName(name: string): void {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\\')) {
    throw new TypeError(`Name is not allowed: ${JSON.stringify(name)}`);
  }
}

class FakeFs {
  fault: Fault = () => undefined;
  readonly log: string[] = [];
  /** Simulates a browser without `createWritable` (older Safari on the main thread). */
  noCreateWritable = false;

  check(op: Op, path: string): void {
    const err = this.fault(op, path);
    if (err) throw err;
  }
}

class FakeFile {
  readonly kind = 'file' as const;
  constructor(
    readonly fs: FakeFs,
    readonly parent: FakeDir,
    readonly name: string,
    public data: Uint8Array,
  ) {}

  get path(): string {
    return joinPath(this.parent.path, this.name);
  }

  /** One entry, whatever name it was reached by (a test puts one object under two names). */
  async isSameEntry(other: unknown): Promise<boolean> {
    return other === this;
  }

  async getFile(): Promise<Blob> {
    this.fs.check('getFile', this.path);
    if (this.parent.children.get(this.name) !== this) throw domError('NotFoundError');
    return new Blob([this.data.slice()]);
  }

  get createWritable(): (() => Promise<FakeWritable>) | undefined {
    if (this.fs.noCreateWritable) return undefined;
    return async () => {
      this.fs.check('createWritable', this.path);
      return new FakeWritable(this);
    };
  }
}

class FakeWritable {
  private chunks: Uint8Array[] = [];
  private readonly swap: FakeFile;
  private done = false;

  constructor(private readonly target: FakeFile) {
    // Chromium writes to `name.crswap` next to the target (memfs's node-to-fsa models the same).
    this.swap = new FakeFile(target.fs, target.parent, `${target.name}.crswap`, new Uint8Array());
    target.parent.children.set(this.swap.name, this.swap);
    target.fs.log.push(`createWritable ${target.path}`);
  }

  async write(data: Uint8Array): Promise<void> {
    this.target.fs.check('write', this.target.path);
    this.chunks.push(data.slice());
    this.swap.data = concat(this.chunks);
  }

  async close(): Promise<void> {
    if (this.done) throw new TypeError('stream is closed');
    this.target.fs.check('close', this.target.path);
    this.done = true;
    this.target.data = concat(this.chunks);
    this.target.parent.children.delete(this.swap.name);
    this.target.fs.log.push(`close ${this.target.path}`);
  }

  async abort(): Promise<void> {
    this.done = true;
    this.target.parent.children.delete(this.swap.name);
    this.target.fs.log.push(`abort ${this.target.path}`);
  }
}

class FakeDir {
  readonly kind = 'directory' as const;
  readonly children = new Map<string, FakeDir | FakeFile>();
  constructor(
    readonly fs: FakeFs,
    readonly name: string,
    readonly path: string,
  ) {}

  async isSameEntry(other: unknown): Promise<boolean> {
    return other === this;
  }

  getDirectoryHandle(name: string, options: { create?: boolean } = {}): Promise<FakeDir> {
    return this.entry(name, options, 'getDirectoryHandle', FakeDir, () => new FakeDir(this.fs, name, joinPath(this.path, name)));
  }

  getFileHandle(name: string, options: { create?: boolean } = {}): Promise<FakeFile> {
    // Like the real API: creating the handle creates an empty file at once.
    return this.entry(name, options, 'getFileHandle', FakeFile, () => new FakeFile(this.fs, this, name, new Uint8Array()));
  }

  private async entry<T extends FakeDir | FakeFile>(
    name: string,
    options: { create?: boolean },
    op: Op,
    kind: abstract new (...args: never[]) => T,
    make: () => T,
  ): Promise<T> {
    checkName(name);
    this.fs.check(op, joinPath(this.path, name));
    const entry = this.children.get(name);
    if (entry instanceof kind) return entry;
    if (entry) throw domError('TypeMismatchError', 'The path supplied exists, but was not an entry of requested type.');
    if (!options.create) throw domError('NotFoundError', 'A requested file or directory could not be found.');
    const made = make();
    this.children.set(name, made);
    return made;
  }

  async removeEntry(name: string, options: { recursive?: boolean } = {}): Promise<void> {
    checkName(name);
    this.fs.check('removeEntry', joinPath(this.path, name));
    const entry = this.children.get(name);
    if (!entry) throw domError('NotFoundError');
    if (entry instanceof FakeDir && entry.children.size > 0 && !options.recursive) throw domError('InvalidModificationError');
    this.children.delete(name);
  }

  async *values(): AsyncGenerator<FakeDir | FakeFile> {
    this.fs.check('values', this.path);
    for (const entry of [...this.children.values()]) yield entry;
  }
}

function joinPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A fake root with files (`'a/b.txt': 'text'`) and empty folders (`'dir/': null`). */
function fakeRoot(files: Record<string, string | null> = {}): { root: FakeDir; handle: FileSystemDirectoryHandle; fake: FakeFs } {
  const fake = new FakeFs();
  const root = new FakeDir(fake, '', '');
  for (const [path, text] of Object.entries(files)) {
    const segs = path.split('/').filter(Boolean);
    let dir = root;
    const last = text === null ? segs.length : segs.length - 1;
    for (const seg of segs.slice(0, last)) {
      let next = dir.children.get(seg);
      if (!next) {
        next = new FakeDir(fake, seg, joinPath(dir.path, seg));
        dir.children.set(seg, next);
      }
      if (!(next instanceof FakeDir)) throw new Error(`fixture: ${seg} is a file`);
      dir = next;
    }
    if (text !== null) dir.children.set(segs[last]!, new FakeFile(fake, dir, segs[last]!, enc.encode(text)));
  }
  return { root, handle: root as unknown as FileSystemDirectoryHandle, fake };
}

/** Every path in the fake, folders with a trailing slash, sorted. */
function paths(dir: FakeDir): string[] {
  const out: string[] = [];
  for (const entry of dir.children.values()) {
    if (entry instanceof FakeDir) out.push(`${entry.path}/`, ...paths(entry));
    else out.push(entry.path);
  }
  return out.sort();
}

function textAt(root: FakeDir, path: string): string | undefined {
  let node: FakeDir | FakeFile | undefined = root;
  for (const seg of path.split('/')) node = node instanceof FakeDir ? node.children.get(seg) : undefined;
  return node instanceof FakeFile ? dec.decode(node.data) : undefined;
}

describe('HandleFs: stat and read walk folder handles without creating anything', () => {
  it('reads a nested file byte for byte and reports its size', async () => {
    const { handle, root } = fakeRoot({ 'src/a.ts': 'export const a = 1;\r\n' });
    const fs = new HandleFs(handle);
    expect(await fs.stat('src/a.ts')).toEqual({ kind: 'file', size: 21 });
    const rd = await fs.read('src/a.ts');
    expect(rd.kind === 'file' && dec.decode(rd.bytes)).toBe('export const a = 1;\r\n');
    expect(paths(root)).toEqual(['src/', 'src/a.ts']);
  });

  it('answers missing for a missing file or folder, creating nothing', async () => {
    const { handle, root } = fakeRoot({ 'a.txt': 'x' });
    const fs = new HandleFs(handle);
    expect(await fs.stat('nope.txt')).toEqual({ kind: 'missing' });
    expect(await fs.read('no/such/file.txt')).toEqual({ kind: 'missing' });
    expect(paths(root)).toEqual(['a.txt']);
  });

  it('answers missing when a parent is a file (TypeMismatchError while walking)', async () => {
    const fs = new HandleFs(fakeRoot({ 'a.txt': 'x' }).handle);
    expect(await fs.stat('a.txt/child')).toEqual({ kind: 'missing' });
    expect(await fs.read('a.txt/child')).toEqual({ kind: 'missing' });
  });

  it('answers directory for a folder (TypeMismatchError on the last segment) and for the root', async () => {
    const fs = new HandleFs(fakeRoot({ 'dir/': null }).handle);
    expect(await fs.stat('dir')).toEqual({ kind: 'directory' });
    expect(await fs.read('dir')).toEqual({ kind: 'directory' });
    expect(await fs.stat('')).toEqual({ kind: 'directory' });
  });

  it('answers denied, with the reason, for NotAllowedError and SecurityError', async () => {
    const { handle, fake } = fakeRoot({ 'a.txt': 'x', 'b.txt': 'y' });
    fake.fault = (op, path) =>
      op === 'getFile' && path === 'a.txt' ? domError('NotAllowedError') : op === 'getFileHandle' && path === 'b.txt' ? domError('SecurityError') : undefined;
    const fs = new HandleFs(handle);
    expect(await fs.read('a.txt')).toEqual({ kind: 'denied', message: expect.stringContaining('permission denied') });
    expect(await fs.stat('b.txt')).toEqual({ kind: 'denied', message: "blocked by the browser's security rules" });
  });

  it('refuses `..` segments as outside the workspace', async () => {
    const fs = new HandleFs(fakeRoot().handle);
    expect(await fs.stat('../x')).toEqual({ kind: 'denied', message: 'the path is outside the workspace', outside: true });
    expect(await fs.write('a/../../x', enc.encode('x'))).toEqual({ ok: false, message: 'the path is outside the workspace' });
  });

  it('answers denied, never throws, when the browser refuses a name (TypeError)', async () => {
    const fs = new HandleFs(fakeRoot().handle);
    expect(await fs.stat('bad\\name')).toEqual({ kind: 'denied', message: 'the browser refuses this file name' });
  });
});

describe('HandleFs: write goes through createWritable → write → close', () => {
  it('replaces a file; the swap file exists only while writing', async () => {
    const { handle, root, fake } = fakeRoot({ 'a.txt': 'old' });
    let seenDuringWrite: string[] = [];
    fake.fault = (op) => {
      if (op === 'close') seenDuringWrite = paths(root);
      return undefined;
    };
    const fs = new HandleFs(handle);
    expect(await fs.write('a.txt', enc.encode('new'))).toEqual({ ok: true });
    expect(seenDuringWrite).toEqual(['a.txt', 'a.txt.crswap']);
    expect(paths(root)).toEqual(['a.txt']);
    expect(textAt(root, 'a.txt')).toBe('new');
    expect(fake.log).toEqual(['createWritable a.txt', 'close a.txt']);
  });

  it('creates a new file and its missing parent folders', async () => {
    const { handle, root } = fakeRoot();
    const fs = new HandleFs(handle);
    expect(await fs.write('deep/er/new.txt', enc.encode('hi'))).toEqual({ ok: true });
    expect(paths(root)).toEqual(['deep/', 'deep/er/', 'deep/er/new.txt']);
    expect(textAt(root, 'deep/er/new.txt')).toBe('hi');
  });

  it('does not let later changes to the caller’s buffer reach the file', async () => {
    const { handle, root } = fakeRoot();
    const bytes = enc.encode('abc');
    await new HandleFs(handle).write('a.txt', bytes);
    bytes[0] = 0x7a;
    expect(textAt(root, 'a.txt')).toBe('abc');
  });

  it('aborts on a failed write: the original stays, no swap file is left, the message says why', async () => {
    const { handle, root, fake } = fakeRoot({ 'a.txt': 'original' });
    fake.fault = (op) => (op === 'write' ? domError('QuotaExceededError') : undefined);
    const res = await new HandleFs(handle).write('a.txt', enc.encode('replacement'));
    expect(res).toEqual({ ok: false, message: 'storage quota exceeded' });
    expect(textAt(root, 'a.txt')).toBe('original');
    expect(paths(root)).toEqual(['a.txt']);
    expect(fake.log).toEqual(['createWritable a.txt', 'abort a.txt']);
  });

  it('takes back the empty file and the folders it created when a new file fails', async () => {
    const { handle, root, fake } = fakeRoot({ 'keep/old.txt': 'x' });
    fake.fault = (op) => (op === 'close' ? domError('AbortError') : undefined);
    const res = await new HandleFs(handle).write('keep/new/sub/file.txt', enc.encode('x'));
    expect(res).toEqual({ ok: false, message: "the browser's safety check rejected the file" });
    expect(paths(root)).toEqual(['keep/', 'keep/old.txt']);
  });

  it('explains a lock held by another writer (NoModificationAllowedError)', async () => {
    const { handle, fake } = fakeRoot({ 'a.txt': 'x' });
    fake.fault = (op) => (op === 'createWritable' ? domError('NoModificationAllowedError') : undefined);
    const res = await new HandleFs(handle).write('a.txt', enc.encode('y'));
    expect(res).toEqual({ ok: false, message: expect.stringContaining('locked by another writer') });
  });

  it('explains a missing write permission (NotAllowedError)', async () => {
    const { handle, fake } = fakeRoot({ 'a.txt': 'x' });
    fake.fault = (op) => (op === 'createWritable' ? domError('NotAllowedError') : undefined);
    const res = await new HandleFs(handle).write('a.txt', enc.encode('y'));
    expect(res).toEqual({ ok: false, message: expect.stringContaining('not granted write access') });
  });

  it('refuses to write where a parent is a file, or over a folder', async () => {
    const { handle, root } = fakeRoot({ 'a.txt': 'x', 'dir/': null });
    const fs = new HandleFs(handle);
    expect(await fs.write('a.txt/b.txt', enc.encode('y'))).toEqual({ ok: false, message: 'a parent of the path is a file, not a folder' });
    expect(await fs.write('dir', enc.encode('y'))).toEqual({ ok: false, message: 'a directory is in the way' });
    expect(paths(root)).toEqual(['a.txt', 'dir/']);
  });

  it('says so plainly when the browser has no createWritable, leaving nothing behind', async () => {
    const { handle, root, fake } = fakeRoot();
    fake.noCreateWritable = true;
    const res = await new HandleFs(handle).write('new/a.txt', enc.encode('x'));
    expect(res).toEqual({ ok: false, message: expect.stringContaining('no createWritable') });
    expect(paths(root)).toEqual([]);
  });
});

describe('HandleFs: remove', () => {
  it('removes a file; a file already gone counts as removed', async () => {
    const { handle, root } = fakeRoot({ 'd/a.txt': 'x' });
    const fs = new HandleFs(handle);
    expect(await fs.remove('d/a.txt')).toEqual({ ok: true });
    expect(paths(root)).toEqual(['d/']);
    expect(await fs.remove('d/a.txt')).toEqual({ ok: true });
    expect(await fs.remove('gone/a.txt')).toEqual({ ok: true });
  });

  it('never removes a folder, even an empty one', async () => {
    const { handle, root } = fakeRoot({ 'dir/': null });
    expect(await new HandleFs(handle).remove('dir')).toEqual({ ok: false, message: 'a directory is in the way' });
    expect(paths(root)).toEqual(['dir/']);
  });
});

describe('HandleFs: list (the engine\'s view, for profiles that list folders)', () => {
  it('lists every entry but *.crswap; a file, a missing path say so', async () => {
    const { handle } = fakeRoot({ 'b.txt': '', '.git/HEAD': '', 'node_modules/x/i.js': '', 'a.txt.crswap': '', 'src/m.ts': '' });
    const fs = new HandleFs(handle);
    const root = await fs.list('');
    expect(root.kind === 'directory' && [...root.entries].sort((x, y) => (x.name < y.name ? -1 : 1))).toEqual([
      { name: '.git', kind: 'directory' },
      { name: 'b.txt', kind: 'file' },
      { name: 'node_modules', kind: 'directory' },
      { name: 'src', kind: 'directory' },
    ]);
    expect(await fs.list('src')).toEqual({ kind: 'directory', entries: [{ name: 'm.ts', kind: 'file' }] });
    expect(await fs.list('b.txt')).toEqual({ kind: 'file' });
    expect(await fs.list('nope')).toEqual({ kind: 'missing' });
  });
});

describe('listDirectory', () => {
  it('lists folders first, then files, each by name; hides .git, node_modules and *.crswap', async () => {
    const { handle } = fakeRoot({
      'b.txt': '',
      'A.md': '',
      'a.txt': '',
      'a.txt.crswap': '',
      'z/': null,
      'm/x.ts': '',
      '.git/HEAD': '',
      'node_modules/x/index.js': '',
      '.env': '',
    });
    expect(await listDirectory(handle, '')).toEqual([
      { name: 'm', kind: 'directory' },
      { name: 'z', kind: 'directory' },
      { name: '.env', kind: 'file' },
      { name: 'A.md', kind: 'file' },
      { name: 'a.txt', kind: 'file' },
      { name: 'b.txt', kind: 'file' },
    ]);
    expect(await listDirectory(handle, 'm')).toEqual([{ name: 'x.ts', kind: 'file' }]);
  });

  it('rejects with a reason for a missing folder or a file', async () => {
    const { handle } = fakeRoot({ 'a.txt': '' });
    await expect(listDirectory(handle, 'nope')).rejects.toThrow('Cannot list nope: no such folder');
    await expect(listDirectory(handle, 'a.txt')).rejects.toThrow('Cannot list a.txt: it is a file, not a folder');
  });

  it('isHiddenEntry names exactly the hidden entries', () => {
    expect(['.git', 'node_modules', 'a.ts.crswap', 'a.ts.1.crswap'].every(isHiddenEntry)).toBe(true);
    expect(['.github', '.gitignore', 'crswap', 'src'].some(isHiddenEntry)).toBe(false);
  });
});

describe('HandleFs under commitStage (SPEC 5)', () => {
  it('rolls back earlier files when a later write fails, and removes a created one', async () => {
    const { handle, root, fake } = fakeRoot({ 'a.txt': 'one\n', 'b.txt': 'two\n' });
    const fs = new HandleFs(handle);
    const created = await runCall(fs, 'MultiEdit', { file_path: '/new/c.txt', edits: [{ old_string: '', new_string: 'three\n' }] });
    const edited = await runCall(fs, 'MultiEditBatch', {
      description: 'numbers',
      edits: [
        { file_path: '/a.txt', old_string: 'one', new_string: '1' },
        { file_path: '/b.txt', old_string: 'two', new_string: '2' },
      ],
    });
    expect(created.ok && edited.ok).toBe(true);
    fake.fault = (op, path) => (op === 'write' && path === 'b.txt' ? domError('QuotaExceededError') : undefined);

    const out = await commitStage(fs, { files: [...created.stage.files, ...edited.stage.files] });

    expect(out).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED' }, rolledBack: ['/a.txt', '/new/c.txt'], restoreFailures: [] });
    expect(!out.ok && out.error.message).toContain('storage quota exceeded');
    expect(textAt(root, 'a.txt')).toBe('one\n');
    expect(textAt(root, 'b.txt')).toBe('two\n');
    // The folder made for the created file goes with it (issue 16, item 11).
    expect(paths(root)).toEqual(['a.txt', 'b.txt']);
  });

  it('removeFolder removes an empty folder only', async () => {
    const { handle, root } = fakeRoot({ 'a/b/c.txt': 'x', 'e/f': null });
    const fs = new HandleFs(handle);
    expect(await fs.removeFolder('e/f')).toEqual({ ok: true });
    expect(await fs.removeFolder('a')).toMatchObject({ ok: false });
    expect(await fs.removeFolder('gone')).toEqual({ ok: true });
    expect(paths(root)).toEqual(['a/', 'a/b/', 'a/b/c.txt', 'e/']);
  });
});

/** Put the entry at `from` under a second name too, as a platform whose handles can alias would. */
function alias(root: FakeDir, from: string, to: string): void {
  const walk = (p: string) => {
    let node: FakeDir | FakeFile | undefined = root;
    for (const seg of p.split('/')) node = node instanceof FakeDir ? node.children.get(seg) : undefined;
    return node;
  };
  const entry = walk(from);
  const slash = to.lastIndexOf('/');
  const dir = slash === -1 ? root : walk(to.slice(0, slash));
  if (entry === undefined || !(dir instanceof FakeDir)) throw new Error(`fixture: cannot alias ${from} as ${to}`);
  dir.children.set(to.slice(slash + 1), entry);
}

describe('HandleFs: a file is its identity (isSameEntry), issue 16 item 1', () => {
  it('canonical names an entry reached by two names by the name first seen; a missing file by its folder', async () => {
    const { handle, root } = fakeRoot({ 'd/f.txt': 'x' });
    alias(root, 'd/f.txt', 'l.txt');
    alias(root, 'd', 'dl');
    const fs = new HandleFs(handle);
    expect(await fs.canonical('d/f.txt')).toBe('d/f.txt');
    expect(await fs.canonical('l.txt')).toBe('d/f.txt');
    expect(await fs.canonical('dl/f.txt')).toBe('d/f.txt');
    expect(await fs.canonical('dl/new/x.txt')).toBe('d/new/x.txt');
    expect(await fs.canonical('./d/../l.txt')).toBe('d/f.txt');
    expect(await fs.canonical('nowhere/x.txt')).toBe('nowhere/x.txt');
  });

  it('MultiEditBatch edits through two names of one entry chain, both kept', async () => {
    const { handle, root } = fakeRoot({ 'd/f.txt': 'one\ntwo\n' });
    alias(root, 'd/f.txt', 'l.txt');
    const { outcome, commit } = await runAndCommit(new HandleFs(handle), 'MultiEditBatch', {
      description: 'aliases',
      edits: [
        { file_path: '/d/f.txt', old_string: 'one', new_string: 'ONE' },
        { file_path: '/l.txt', old_string: 'two', new_string: 'TWO' },
      ],
    });
    expect(outcome.ok && (outcome.result as { success: boolean }).success).toBe(true);
    expect(commit?.ok).toBe(true);
    expect(textAt(root, 'd/f.txt')).toBe('ONE\nTWO\n');
  });
});

/** A LockManager as the Web Locks API specifies it: exclusive locks granted in request order, abortable while waiting. */
class FakeLocks {
  private readonly queues = new Map<string, (() => void)[]>();
  readonly requested: string[] = [];

  request(name: string, options: { mode?: string; signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown> {
    this.requested.push(name);
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const grant = () => {
        options.signal?.removeEventListener('abort', onAbort);
        callback().then(resolve, reject).finally(() => {
          queue.shift();
          queue[0]?.();
        });
      };
      const onAbort = () => {
        const i = queue.indexOf(grant);
        if (i > 0) queue.splice(i, 1);
        reject(new DOMException('aborted', 'AbortError'));
      };
      options.signal?.addEventListener('abort', onAbort);
      queue.push(grant);
      if (queue.length === 1) grant();
    });
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('HandleFs: saves of one file are serialised (Web Locks), issue 16 item 2', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  for (const locks of ['Web Locks', 'no Web Locks (one realm)'] as const) {
    it(`${locks}: of two saves at once one keeps its edit, the other reports a conflict`, async () => {
      const fake = new FakeLocks();
      if (locks === 'Web Locks') vi.stubGlobal('navigator', { locks: fake });
      const { handle, root } = fakeRoot({ 'f.txt': 'line1\nline2\n' });
      const fs = new HandleFs(handle);
      const a = await runCall(fs, 'edit_text_file', { path: '/f.txt', old_string: 'line1', new_string: 'EDIT1' });
      const b = await runCall(fs, 'edit_text_file', { path: '/f.txt', old_string: 'line2', new_string: 'EDIT2' });
      // Slow writes: without a lock both saves would pass their compare before either writes.
      const slow = new HandleFs(handle);
      const write = slow.write.bind(slow);
      slow.write = async (p, bytes) => {
        await sleep(30);
        return write(p, bytes);
      };
      const [ca, cb] = await Promise.all([commitStage(slow, a.stage), commitStage(slow, b.stage)]);
      expect([ca.ok, cb.ok].filter(Boolean)).toHaveLength(1);
      const now = textAt(root, 'f.txt');
      expect(now).toBe(ca.ok ? 'EDIT1\nline2\n' : 'line1\nEDIT2\n');
      expect(ca.ok ? cb : ca).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
      if (locks === 'Web Locks') expect(fake.requested).toEqual(['edit-playground-save:/f.txt', 'edit-playground-save:/f.txt']);
    });
  }

  it('a save that waits too long for another tab is refused, and writes nothing', async () => {
    vi.stubGlobal('navigator', { locks: new FakeLocks() });
    const { handle, root } = fakeRoot({ 'f.txt': 'one\n' });
    const other = await new HandleFs(handle).lock(['f.txt']);
    expect(other.ok).toBe(true);
    const { outcome } = await runAndCommit(new HandleFs(handle, { lockTimeoutMs: 50 }), 'edit_text_file', { path: '/f.txt', old_string: 'one', new_string: 'two' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('f.txt is being saved in another tab or window') } });
    expect(textAt(root, 'f.txt')).toBe('one\n');
    if (other.ok) await other.release();
    const again = await runAndCommit(new HandleFs(handle), 'edit_text_file', { path: '/f.txt', old_string: 'one', new_string: 'two' });
    expect(again.commit?.ok).toBe(true);
  });
});
