// An in-memory fake of the File System API for HandleFs's tests (src/workspace/handle-fs*.test.ts).
// It follows the documented behaviour (MDN, WHATWG File System): NotFoundError for a missing
// entry, TypeMismatchError for the wrong kind, TypeError for an invalid name, `create` only when
// asked, and Chromium's swap file (`name.crswap`, visible in the folder while a writable is open,
// renamed over the target on close(), deleted on abort()).

export type Op = 'getDirectoryHandle' | 'getFileHandle' | 'getFile' | 'createWritable' | 'write' | 'close' | 'removeEntry' | 'values';

/** Decides whether an operation on a full path fails, and how. */
export type Fault = (op: Op, path: string) => Error | undefined;

export const enc = new TextEncoder();
export const dec = new TextDecoder();

export function domError(name: string, message = name): DOMException {
  return new DOMException(message, name);
}

function checkName(name: string): void {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\\')) {
    throw new TypeError(`Name is not allowed: ${JSON.stringify(name)}`);
  }
}

export class FakeFs {
  fault: Fault = () => undefined;
  readonly log: string[] = [];
  /** Simulates a browser without `createWritable` (older Safari on the main thread). */
  noCreateWritable = false;

  check(op: Op, path: string): void {
    const err = this.fault(op, path);
    if (err) throw err;
  }
}

export class FakeFile {
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

export class FakeWritable {
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

export class FakeDir {
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
export function fakeRoot(files: Record<string, string | null> = {}): { root: FakeDir; handle: FileSystemDirectoryHandle; fake: FakeFs } {
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
export function paths(dir: FakeDir): string[] {
  const out: string[] = [];
  for (const entry of dir.children.values()) {
    if (entry instanceof FakeDir) out.push(`${entry.path}/`, ...paths(entry));
    else out.push(entry.path);
  }
  return out.sort();
}

export function textAt(root: FakeDir, path: string): string | undefined {
  let node: FakeDir | FakeFile | undefined = root;
  for (const seg of path.split('/')) node = node instanceof FakeDir ? node.children.get(seg) : undefined;
  return node instanceof FakeFile ? dec.decode(node.data) : undefined;
}
