import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { FirstOpen, PREPARED_FOR_MS } from './first-open';
import { memoryWorkspace, type Workspace } from './workspaces';

const SANDBOX = { source: { kind: 'sandbox' as const } };

/** A sandbox that opens when `finish()` is called, with two files (one in a folder). */
function sandbox() {
  const ws = memoryWorkspace('Sandbox (private browser storage)', new MemoryFs({ 'README.md': 'hi\n', 'src/a.ts': 'x\n' }));
  let finish: () => void = () => undefined;
  const opened = new Promise<Workspace>((resolve) => (finish = () => resolve(ws)));
  const adopted: Workspace[] = [];
  return { ws, first: new FirstOpen(() => opened), finish, adopted, adopt: (w: Workspace) => void adopted.push(w) };
}

describe('FirstOpen: the sandbox opened and listed by the worker entry before the handlers load', () => {
  it('answers the first open of the sandbox and its listings, then hands the workspace to the handlers', async () => {
    const s = sandbox();
    const open = s.first.answer('workspace/open', SANDBOX);
    expect(open).not.toBeNull();
    s.finish();
    expect(await open).toEqual({
      name: 'Sandbox (private browser storage)',
      files: 2,
      root: [
        { name: 'src', kind: 'directory' },
        { name: 'README.md', kind: 'file' },
      ],
    });
    expect(await s.first.answer('workspace/list', { path: '' })).toEqual([
      { name: 'src', kind: 'directory' },
      { name: 'README.md', kind: 'file' },
    ]);
    expect(await s.first.answer('workspace/list', { path: 'src' })).toEqual([{ name: 'a.ts', kind: 'file' }]);
    expect(s.first.answer('workspace/read', { path: 'README.md' })).toBeNull();
    s.first.handlersLoaded(s.adopt);
    expect(s.adopted).toEqual([s.ws]);
    // From now on the handlers answer everything.
    expect(s.first.answer('workspace/list', { path: '' })).toBeNull();
    expect(s.first.answer('workspace/open', SANDBOX)).toBeNull();
  });

  it('hands the workspace over when the handlers loaded while it was opening, before it answers', async () => {
    const s = sandbox();
    const open = s.first.answer('workspace/open', SANDBOX)!;
    s.first.handlersLoaded(s.adopt);
    expect(s.adopted).toEqual([]);
    expect(s.first.answer('workspace/list', { path: '' })).toBeNull();
    s.finish();
    await open;
    expect(s.adopted).toEqual([s.ws]);
  });

  it('leaves every other open to the handlers: a reset, a link, a folder, a case, and any open after the first', () => {
    for (const payload of [{ ...SANDBOX, reset: true }, { source: { kind: 'link' as const, id: 'abc' } }, { source: { kind: 'case' as const, suite: {}, caseId: 'c1' } }]) {
      const s = sandbox();
      expect(s.first.answer('workspace/open', payload)).toBeNull();
      expect(s.first.answer('workspace/open', SANDBOX)).toBeNull();
      expect(s.first.answer('workspace/list', { path: '' })).toBeNull();
      s.first.handlersLoaded(s.adopt);
      expect(s.adopted).toEqual([]);
    }
  });

  it('an open asked while the first is opening wins: the first answers as the handlers would and is never adopted', async () => {
    const s = sandbox();
    const open = s.first.answer('workspace/open', SANDBOX)!;
    expect(s.first.answer('workspace/open', { source: { kind: 'link', id: 'abc' } })).toBeNull();
    s.finish();
    await expect(open).rejects.toThrow('Another workspace was opened meanwhile.');
    expect(s.first.answer('workspace/list', { path: '' })).toBeNull();
    s.first.handlersLoaded(s.adopt);
    expect(s.adopted).toEqual([]);
  });

  it('an open asked after the first answered, before the handlers loaded, is the workspace: the first is not adopted', async () => {
    const s = sandbox();
    const open = s.first.answer('workspace/open', SANDBOX)!;
    s.finish();
    await open;
    expect(s.first.answer('workspace/open', { source: { kind: 'link', id: 'abc' } })).toBeNull();
    expect(s.first.answer('workspace/list', { path: '' })).toBeNull();
    s.first.handlersLoaded(s.adopt);
    expect(s.adopted).toEqual([]);
  });
});

describe('FirstOpen.prepare: the sandbox opened and described before the page asks', () => {
  /** A sandbox whose opens and listings are counted, on a clock the test moves. */
  function counted(failFirstOpen = false) {
    const fs = new MemoryFs({ 'README.md': 'hi\n', 'src/a.ts': 'x\n' });
    const base = memoryWorkspace('Sandbox (private browser storage)', fs);
    const calls = { opens: 0, lists: 0 };
    const ws: Workspace = { ...base, list: (path) => (calls.lists++, base.list(path)) };
    let clock = 0;
    const first = new FirstOpen(
      async () => {
        calls.opens++;
        if (failFirstOpen && calls.opens === 1) throw new Error('OPFS refused');
        return ws;
      },
      () => clock,
    );
    return { fs, ws, calls, first, tick: (ms: number) => (clock += ms) };
  }
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('answers the first open with the description made ahead: no second open, no listing at the answer', async () => {
    const c = counted();
    c.first.prepare();
    await flush();
    expect(c.calls).toEqual({ opens: 1, lists: 2 }); // the root and src/, for the file count
    c.tick(PREPARED_FOR_MS);
    expect(await c.first.answer('workspace/open', SANDBOX)).toEqual({
      name: 'Sandbox (private browser storage)',
      files: 2,
      root: [
        { name: 'src', kind: 'directory' },
        { name: 'README.md', kind: 'file' },
      ],
    });
    expect(c.calls).toEqual({ opens: 1, lists: 2 });
    const adopted: Workspace[] = [];
    c.first.handlersLoaded((w) => void adopted.push(w));
    expect(adopted).toEqual([c.ws]);
  });

  it('a description older than PREPARED_FOR_MS is made again, on the same workspace, and tells what is there now', async () => {
    const c = counted();
    c.first.prepare();
    await flush();
    await c.fs.write('notes.md', new TextEncoder().encode('added by another tab\n'));
    c.tick(PREPARED_FOR_MS + 1);
    const opened = await c.first.answer('workspace/open', SANDBOX);
    expect(opened?.files).toBe(3);
    expect(opened?.root.map((e) => e.name)).toEqual(['src', 'README.md', 'notes.md']);
    expect(c.calls).toEqual({ opens: 1, lists: 4 });
  });

  it('an open asked while the prepared one is under way waits for it rather than opening twice', async () => {
    const c = counted();
    c.first.prepare();
    const opened = c.first.answer('workspace/open', SANDBOX)!;
    expect((await opened).files).toBe(2);
    expect(c.calls.opens).toBe(1);
  });

  it('a prepared open that failed is not the answer: the first open opens the sandbox again', async () => {
    const c = counted(true);
    c.first.prepare();
    await flush();
    expect((await c.first.answer('workspace/open', SANDBOX))?.files).toBe(2);
    expect(c.calls.opens).toBe(2);
  });

  it('an open of anything else leaves the prepared sandbox unused', async () => {
    const c = counted();
    c.first.prepare();
    await flush();
    expect(c.first.answer('workspace/open', { source: { kind: 'link', id: 'abc' } })).toBeNull();
    expect(c.first.answer('workspace/open', SANDBOX)).toBeNull();
    expect(c.calls.opens).toBe(1);
  });
});
