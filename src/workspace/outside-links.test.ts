// Issue 16, item 11: a file created under a symlink that leads out of the workspace (a folder
// symlink, or a dangling symlink whose target is outside) is refused when the call runs, with the
// outside-the-workspace error, and nothing is written anywhere.

import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAndCommit } from '../engine/run';
import { NodeFs } from './node-fs';

let base: string;
let root: string;
let fs: NodeFs;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outside-links-'));
  root = join(base, 'root');
  await mkdir(root);
  await mkdir(join(base, 'elsewhere'));
  await symlink(join(base, 'elsewhere'), join(root, 'out'), 'dir');
  await symlink(join(base, 'elsewhere/x.txt'), join(root, 'dl.txt'));
  fs = new NodeFs(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const create = (path: string) => ({ command: 'create', path, file_text: 'x\n' });

describe('Anthropic create under a symlink that leaves the workspace', () => {
  it.each(['str_replace_based_edit_tool', 'str_replace_editor'] as const)('%s: a folder symlink: the outside error, not "File already exists"', async (profile) => {
    const { outcome, commit } = await runAndCommit(fs, profile, create('/out/new.txt'));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'ToolError', message: "Ran into [Errno 13] Permission denied: '/out/new.txt' while trying to write to /out/new.txt" } });
    expect(outcome.warnings).toEqual(['/out/new.txt leads outside the workspace through a symlink: the playground sees nothing there and writes nothing there']);
    expect(commit).toBeUndefined();
    expect(await readdir(join(base, 'elsewhere'))).toEqual([]);
  });

  it('a dangling symlink whose target is outside: refused when the call runs, nothing created', async () => {
    const { outcome, commit } = await runAndCommit(fs, 'str_replace_based_edit_tool', create('/dl.txt'));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'ToolError', message: "Ran into [Errno 13] Permission denied: '/dl.txt' while trying to write to /dl.txt" } });
    expect(commit).toBeUndefined();
    expect(await readdir(join(base, 'elsewhere'))).toEqual([]);
  });

  it('NodeFs says a path through such a link is outside (stat, read), distinctly from a denied file', async () => {
    expect(await fs.stat('out/new.txt')).toEqual({ kind: 'denied', message: 'the path is outside the workspace', outside: true });
    expect(await fs.read('dl.txt')).toEqual({ kind: 'denied', message: 'the path is outside the workspace', outside: true });
    expect(await fs.write('dl.txt', new TextEncoder().encode('x'))).toEqual({ ok: false, message: 'the path is outside the workspace' });
  });
});
