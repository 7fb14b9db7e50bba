// Issue 16, item 1, across a session (SPEC 14): calls that reach one file by different names (a
// symlink and its target, a path through a folder symlink, a hard link) see each other's edits in
// the replay, and the session's save (`replay --write`) keeps every edit. Removing a link's name
// removes the link, not the file.

import { link, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStage } from '../engine/commit';
import { replaySession } from '../sessions/replay';
import { sessionStage } from '../sessions/session-result';
import { NodeFs } from '../workspace/node-fs';
import { sessionOf } from '../../tests/support/replay-kit';

let root: string;
let fs: NodeFs;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'replay-aliases-'));
  fs = new NodeFs(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const text = (p: string) => readFile(join(root, p), 'utf8');
const edit = (path: string, old_string: string, new_string: string) => ({ tool: 'edit_text_file', input: { path, old_string, new_string } });
const ours = (r: Awaited<ReturnType<typeof replaySession>>) => r.calls.map((c) => c.verdict?.ours.isError);

describe('a replayed session over two names of one file', () => {
  it('a symlink and its target: the second call sees the first one\'s edit, and the save keeps both', async () => {
    await writeFile(join(root, 'real.txt'), 'one\ntwo\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const r = await replaySession(sessionOf([edit('/real.txt', 'one', 'ONE'), edit('/link.txt', 'ONE\ntwo', 'ONE\nTWO')]), fs);
    expect(ours(r)).toEqual([false, false]);
    expect(r.files.map((f) => [f.path, f.displayPath, f.status, f.calls])).toEqual([['real.txt', '/link.txt', 'modified', [0, 1]]]);
    expect(r.calls[1]!.notes).toEqual(["/link.txt and /real.txt are one file (a link or another name of it): this call changed the file call #0 changed as /real.txt, and the session's save writes it once, with every edit"]);
    const saved = await commitStage(fs, sessionStage(r.files, r.mount));
    expect(saved).toEqual({ ok: true, written: ['/link.txt'], created: [], deleted: [] });
    expect(await text('real.txt')).toBe('ONE\nTWO\n');
    expect(await readlink(join(root, 'link.txt'))).toBe('real.txt');
  });

  it('a folder symlink and a hard link chain too', async () => {
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src/a.txt'), '1\n2\n3\n');
    await symlink('src', join(root, 'lib'), 'dir');
    await link(join(root, 'src/a.txt'), join(root, 'h.txt'));
    const r = await replaySession(sessionOf([edit('/src/a.txt', '1\n', 'one\n'), edit('/lib/a.txt', 'one\n2', 'one\ntwo'), edit('/h.txt', 'two\n3', 'two\nthree')]), fs);
    expect(ours(r)).toEqual([false, false, false]);
    expect((await commitStage(fs, sessionStage(r.files, r.mount))).ok).toBe(true);
    expect(await text('src/a.txt')).toBe('one\ntwo\nthree\n');
    expect(await text('h.txt')).toBe('one\ntwo\nthree\n');
  });

  it('deleting the link after editing the file: the link is gone, the file keeps the edit', async () => {
    await writeFile(join(root, 'real.txt'), 'one\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const r = await replaySession(sessionOf([
      edit('/real.txt', 'one', 'ONE'),
      { tool: 'apply_patch', input: { input: '*** Begin Patch\n*** Delete File: /link.txt\n*** End Patch' } },
      edit('/real.txt', 'ONE', 'ONE!'),
      edit('/link.txt', 'ONE', 'x'),
    ]), fs);
    expect(ours(r)).toEqual([false, false, false, true]);
    expect(r.calls[3]!.verdict!.ours.text).toBe('File not found: /link.txt');
    expect((await commitStage(fs, sessionStage(r.files, r.mount))).ok).toBe(true);
    expect(await text('real.txt')).toBe('ONE!\n');
    await expect(readlink(join(root, 'link.txt'))).rejects.toThrow(/ENOENT/);
  });
});
