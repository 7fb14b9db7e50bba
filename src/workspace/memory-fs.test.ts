import { describe, expect, it } from 'vitest';
import { MemoryFs } from './memory-fs';

const enc = new TextEncoder();

describe('MemoryFs: seeded files', () => {
  it('takes text and bytes, keyed without a leading slash', async () => {
    const fs = new MemoryFs({ '/a.txt': 'hi', 'b.bin': new Uint8Array([0, 1, 2]) });
    expect([...fs.files.keys()]).toEqual(['a.txt', 'b.bin']);
    expect(await fs.stat('a.txt')).toEqual({ kind: 'file', size: 2 });
    expect(await fs.stat('/b.bin')).toEqual({ kind: 'file', size: 3 });
    expect(fs.text('/a.txt')).toBe('hi');
    expect(fs.text('missing')).toBeUndefined();
  });

  it('starts with an empty log', () => {
    expect(new MemoryFs({ 'a.txt': 'x' }).log).toEqual([]);
  });
});

describe('MemoryFs: stat and read', () => {
  const fs = new MemoryFs({ 'src/a.ts': 'export {};\n', 'empty.txt': '' });

  it('answers file with its size, also for an empty file', async () => {
    expect(await fs.stat('empty.txt')).toEqual({ kind: 'file', size: 0 });
    const rd = await fs.read('empty.txt');
    expect(rd.kind === 'file' && rd.bytes.length).toBe(0);
  });

  it('answers directory for a prefix of some file and for the root', async () => {
    expect(await fs.stat('src')).toEqual({ kind: 'directory' });
    expect(await fs.read('src')).toEqual({ kind: 'directory' });
    expect(await fs.stat('')).toEqual({ kind: 'directory' });
  });

  it('answers missing otherwise, including a name that only shares a prefix', async () => {
    expect(await fs.stat('nope')).toEqual({ kind: 'missing' });
    expect(await fs.stat('sr')).toEqual({ kind: 'missing' });
    expect(await fs.read('src/a.ts/child')).toEqual({ kind: 'missing' });
  });

  it('returns a copy: changing the bytes read does not change the file', async () => {
    const rd = await fs.read('src/a.ts');
    if (rd.kind !== 'file') throw new Error('expected a file');
    rd.bytes[0] = 0x58;
    expect(fs.text('src/a.ts')).toBe('export {};\n');
  });

  it('denies reading the paths in denyRead, for stat and read, but still lets them be written', async () => {
    const denied = new MemoryFs({ 'secret.txt': 'x' }, { denyRead: ['/secret.txt'] });
    expect(await denied.stat('secret.txt')).toEqual({ kind: 'denied', message: 'read access denied' });
    expect(await denied.read('secret.txt')).toEqual({ kind: 'denied', message: 'read access denied' });
    expect(await denied.write('secret.txt', enc.encode('y'))).toEqual({ ok: true });
  });
});

