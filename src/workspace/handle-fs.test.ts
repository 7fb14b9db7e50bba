// HandleFs against an in-memory fake of the File System API (tests/support/fake-handles.ts):
// stat, read, write, remove and list, and listDirectory. Saves (commitStage, file identity, Web
// Locks) are in handle-fs-saves.test.ts. The real-browser check belongs to the Playwright suite.

import { describe, expect, it } from 'vitest';
import { HandleFs, isHiddenEntry, listDirectory } from './handle-fs';
import { dec, domError, enc, fakeRoot, paths, textAt } from '../../tests/support/fake-handles';

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
