import { chmod, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commitStage } from '../engine/commit';
import { runCall } from '../engine/run';
import { describeFsError, NodeFs } from './node-fs';

// `rename` (and `link`, which places a created file) is the one step a test cannot make fail with
// real files as root; the hook lets one test fail it for a chosen target while every other call
// goes to the real implementation.
const hook = vi.hoisted(() => ({ failRenameTo: null as string | null }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...real,
    rename: async (from: string, to: string) => {
      if (hook.failRenameTo !== null && to === hook.failRenameTo) {
        throw Object.assign(new Error(`ENOSPC: no space left on device, rename '${from}' -> '${to}'`), { code: 'ENOSPC' });
      }
      return real.rename(from, to);
    },
    link: async (from: string, to: string) => {
      if (hook.failRenameTo !== null && to === hook.failRenameTo) {
        throw Object.assign(new Error(`ENOSPC: no space left on device, link '${from}' -> '${to}'`), { code: 'ENOSPC' });
      }
      return real.link(from, to);
    },
  };
});

const enc = new TextEncoder();
const dec = new TextDecoder();

let base: string;
let root: string;
let outside: string;
let fs: NodeFs;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'node-fs-test-'));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  fs = new NodeFs(root);
  hook.failRenameTo = null;
});

afterEach(async () => {
  hook.failRenameTo = null;
  await rm(base, { recursive: true, force: true });
});

