// Commit of the stage kinds the reference dialects add (SPEC 11): deleted files, whole-file
// writes (the reference rewrites every line ending) and moves. Stages are built by hand through
// buildFileStage, the same constructor the profiles use.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { commitPlan, commitStage } from './commit';
import { buildFileStage, finalBytesOf, loadFile } from './file-stage';
import { resolveCallPath } from './paths';
import { StagedFile } from './staged-file';
import type { FileStage } from './types';
import type { ListResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from './workspace-fs';

const dec = new TextDecoder();

async function opened(fs: WorkspaceFs, path: string) {
  const file = await loadFile(fs, path, 1 << 20);
  if (file.kind !== 'text') throw new Error(`${path} is ${file.kind}`);
  return file;
}

function resolved(path: string) {
  const r = resolveCallPath(path, '/');
  if (!r.ok) throw new Error('outside');
  return r;
}

/** Delete `path` as apply_patch's `*** Delete File` stages it. */
async function deletion(fs: WorkspaceFs, path: string): Promise<FileStage> {
  const file = await opened(fs, path);
  const staged = new StagedFile(file.text.view);
  staged.apply([{ start: 0, end: staged.length, text: '' }]);
  return buildFileStage({ resolved: resolved(`/${path}`), original: file, staged, steps: [], shape: file.text.shape, diffContext: 3, deleted: true });
}

/** Rewrite `from` as `to` across a whole CRLF file, writing it back with LF endings. */
async function lfRewrite(fs: WorkspaceFs, path: string, from: string, to: string): Promise<FileStage> {
  const file = await opened(fs, path);
  const staged = new StagedFile(file.text.view);
  const at = staged.indexOf(from);
  staged.apply([{ start: at, end: at + from.length, text: to }]);
  return buildFileStage({ resolved: resolved(`/${path}`), original: file, staged, steps: [], shape: { bom: false, eol: '\n' }, diffContext: 3, wholeWrite: true });
}

describe('a deleted file (apply_patch *** Delete File)', () => {
  it('diffs to /dev/null, plans a delete, and is removed by the commit', async () => {
    const fs = new MemoryFs({ 'old.txt': 'one\ntwo\n', 'keep.txt': 'k\n' });
    const stage = await deletion(fs, 'old.txt');
    expect(stage.diff).toBe('--- /old.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n');
    expect(commitPlan({ files: [stage] })).toEqual([{ path: 'old.txt', displayPath: '/old.txt', action: 'delete' }]);
    expect(await commitStage(fs, { files: [stage] })).toEqual({ ok: true, written: [], created: [], deleted: ['/old.txt'] });
    expect([...fs.files.keys()]).toEqual(['keep.txt']);
  });

  it('is a conflict when the file changed after the run, and nothing is removed', async () => {
    const fs = new MemoryFs({ 'old.txt': 'one\n' });
    const stage = await deletion(fs, 'old.txt');
    await fs.write('old.txt', new TextEncoder().encode('edited\n'));
    const out = await commitStage(fs, { files: [stage] });
    expect(out.ok).toBe(false);
    expect(fs.text('old.txt')).toBe('edited\n');
  });

  it('is removed after every write, and written back when a later removal fails', async () => {
    const fs = new MemoryFs({ 'a.txt': 'alpha\n', 'gone.txt': 'bye\n', 'dir/x': '' });
    const del = await deletion(fs, 'gone.txt');
    const edit = await lfRewrite(fs, 'a.txt', 'alpha', 'ALPHA');
    const failing = new RemoveFailsFs(fs);
    const out = await commitStage(failing, { files: [del, edit] });
    expect(failing.calls).toEqual(['write a.txt', 'remove gone.txt', 'write a.txt']);
    expect(out).toEqual({
      ok: false,
      error: { code: 'WRITE_FAILED', message: 'Could not delete /gone.txt: simulated remove failure. Restored /a.txt.' },
      rolledBack: ['/a.txt'],
      restoreFailures: [],
      committed: [],
      files: [
        { path: 'a.txt', displayPath: '/a.txt', status: 'rolled-back' },
        { path: 'gone.txt', displayPath: '/gone.txt', status: 'failed', reason: 'simulated remove failure' },
      ],
    });
    expect(fs.text('a.txt')).toBe('alpha\n');
    expect(fs.text('gone.txt')).toBe('bye\n');
  });
});

describe('a whole-file write (the reference rewrites the file from its text)', () => {
  it('writes every line ending in the stage shape, even those no region touches', async () => {
    const fs = new MemoryFs({ 'w.txt': 'a\r\nb\r\nc\r\n' });
    const stage = await lfRewrite(fs, 'w.txt', 'b', 'B');
    expect(dec.decode(finalBytesOf(stage))).toBe('a\nB\nc\n');
    await commitStage(fs, { files: [stage] });
    expect(fs.text('w.txt')).toBe('a\nB\nc\n');
  });

  it('is a write, not a leave, when only untouched endings change', async () => {
    const fs = new MemoryFs({ 'w.txt': 'a\r\nb\r\n' });
    const stage = await lfRewrite(fs, 'w.txt', 'b', 'b');
    expect(stage.regions).toEqual([]);
    expect(commitPlan({ files: [stage] })).toEqual([{ path: 'w.txt', displayPath: '/w.txt', action: 'write' }]);
    await commitStage(fs, { files: [stage] });
    expect(fs.text('w.txt')).toBe('a\nb\n');
  });

  it('leaves a file whose whole write gives back its own bytes', async () => {
    const fs = new MemoryFs({ 'w.txt': 'a\nb\n' });
    const stage = await lfRewrite(fs, 'w.txt', 'b', 'b');
    expect(commitPlan({ files: [stage] })[0]!.action).toBe('leave');
  });
});

describe('a move (apply_patch *** Move to)', () => {
  it('diffs source to destination, creates the destination and removes the source', async () => {
    const fs = new MemoryFs({ 'src/a.txt': 'x\ny\n' });
    const source = await opened(fs, 'src/a.txt');
    const staged = new StagedFile(source.text.view);
    staged.apply([{ start: 2, end: 3, text: 'Y' }]);
    const dest = buildFileStage({
      resolved: resolved('/dst/b.txt'),
      original: null,
      staged,
      steps: [],
      shape: source.text.shape,
      diffContext: 3,
      movedFrom: { displayPath: '/src/a.txt', text: source.text.view },
    });
    expect(dest).toMatchObject({ movedFrom: '/src/a.txt', wholeWrite: true, created: true, originalText: 'x\ny\n' });
    expect(dest.diff).toBe('--- /src/a.txt\n+++ /dst/b.txt\n@@ -1,2 +1,2 @@\n x\n-y\n+Y\n');
    const del = await deletion(fs, 'src/a.txt');
    expect(await commitStage(fs, { files: [del, dest] })).toEqual({ ok: true, written: [], created: ['/dst/b.txt'], deleted: ['/src/a.txt'] });
    expect([...fs.files.keys()]).toEqual(['dst/b.txt']);
    expect(fs.text('dst/b.txt')).toBe('x\nY\n');
  });
});

describe('MemoryFs.list', () => {
  it('lists a folder\'s files and folders, hidden ones too; a file, a missing path and a denied one say so', async () => {
    const fs = new MemoryFs({ 'a.txt': '', 'src/b.ts': '', 'src/deep/c.ts': '', '.git/HEAD': '' }, { denyRead: ['secret'] });
    const root = await fs.list('');
    expect(root.kind === 'directory' && [...root.entries].sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { name: '.git', kind: 'directory' },
      { name: 'a.txt', kind: 'file' },
      { name: 'src', kind: 'directory' },
    ]);
    expect(await fs.list('src/')).toEqual({ kind: 'directory', entries: [{ name: 'b.ts', kind: 'file' }, { name: 'deep', kind: 'directory' }] });
    expect(await fs.list('a.txt')).toEqual({ kind: 'file' });
    expect(await fs.list('nope')).toEqual({ kind: 'missing' });
    expect(await fs.list('secret')).toEqual({ kind: 'denied', message: 'read access denied' });
  });
});

/** Removals fail; every write and remove is logged. */
class RemoveFailsFs implements WorkspaceFs {
  readonly calls: string[] = [];
  constructor(private readonly inner: MemoryFs) {}
  stat(path: string): Promise<StatResult> {
    return this.inner.stat(path);
  }
  read(path: string): Promise<ReadResult> {
    return this.inner.read(path);
  }
  write(path: string, bytes: Uint8Array): Promise<WriteResult> {
    this.calls.push(`write ${path}`);
    return this.inner.write(path, bytes);
  }
  async remove(path: string): Promise<WriteResult> {
    this.calls.push(`remove ${path}`);
    return { ok: false, message: 'simulated remove failure' };
  }
  list(path: string): Promise<ListResult> {
    return this.inner.list(path);
  }
}
