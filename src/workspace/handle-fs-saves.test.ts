// HandleFs's saves against an in-memory fake of the File System API (tests/support/fake-handles.ts):
// under commitStage (SPEC 5), a file as its identity (isSameEntry), saves of one file serialised
// by Web Locks. The single operations are in handle-fs.test.ts.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { commitStage } from '../engine/commit';
import { runAndCommit, runCall } from '../engine/run';
import { HandleFs } from './handle-fs';
import { domError, FakeDir, FakeFile, fakeRoot, paths, textAt } from '../../tests/support/fake-handles';

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
