// Issue 16, item 11: a save that fails after it created a file in new folders takes the folders
// away again with the file, on a real disk; folders that were there before, or that now hold
// something else, stay.

import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStage } from '../engine/commit';
import { runAndCommit, runCall } from '../engine/run';
import { NodeFs } from './node-fs';

let root: string;
let fs: NodeFs;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rollback-folders-'));
  await writeFile(join(root, 'ro.txt'), 'one\n');
  await chmod(join(root, 'ro.txt'), 0o444);
  await mkdir(join(root, 'kept'));
  fs = new NodeFs(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const patch = (...lines: string[]) => ({ input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') });
const tree = async (dir = root, prefix = ''): Promise<string[]> => {
  const out: string[] = [];
  for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    out.push(`${prefix}${e.name}${e.isDirectory() ? '/' : ''}`);
    if (e.isDirectory()) out.push(...(await tree(join(dir, e.name), `${prefix}${e.name}/`)));
  }
  return out;
};

describe('a rolled-back *** Add File leaves no folder it created', () => {
  it('a file added in two new folders, then a write refused: the file and both folders are gone', async () => {
    const { outcome } = await runAndCommit(fs, 'apply_patch', patch('*** Add File: a/b/new.txt', '+x', '*** Add File: kept/c/new.txt', '+y', '*** Update File: ro.txt', '@@', '-one', '+ONE'));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED', message: expect.stringContaining('Restored kept/c/new.txt, a/b/new.txt.') } });
    expect(await tree()).toEqual(['kept/', 'ro.txt']);
  });

  it('a folder that holds another file by the time of the rollback stays', async () => {
    const run = await runCall(fs, 'apply_patch', patch('*** Add File: a/b/new.txt', '+x', '*** Update File: ro.txt', '@@', '-one', '+ONE'));
    // Another program puts a file in a/ between the creation and the rollback.
    const racing = new Proxy(fs, {
      get(target, prop, receiver) {
        if (prop !== 'write') return Reflect.get(target, prop, receiver);
        return async (path: string, bytes: Uint8Array) => {
          const res = await target.write(path, bytes);
          if (path === 'a/b/new.txt') await writeFile(join(root, 'a/other.txt'), 'o');
          return res;
        };
      },
    });
    const commit = await commitStage(racing, run.stage);
    expect(commit.ok).toBe(false);
    expect(await tree()).toEqual(['a/', 'a/other.txt', 'kept/', 'ro.txt']);
  });
});