/** Every entry under `dir`, recursively, as `/`-separated relative paths. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map((e) => e.split('\\').join('/')).sort();
}

describe('NodeFs: stat, read, write and remove with workspace-relative paths', () => {
  it('round-trips bytes exactly, BOM and CRLF included', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0x00, 0xff]);
    expect(await fs.write('src/a.bin', bytes)).toEqual({ ok: true });
    expect(await fs.stat('src/a.bin')).toEqual({ kind: 'file', size: bytes.length });
    const rd = await fs.read('src/a.bin');
    expect(rd.kind).toBe('file');
    if (rd.kind === 'file') expect([...rd.bytes]).toEqual([...bytes]);
    expect([...(await readFile(join(root, 'src/a.bin')))]).toEqual([...bytes]);
  });

  it('accepts a leading slash as the workspace root, like MemoryFs', async () => {
    await writeFile(join(root, 'a.txt'), 'x');
    expect(await fs.stat('/a.txt')).toEqual({ kind: 'file', size: 1 });
  });

  it('answers missing for a missing file, and for a path through a file (ENOTDIR)', async () => {
    await writeFile(join(root, 'plain.txt'), 'x');
    expect(await fs.stat('nope.txt')).toEqual({ kind: 'missing' });
    expect(await fs.read('nope.txt')).toEqual({ kind: 'missing' });
    expect(await fs.stat('plain.txt/child')).toEqual({ kind: 'missing' });
    expect(await fs.read('plain.txt/child')).toEqual({ kind: 'missing' });
  });

  it('answers directory for a folder and for the root', async () => {
    await mkdir(join(root, 'dir'));
    expect(await fs.stat('dir')).toEqual({ kind: 'directory' });
    expect(await fs.read('dir')).toEqual({ kind: 'directory' });
    expect(await fs.stat('')).toEqual({ kind: 'directory' });
  });

  it('removes a file; a file already gone counts as removed', async () => {
    await writeFile(join(root, 'a.txt'), 'x');
    expect(await fs.remove('a.txt')).toEqual({ ok: true });
    expect(await fs.stat('a.txt')).toEqual({ kind: 'missing' });
    expect(await fs.remove('a.txt')).toEqual({ ok: true });
  });

  it('refuses to remove a directory', async () => {
    await mkdir(join(root, 'dir'));
    const res = await fs.remove('dir');
    expect(res.ok).toBe(false);
    expect((await stat(join(root, 'dir'))).isDirectory()).toBe(true);
  });
});

describe('NodeFs: list', () => {
  it('lists files and folders, hidden ones too, a symlink as what it points to inside the root', async () => {
    await mkdir(join(root, 'src/deep'), { recursive: true });
    await writeFile(join(root, 'a.txt'), 'a');
    await writeFile(join(root, '.env'), 'x');
    await writeFile(join(outside, 'secret'), 's');
    await symlink(join(root, 'a.txt'), join(root, 'link.txt'));
    await symlink(join(outside, 'secret'), join(root, 'escape'));
    const listed = await fs.list('');
    expect(listed.kind === 'directory' && [...listed.entries].sort((x, y) => (x.name < y.name ? -1 : 1))).toEqual([
      { name: '.env', kind: 'file' },
      { name: 'a.txt', kind: 'file' },
      { name: 'link.txt', kind: 'file' },
      { name: 'src', kind: 'directory' },
    ]);
    expect(await fs.list('src')).toEqual({ kind: 'directory', entries: [{ name: 'deep', kind: 'directory' }] });
    expect(await fs.list('a.txt')).toEqual({ kind: 'file' });
    expect(await fs.list('missing')).toEqual({ kind: 'missing' });
    expect(await fs.list('../outside')).toEqual({ kind: 'denied', message: 'the path is outside the workspace', outside: true });
  });
});

describe('NodeFs: writes are atomic (temp file in the same folder, fsync, rename)', () => {
  it('replaces an existing file and leaves no temporary file behind', async () => {
    await writeFile(join(root, 'a.txt'), 'old content');
    expect(await fs.write('a.txt', enc.encode('new'))).toEqual({ ok: true });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('new');
    expect(await tree(root)).toEqual(['a.txt']);
  });

  it('creates missing parent folders for a new file', async () => {
    expect(await fs.write('deep/er/new.txt', enc.encode('hi'))).toEqual({ ok: true });
    expect(await readFile(join(root, 'deep/er/new.txt'), 'utf8')).toBe('hi');
    expect(await tree(root)).toEqual(['deep', 'deep/er', 'deep/er/new.txt']);
  });

  it("preserves the existing file's mode", async () => {
    const file = join(root, 'script.sh');
    await writeFile(file, '#!/bin/sh\n');
    await chmod(file, 0o754);
    expect(await fs.write('script.sh', enc.encode('#!/bin/sh\necho hi\n'))).toEqual({ ok: true });
    expect((await stat(file)).mode & 0o7777).toBe(0o754);
  });

  it('fails with the OS error in words when a parent is a regular file, creating nothing', async () => {
    await writeFile(join(root, 'blocker'), 'I am a file');
    const res = await fs.write('blocker/new.txt', enc.encode('x'));
    expect(res).toEqual({ ok: false, message: expect.stringMatching(/a parent of the path is a file, not a folder \((ENOTDIR|EEXIST)\)/) });
    expect(await tree(root)).toEqual(['blocker']);
    expect(await readFile(join(root, 'blocker'), 'utf8')).toBe('I am a file');
  });

  it('refuses to write over a directory', async () => {
    await mkdir(join(root, 'dir'));
    expect(await fs.write('dir', enc.encode('x'))).toEqual({ ok: false, message: 'a directory is in the way' });
    expect(await tree(root)).toEqual(['dir']);
  });

  it('removes the temporary file and keeps the target intact when the rename fails', async () => {
    await writeFile(join(root, 'a.txt'), 'original');
    hook.failRenameTo = join(root, 'a.txt');
    const res = await fs.write('a.txt', enc.encode('replacement'));
    expect(res).toEqual({ ok: false, message: 'no space left on device (ENOSPC)' });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('original');
    expect(await tree(root)).toEqual(['a.txt']);
  });

  it('removes the parent folders it created when the write then fails', async () => {
    hook.failRenameTo = join(root, 'new/sub/file.txt');
    const res = await fs.write('new/sub/file.txt', enc.encode('x'));
    expect(res.ok).toBe(false);
    expect(await tree(root)).toEqual([]);
  });

  it('writes through a symlink inside the workspace to its target, keeping the link', async () => {
    await writeFile(join(root, 'real.txt'), 'old');
    await symlink('real.txt', join(root, 'link.txt'));
    expect(await fs.write('link.txt', enc.encode('new'))).toEqual({ ok: true });
    expect(await readlink(join(root, 'link.txt'))).toBe('real.txt');
    expect(await readFile(join(root, 'real.txt'), 'utf8')).toBe('new');
    expect(await tree(root)).toEqual(['link.txt', 'real.txt']);
  });
});

describe('NodeFs: paths that escape the root are denied', () => {
  it('refuses `../x` for every operation and touches nothing outside', async () => {
    await writeFile(join(outside, 'secret.txt'), 'secret');
    const p = '../outside/secret.txt';
    expect(await fs.stat(p)).toEqual({ kind: 'denied', message: 'the path is outside the workspace', outside: true });
    expect(await fs.read(p)).toEqual({ kind: 'denied', message: 'the path is outside the workspace', outside: true });
    expect(await fs.write(p, enc.encode('pwned'))).toEqual({ ok: false, message: 'the path is outside the workspace' });
    expect(await fs.remove(p)).toEqual({ ok: false, message: 'the path is outside the workspace' });
    expect(await fs.write('../new.txt', enc.encode('x'))).toEqual({ ok: false, message: 'the path is outside the workspace' });
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await tree(base)).toEqual(['outside', 'outside/secret.txt', 'root']);
  });

  it('refuses a symlinked file that points outside', async () => {
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await symlink(join(outside, 'secret.txt'), join(root, 'leak.txt'));
    expect((await fs.stat('leak.txt')).kind).toBe('denied');
    expect((await fs.read('leak.txt')).kind).toBe('denied');
    expect((await fs.write('leak.txt', enc.encode('pwned'))).ok).toBe(false);
    expect((await fs.remove('leak.txt')).ok).toBe(false);
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('refuses a new file under a symlinked folder that points outside', async () => {
    await symlink(outside, join(root, 'escape'), 'dir');
    expect((await fs.stat('escape/new.txt')).kind).toBe('denied');
    expect(await fs.write('escape/new.txt', enc.encode('x'))).toEqual({ ok: false, message: 'the path is outside the workspace' });
    expect(await fs.write('escape/sub/new.txt', enc.encode('x'))).toEqual({ ok: false, message: 'the path is outside the workspace' });
    expect(await tree(outside)).toEqual([]);
  });

  it('works when the root itself is reached through a symlink', async () => {
    await symlink(root, join(base, 'root-link'), 'dir');
    const viaLink = new NodeFs(join(base, 'root-link'));
    expect(await viaLink.write('a.txt', enc.encode('x'))).toEqual({ ok: true });
    expect(await viaLink.stat('a.txt')).toEqual({ kind: 'file', size: 1 });
  });
});

describe('describeFsError: OS errors in words', () => {
  it('names common codes and keeps the code', () => {
    expect(describeFsError(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe('permission denied (EACCES)');
    expect(describeFsError(Object.assign(new Error('x'), { code: 'EROFS' }))).toBe('read-only file system (EROFS)');
  });

  it("falls back to the error's own message for an unknown code", () => {
    expect(describeFsError(Object.assign(new Error('strange failure'), { code: 'EWHAT' }))).toBe('strange failure');
  });
});

describe('NodeFs under commitStage (SPEC 5)', () => {
  it('rolls back the first file when the second write fails (a parent is a file)', async () => {
    await writeFile(join(root, 'a.txt'), 'alpha\n');
    await writeFile(join(root, 'blocker'), 'not a folder');
    const edit = await runCall(fs, 'MultiEditBatch', {
      description: 'rename alpha',
      edits: [{ file_path: '/a.txt', old_string: 'alpha', new_string: 'ALPHA' }],
    });
    const create = await runCall(fs, 'MultiEdit', {
      file_path: '/blocker/new.txt',
      edits: [{ old_string: '', new_string: 'created\n' }],
    });
    expect(edit.ok && create.ok).toBe(true);
    const stage = { files: [...edit.stage.files, ...create.stage.files] };

    const out = await commitStage(fs, stage);

    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('WRITE_FAILED');
    expect(out.error.message).toContain('/blocker/new.txt');
    expect(out.error.message).toContain('Restored /a.txt.');
    expect(out.rolledBack).toEqual(['/a.txt']);
    expect(out.restoreFailures).toEqual([]);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(await tree(root)).toEqual(['a.txt', 'blocker']);
  });

  it('rolls back a created file and an edited one when a later rename fails', async () => {
    await writeFile(join(root, 'a.txt'), 'one\n');
    await writeFile(join(root, 'b.txt'), 'two\n');
    const created = await runCall(fs, 'MultiEdit', { file_path: '/made/new.txt', edits: [{ old_string: '', new_string: 'fresh\n' }] });
    const edited = await runCall(fs, 'MultiEditBatch', {
      description: 'number words',
      edits: [
        { file_path: '/a.txt', old_string: 'one', new_string: '1' },
        { file_path: '/b.txt', old_string: 'two', new_string: '2' },
      ],
    });
    const stage = { files: [...created.stage.files, ...edited.stage.files] };
    hook.failRenameTo = join(root, 'b.txt');

    const out = await commitStage(fs, stage);

    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.rolledBack).toEqual(['/a.txt', '/made/new.txt']);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\n');
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('two\n');
    // The created file is removed, and the folder made for it too (issue 16, item 11).
    expect(await tree(root)).toEqual(['a.txt', 'b.txt']);
  });

  it('commits a real edit to disk', async () => {
    await writeFile(join(root, 'a.txt'), 'x = 1\r\ny = 2\r\n');
    const run = await runCall(fs, 'edit_text_file', { path: '/a.txt', old_string: 'y = 2', new_string: 'y = 3' });
    expect(run.ok).toBe(true);
    expect(await commitStage(fs, run.stage)).toEqual({ ok: true, written: ['/a.txt'], created: [], deleted: [] });
    expect(dec.decode(await readFile(join(root, 'a.txt')))).toBe('x = 1\r\ny = 3\r\n');
  });
});