describe('MemoryFs: shared reads and writes (callers that never modify bytes)', () => {
  it('a shared read hands out the file\'s own array, the same on every read, until a write replaces it', async () => {
    const fs = new MemoryFs({ 'a.txt': 'one\n' });
    const first = await fs.read('a.txt', { shared: true });
    const again = await fs.read('/a.txt', { shared: true });
    if (first.kind !== 'file' || again.kind !== 'file') throw new Error('expected a file');
    expect(again.bytes).toBe(first.bytes);
    expect(first.bytes).toBe(fs.files.get('a.txt'));
    await fs.write('a.txt', enc.encode('one\n'));
    const after = await fs.read('a.txt', { shared: true });
    if (after.kind !== 'file') throw new Error('expected a file');
    expect(after.bytes).not.toBe(first.bytes);
    expect([...after.bytes]).toEqual([...enc.encode('one\n')]);
  });

  it('a plain read beside shared ones still returns a copy', async () => {
    const fs = new MemoryFs({ 'a.txt': 'one\n' });
    const shared = await fs.read('a.txt', { shared: true });
    const plain = await fs.read('a.txt');
    if (shared.kind !== 'file' || plain.kind !== 'file') throw new Error('expected a file');
    expect(plain.bytes).not.toBe(shared.bytes);
    plain.bytes[0] = 0x58;
    expect(fs.text('a.txt')).toBe('one\n');
  });

  it('a shared write keeps the array it is given; a plain write keeps a copy', async () => {
    const fs = new MemoryFs();
    const kept = enc.encode('kept\n');
    const copied = enc.encode('copied\n');
    expect(await fs.write('k.txt', kept, { shared: true })).toEqual({ ok: true });
    expect(await fs.write('c.txt', copied)).toEqual({ ok: true });
    expect(fs.files.get('k.txt')).toBe(kept);
    expect(fs.files.get('c.txt')).not.toBe(copied);
    expect(fs.log).toEqual(['write k.txt', 'write c.txt']);
  });

  it('answers a shared read of a folder, a missing file and a denied one as a plain read does', async () => {
    const fs = new MemoryFs({ 'src/a.ts': 'x', 'secret.txt': 'y' }, { denyRead: ['secret.txt'] });
    expect(await fs.read('src', { shared: true })).toEqual({ kind: 'directory' });
    expect(await fs.read('src/', { shared: true })).toEqual({ kind: 'directory' });
    expect(await fs.read('nope', { shared: true })).toEqual({ kind: 'missing' });
    expect(await fs.read('secret.txt', { shared: true })).toEqual({ kind: 'denied', message: 'read access denied' });
  });
});

describe('MemoryFs: write and remove', () => {
  it('creates and replaces files, storing a copy of the bytes, and logs each write', async () => {
    const fs = new MemoryFs({ 'a.txt': 'old' });
    const bytes = enc.encode('new');
    expect(await fs.write('a.txt', bytes)).toEqual({ ok: true });
    expect(await fs.write('/dir/b.txt', enc.encode('b'))).toEqual({ ok: true });
    bytes[0] = 0x58;
    expect(fs.text('a.txt')).toBe('new');
    expect(await fs.stat('dir')).toEqual({ kind: 'directory' });
    expect(fs.log).toEqual(['write a.txt', 'write dir/b.txt']);
  });

  it('refuses to write over a directory', async () => {
    const fs = new MemoryFs({ 'dir/a.txt': 'x' });
    expect(await fs.write('dir', enc.encode('y'))).toEqual({ ok: false, message: 'a directory is in the way' });
    expect(fs.log).toEqual([]);
  });

  it('fails the paths in failWrites without storing or logging anything', async () => {
    const fs = new MemoryFs({ 'a.txt': 'old' }, { failWrites: ['/a.txt', 'new.txt'] });
    expect(await fs.write('a.txt', enc.encode('new'))).toEqual({ ok: false, message: 'simulated write failure' });
    expect(await fs.write('new.txt', enc.encode('x'))).toEqual({ ok: false, message: 'simulated write failure' });
    expect(fs.text('a.txt')).toBe('old');
    expect(await fs.stat('new.txt')).toEqual({ kind: 'missing' });
    expect(fs.log).toEqual([]);
  });

  it('removes a file and logs it; removing a missing file is not an error', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x' });
    expect(await fs.remove('/a.txt')).toEqual({ ok: true });
    expect(await fs.stat('a.txt')).toEqual({ kind: 'missing' });
    expect(await fs.remove('a.txt')).toEqual({ ok: true });
    expect(fs.log).toEqual(['remove a.txt', 'remove a.txt']);
  });

  // NodeFs and HandleFs fail here (ENOTDIR / TypeMismatchError); so must MemoryFs, or an
  // in-memory contract case could pass where a real save fails.
  it('refuses to write under a path that is a file (parent is not a folder)', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x' });
    const res = await fs.write('a.txt/b.txt', enc.encode('y'));
    expect(res.ok).toBe(false);
    expect(await fs.stat('a.txt/b.txt')).toEqual({ kind: 'missing' });
  });
});
