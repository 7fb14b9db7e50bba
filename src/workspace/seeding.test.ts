import { describe, expect, it } from 'vitest';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { MemoryFs } from './memory-fs';
import { sampleWorkspaceEntries } from './sample-workspace';
import { afterSeeding, listPaths, listWhileSeeding } from './seeding';

/** A seed settled by hand. */
function manualSeed() {
  let written: () => void = () => undefined;
  let failed: (e: Error) => void = () => undefined;
  const seeded = new Promise<void>((ok, fail) => {
    written = ok;
    failed = fail;
  });
  return { seeded, written, failed };
}

/** Lets every queued promise callback run. */
const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('listPaths: a folder of a tree of file paths, as listDirectory orders it', () => {
  const paths = ['README.md', 'src/main.go', 'src/config.js', 'samples/a/b.txt', 'Zeta', 'a.txt', 'samples/windows.txt'];

  it('lists folders first, then files, each by code unit', () => {
    expect(listPaths(paths, '')).toEqual([
      { name: 'samples', kind: 'directory' },
      { name: 'src', kind: 'directory' },
      { name: 'README.md', kind: 'file' },
      { name: 'Zeta', kind: 'file' },
      { name: 'a.txt', kind: 'file' },
    ]);
    expect(listPaths(paths, 'samples')).toEqual([
      { name: 'a', kind: 'directory' },
      { name: 'windows.txt', kind: 'file' },
    ]);
    expect(listPaths(paths, 'nothing')).toEqual([]);
  });

  it('is what the sample sandbox lists at its root', () => {
    const names = listPaths(
      sampleWorkspaceEntries().map((e) => e.path),
      '',
    ).map((e) => `${e.kind === 'directory' ? 'd' : 'f'}:${e.name}`);
    expect(names).toEqual(['d:samples', 'd:src', 'd:test', 'd:transcripts', 'f:README.md']);
  });
});

describe('afterSeeding: every file operation waits for the sample to be written', () => {
  it('runs an operation asked for during the seed only once it is written', async () => {
    const inner = new MemoryFs();
    const { seeded, written } = manualSeed();
    const fs = afterSeeding(inner, seeded);
    let read: unknown = null;
    void fs.read('README.md').then((r) => (read = r));
    await flush();
    expect(read).toBeNull();
    inner.files.set('README.md', new TextEncoder().encode('hi'));
    written();
    await flush();
    expect(read).toEqual({ kind: 'file', bytes: new TextEncoder().encode('hi') });
    expect(await fs.stat('README.md')).toEqual({ kind: 'file', size: 2 });
    expect(await fs.write('new.txt', new Uint8Array([1]))).toEqual({ ok: true });
    expect(inner.files.get('new.txt')).toEqual(new Uint8Array([1]));
  });

  it('rejects every operation with the seed error when the seed failed', async () => {
    const { seeded, failed } = manualSeed();
    const fs = afterSeeding(new MemoryFs({ 'a.txt': 'a' }), seeded);
    const early = fs.read('a.txt');
    failed(new Error('Could not seed the sandbox (samples/large.ts): quota exceeded'));
    await expect(early).rejects.toThrow('Could not seed the sandbox (samples/large.ts): quota exceeded');
    await expect(fs.write('b.txt', new Uint8Array())).rejects.toThrow('quota exceeded');
    await expect(fs.list('')).rejects.toThrow('quota exceeded');
  });

  it('has an optional operation exactly where the wrapped fs has it', () => {
    const inner: WorkspaceFs = new MemoryFs();
    const wrapped = afterSeeding(inner, Promise.resolve());
    for (const op of ['writeParts', 'removeFolder', 'canonical', 'lock', 'readPieces', 'holds'] as const) {
      expect([op, typeof wrapped[op]]).toEqual([op, typeof inner[op]]);
    }
    const bare = afterSeeding({ stat: inner.stat.bind(inner), read: inner.read.bind(inner), write: inner.write.bind(inner), remove: inner.remove.bind(inner), list: inner.list.bind(inner) }, Promise.resolve());
    expect(Object.keys(bare).sort()).toEqual(['list', 'read', 'remove', 'stat', 'write']);
  });
});

describe('listWhileSeeding: the tree of a sandbox being seeded', () => {
  const sample = ['README.md', 'src/main.go', 'samples/large.ts'];

  it("answers the sample's own listing while the seed is pending, the folder's once it is written", async () => {
    const { seeded, written } = manualSeed();
    const real: string[] = [];
    const list = listWhileSeeding(sample, seeded, async (path) => {
      real.push(path);
      return [{ name: `real:${path}`, kind: 'file' }];
    });
    expect(await list('')).toEqual([
      { name: 'samples', kind: 'directory' },
      { name: 'src', kind: 'directory' },
      { name: 'README.md', kind: 'file' },
    ]);
    expect(await list('./src/')).toEqual([{ name: 'main.go', kind: 'file' }]);
    expect(real).toEqual([]);
    written();
    await flush();
    expect(await list('src')).toEqual([{ name: 'real:src', kind: 'file' }]);
    expect(real).toEqual(['src']);
  });

  it("leaves a folder the sample does not have to the folder's own answer, after the seed", async () => {
    const { seeded, written } = manualSeed();
    const list = listWhileSeeding(sample, seeded, async (path) => {
      throw new Error(`Cannot list ${path}: no such folder`);
    });
    let settled = false;
    const nope = list('docs').finally(() => (settled = true));
    const outside = list('../x');
    await flush();
    expect(settled).toBe(false);
    written();
    await expect(nope).rejects.toThrow('Cannot list docs: no such folder');
    await expect(outside).rejects.toThrow('Cannot list ../x: no such folder');
  });
});
