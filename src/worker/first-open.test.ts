import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { FirstOpen } from './first-open';
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
