// The sandbox the worker opens as it starts (workspaces.ts warmSandbox), against the in-memory fake
// of the File System API (tests/support/fake-handles.ts) standing in for OPFS: a first visit's
// seed waits for the gate the worker's entry opens once the first screen is drawn, while the
// sandbox already lists the sample; a seed cut short is finished before the open answers, gate or not.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRoot, paths, textAt } from '../../tests/support/fake-handles';
import { sampleWorkspaceEntries } from '../workspace/sample-workspace';

type Workspaces = typeof import('./workspaces');

/** workspaces.ts afresh (its warm sandbox is module state), on a fake OPFS holding `files`. */
async function onFakeOpfs(files: Record<string, string | null> = {}): Promise<{ mod: Workspaces; root: ReturnType<typeof fakeRoot>['root'] }> {
  const { root, handle } = fakeRoot(files);
  vi.stubGlobal('navigator', { storage: { getDirectory: async () => handle } });
  vi.resetModules();
  return { mod: await import('./workspaces'), root };
}

/** Lets every queued promise job and timer of the fake run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

const samplePaths = sampleWorkspaceEntries()
  .map((e) => `sandbox/${e.path}`)
  .sort();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('warmSandbox: a first visit seeds the sandbox once its gate opens', () => {
  it('writes nothing, not even the mark, until the gate opens, and lists the sample meanwhile', async () => {
    const { mod, root } = await onFakeOpfs();
    let open: () => void = () => undefined;
    mod.warmSandbox(new Promise<void>((resolve) => (open = resolve)));
    const ws = await mod.sandboxWorkspace(false);
    await settle();
    expect(paths(root)).toEqual(['sandbox/']);
    expect((await ws.list('')).map((e) => e.name)).toEqual(['samples', 'src', 'test', 'transcripts', 'README.md']);
    const stat = ws.fs.stat('README.md');
    open();
    expect(await stat).toEqual({ kind: 'file', size: expect.any(Number) });
    expect(paths(root).filter((p) => !p.endsWith('/'))).toEqual(samplePaths);
    expect(textAt(root, 'sandbox/src/main.go')).toContain('package main');
  });

  it('a file operation asked before the gate opens waits for the whole seed, then answers', async () => {
    const { mod, root } = await onFakeOpfs();
    let open: () => void = () => undefined;
    mod.warmSandbox(new Promise<void>((resolve) => (open = resolve)));
    const ws = await mod.sandboxWorkspace(false);
    let answered = false;
    const read = ws.fs.read('samples/large.ts').then((r) => ((answered = true), r));
    await settle();
    expect(answered).toBe(false);
    open();
    const r = await read;
    expect(r.kind === 'file' && r.bytes.length).toBeGreaterThan(1_000_000);
    expect(paths(root)).not.toContain('sandbox.seeding');
  });

  it('finishes a seed cut short before the open answers, without waiting for the gate', async () => {
    const { mod, root } = await onFakeOpfs({ 'sandbox.seeding': '', 'sandbox/README.md': 'mine\n' });
    mod.warmSandbox(new Promise<void>(() => undefined));
    const ws = await mod.sandboxWorkspace(false);
    expect(paths(root).filter((p) => !p.endsWith('/'))).toEqual(samplePaths);
    expect(textAt(root, 'sandbox/README.md')).toBe('mine\n');
    expect((await ws.list('')).map((e) => e.name)).toEqual(['samples', 'src', 'test', 'transcripts', 'README.md']);
  });
});
