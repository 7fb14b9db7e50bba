// Issue 16, item 11: a path that ends with a slash names a folder, as the OS has it (ENOTDIR on a
// file, EISDIR on creating one): `/f.txt/` is not the file f.txt, and `/dir/new/` creates no file
// named `new`. A folder named with a slash is still a folder.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveCallPath } from '../engine/paths';
import { runAndCommit } from '../engine/run';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { MemoryFs } from './memory-fs';
import { NodeFs } from './node-fs';

const FOLDER = 'the path ends with a slash, so it names a folder, not a file';
const enc = new TextEncoder();

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'trailing-slash-'));
  await writeFile(join(root, 'f.txt'), 'hello\n');
  await mkdir(join(root, 'dir'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

it('resolveCallPath keeps the slash that makes a path a folder', () => {
  expect(resolveCallPath('/dir/new/', '/')).toEqual({ ok: true, path: 'dir/new/', absPath: '/dir/new/', displayPath: '/dir/new/' });
  expect(resolveCallPath('/m/f.txt/.', '/m')).toEqual({ ok: true, path: 'f.txt/', absPath: '/m/f.txt/', displayPath: '/m/f.txt/' });
  expect(resolveCallPath('dir//', '/m')).toEqual({ ok: true, path: 'dir/', absPath: '/m/dir/', displayPath: 'dir/' });
  expect(resolveCallPath('/m/', '/m')).toEqual({ ok: true, path: '', absPath: '/m', displayPath: '/m' });
});

describe.each([
  ['NodeFs', () => new NodeFs(root)],
  ['MemoryFs', () => new MemoryFs({ 'f.txt': 'hello\n', 'dir/x': '' })],
] as [string, () => WorkspaceFs][])('%s', (_name, make) => {
  it('a file named with a slash is no file; a folder is a folder; nothing is written under such a name', async () => {
    const fs = make();
    expect(await fs.stat('f.txt/')).toEqual({ kind: 'missing' });
    expect(await fs.read('f.txt/')).toEqual({ kind: 'missing' });
    expect(await fs.stat('dir/')).toEqual({ kind: 'directory' });
    expect(await fs.write('dir/new/', enc.encode('x'))).toEqual({ ok: false, message: FOLDER });
    expect(await fs.write('f.txt/', enc.encode('x'))).toEqual({ ok: false, message: FOLDER });
    expect(await fs.remove('f.txt/')).toEqual({ ok: false, message: FOLDER });
  });
});

describe('calls on a real disk', () => {
  it('MultiEditBatch "/f.txt/": the entry fails as file not found, f.txt is untouched', async () => {
    const { outcome } = await runAndCommit(new NodeFs(root), 'MultiEditBatch', { description: 'd', edits: [{ file_path: '/f.txt/', old_string: 'hello', new_string: 'bye' }] });
    expect(outcome.ok && (outcome.result as { results: unknown[] }).results).toEqual([{ file_path: '/f.txt/', success: false, replacements: 0, error: 'Entry 0 (/f.txt/): file not found' }]);
    expect(await readFile(join(root, 'f.txt'), 'utf8')).toBe('hello\n');
  });

  it('edit_text_file "/f.txt/": not found', async () => {
    const { outcome } = await runAndCommit(new NodeFs(root), 'edit_text_file', { path: '/f.txt/', old_string: 'hello', new_string: 'bye' });
    expect(outcome).toMatchObject({ ok: false, error: { code: -32001, message: 'File not found: /f.txt/' } });
    expect(await readFile(join(root, 'f.txt'), 'utf8')).toBe('hello\n');
  });

  it('Write "/dir/new/": refused with the reason, no file named new', async () => {
    const { outcome } = await runAndCommit(new NodeFs(root), 'Write', { file_path: '/dir/new/', content: 'x\n' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED', message: `Could not write /dir/new/: ${FOLDER}. No file had been written.` } });
    expect(await readdir(join(root, 'dir'))).toEqual([]);
  });

  it('apply_patch "*** Add File: dir/p/": refused, nothing created', async () => {
    const { outcome } = await runAndCommit(new NodeFs(root), 'apply_patch', { input: '*** Begin Patch\n*** Add File: dir/p/\n+x\n*** End Patch' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED', message: `Could not write dir/p/: ${FOLDER}. No file had been written.` } });
    expect(await readdir(join(root, 'dir'))).toEqual([]);
  });
});
