// Issue 16, item 3 (SPEC 14): a save keeps what the file was (mode, owner and group, hard links,
// symlinks written through, a read-only file refused), temp names stay short, temp files of
// killed saves are never listed and are removed by the next save, and nothing is lost when the
// disk fails: ENOSPC, EACCES, EXDEV and a kill between the write and the rename, injected.

import { spawn, spawnSync } from 'node:child_process';
import { chmod, chown, link, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAndCommit } from '../engine/run';
import { NodeFs } from './node-fs';
import { ownName } from './node-lock';

type Fault = { code: string; when: (path: string, flags?: unknown) => boolean; once?: boolean } | null;

// Faults a test cannot make with real files as root: each hook fails one syscall for a chosen
// path; every other call goes to the real implementation.
const hook = vi.hoisted(() => ({
  open: null as Fault,
  tmpWrite: null as Fault,
  rename: null as Fault,
  inPlaceWrite: null as Fault,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const errno = (code: string, what: string) => Object.assign(new Error(`${code}: ${what}`), { code });
  const trip = (f: Fault, path: string, flags?: unknown): Fault => {
    if (f === null || !f.when(path, flags)) return null;
    if (f.once) {
      for (const k of Object.keys(hook) as (keyof typeof hook)[]) if (hook[k] === f) hook[k] = null;
    }
    return f;
  };
  return {
    ...real,
    open: async (path: string, flags?: string, mode?: number) => {
      const f = trip(hook.open, String(path), flags);
      if (f) throw errno(f.code, `open '${path}'`);
      const fh = await real.open(path, flags, mode);
      const writeFault = hook.tmpWrite;
      if (writeFault !== null && writeFault.when(String(path), flags)) {
        // Whole (writeFile) or in parts (writev, a commit's splice of an ASCII file): the write fails.
        const fail = async () => Promise.reject(errno(writeFault.code, `write '${path}'`));
        Object.assign(fh, { writeFile: fail, writev: fail });
      }
      const inPlace = hook.inPlaceWrite;
      if (flags === 'r+' && inPlace !== null && inPlace.when(String(path), flags)) {
        const realWrite = fh.write.bind(fh) as (b: Uint8Array, o: number, l: number, p: number) => Promise<unknown>;
        Object.assign(fh, {
          write: async (b: Uint8Array, o: number, l: number, p: number) => {
            if (trip(hook.inPlaceWrite, String(path), flags)) {
              // Half the bytes reach the disk before it fills up.
              await realWrite(b, o, Math.floor(l / 2), p);
              throw errno(inPlace.code, `write '${path}'`);
            }
            return realWrite(b, o, l, p);
          },
        });
      }
      return fh;
    },
    rename: async (from: string, to: string) => {
      const f = trip(hook.rename, String(to));
      if (f) throw errno(f.code, `rename '${from}' -> '${to}'`);
      return real.rename(from, to);
    },
  };
});

const RUN_TS = resolve(__dirname, '../../bin/run-ts.mjs');
const KILLED_SAVE = resolve(__dirname, '../../tests/workspace/support/killed-save.ts');
const enc = new TextEncoder();
const isRoot = process.getuid?.() === 0;
const TEMP = (name: string) => name.startsWith('.edit-playground.');

let base: string;
let root: string;
let fs: NodeFs;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'node-fs-saves-'));
  root = join(base, 'root');
  await mkdir(root);
  fs = new NodeFs(root);
  hook.open = hook.tmpWrite = hook.rename = hook.inPlaceWrite = null;
});

afterEach(async () => {
  hook.open = hook.tmpWrite = hook.rename = hook.inPlaceWrite = null;
  await rm(base, { recursive: true, force: true });
});

const text = (p: string) => readFile(join(root, p), 'utf8');
const entries = async (dir = root) => (await readdir(dir)).sort();
const isTemp = (p: string) => /\.edit-playground\.\d+\.[0-9a-f]+\.tmp$/.test(p);

/** A process id that is certainly not running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function killedSave(path: string, newText: string, step: 'before-rename' | 'mid-in-place'): Promise<number | null> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [RUN_TS, KILLED_SAVE, root, path, newText, step], { stdio: 'ignore' });
    child.on('error', fail);
    child.on('exit', (code, signal) => done(signal === 'SIGKILL' ? null : code));
  });
}

describe('a save keeps what the file was', () => {
  it('refuses a read-only file (0444) with a clear error, and leaves it as it was', async () => {
    await writeFile(join(root, 'ro.txt'), 'keep me\n');
    await chmod(join(root, 'ro.txt'), 0o444);
    const res = await fs.write('ro.txt', enc.encode('overwritten\n'));
    expect(res).toEqual({ ok: false, message: 'the file is read-only (mode 0444); nothing was written: make it writable (chmod u+w) to save it' });
    expect(await text('ro.txt')).toBe('keep me\n');
    expect((await stat(join(root, 'ro.txt'))).mode & 0o777).toBe(0o444);

    const { outcome } = await runAndCommit(fs, 'edit_text_file', { path: '/ro.txt', old_string: 'keep', new_string: 'lose' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED', message: expect.stringContaining('Could not write /ro.txt: the file is read-only (mode 0444)') } });
    expect(await text('ro.txt')).toBe('keep me\n');
  });

  it('keeps the mode exactly, set-id and sticky bits included', async () => {
    await writeFile(join(root, 'tool'), 'x');
    await chmod(join(root, 'tool'), 0o2750);
    expect(await fs.write('tool', enc.encode('y'))).toEqual({ ok: true });
    expect((await stat(join(root, 'tool'))).mode & 0o7777).toBe(0o2750);
  });

  it.runIf(isRoot)('keeps the owner and the group (not the saver\'s)', async () => {
    await writeFile(join(root, 'theirs.txt'), 'x');
    await chown(join(root, 'theirs.txt'), 4321, 8765);
    expect(await fs.write('theirs.txt', enc.encode('y'))).toEqual({ ok: true });
    const st = await stat(join(root, 'theirs.txt'));
    expect([st.uid, st.gid]).toEqual([4321, 8765]);
    expect(await text('theirs.txt')).toBe('y');
  });

  it('keeps a hard link: the other name shows the new text, one inode', async () => {
    await writeFile(join(root, 'a.txt'), 'old\n');
    await link(join(root, 'a.txt'), join(root, 'b.txt'));
    const ino = (await stat(join(root, 'a.txt'))).ino;
    expect(await fs.write('a.txt', enc.encode('new\n'))).toEqual({ ok: true });
    expect(await text('b.txt')).toBe('new\n');
    expect((await stat(join(root, 'a.txt'))).ino).toBe(ino);
    expect((await stat(join(root, 'b.txt'))).nlink).toBe(2);
    expect(await entries()).toEqual(['a.txt', 'b.txt']);
  });

  it('writes through a chain of symlinks and a folder symlink; every link stays', async () => {
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src/real.txt'), 'old');
    await symlink('src', join(root, 'lib'), 'dir');
    await symlink('lib/real.txt', join(root, 'l1'));
    await symlink('l1', join(root, 'l2'));
    expect(await fs.write('l2', enc.encode('new'))).toEqual({ ok: true });
    expect(await text('src/real.txt')).toBe('new');
    expect([await readlink(join(root, 'l2')), await readlink(join(root, 'l1'))]).toEqual(['l1', 'lib/real.txt']);
  });

  it('a dangling symlink: the save creates its target inside the workspace and keeps the link', async () => {
    await symlink('made/target.txt', join(root, 'link.txt'));
    const { outcome, commit } = await runAndCommit(fs, 'Write', { file_path: '/link.txt', content: 'hello\n' });
    expect(outcome.ok).toBe(true);
    expect(commit?.ok).toBe(true);
    expect(await readlink(join(root, 'link.txt'))).toBe('made/target.txt');
    expect(await text('made/target.txt')).toBe('hello\n');
  });

  it('a dangling symlink that points outside the workspace is refused, and nothing is created there', async () => {
    await symlink(join(base, 'outside.txt'), join(root, 'escape.txt'));
    expect(await fs.write('escape.txt', enc.encode('x'))).toEqual({ ok: false, message: 'the path is outside the workspace' });
    expect(await entries(base)).toEqual(['root']);
    expect(await readlink(join(root, 'escape.txt'))).toBe(join(base, 'outside.txt'));
  });

  it('saves a file whose name is 255 bytes: the temp name is short whatever the name', async () => {
    const long = `${'n'.repeat(251)}.txt`;
    const multibyte = `${'é'.repeat(125)}.txt`; // 254 bytes of UTF-8
    for (const name of [long, multibyte]) {
      await writeFile(join(root, name), 'old');
      expect(await fs.write(name, enc.encode('new'))).toEqual({ ok: true });
      expect(await text(name)).toBe('new');
      expect(await fs.write(`made/${name}`, enc.encode('created'))).toEqual({ ok: true });
    }
    const { outcome } = await runAndCommit(fs, 'edit_text_file', { path: `/${long}`, old_string: 'new', new_string: 'newer' });
    expect(outcome.ok).toBe(true);
    expect(await text(long)).toBe('newer');
  });
});

describe('temp files of killed saves: never listed, removed by the next save', () => {
  it('a kill between the write and the rename leaves the file as it was', async () => {
    await writeFile(join(root, 'a.txt'), 'before\n');
    expect(await killedSave('a.txt', 'after\n', 'before-rename')).toBeNull();
    expect(await text('a.txt')).toBe('before\n');
    const left = (await entries()).filter(isTemp);
    expect(left).toHaveLength(1);
    expect(await fs.list('')).toEqual({ kind: 'directory', entries: [{ name: 'a.txt', kind: 'file' }] });

    const { commit } = await runAndCommit(fs, 'edit_text_file', { path: '/a.txt', old_string: 'before', new_string: 'saved' });
    expect(commit?.ok).toBe(true);
    expect(await text('a.txt')).toBe('saved\n');
    expect(await entries()).toEqual(['a.txt']);
  });

  it('a kill in the middle of an in-place write (a hard link) is undone by the next save of the file', async () => {
    await writeFile(join(root, 'a.txt'), 'the old text, whole\n');
    await link(join(root, 'a.txt'), join(root, 'b.txt'));
    expect(await killedSave('a.txt', 'A NEW TEXT, LONGER THAN THE OLD ONE\n', 'mid-in-place')).toBeNull();
    // Half-written now, but the old bytes are kept beside it.
    expect(await text('a.txt')).not.toBe('the old text, whole\n');
    expect(await readFile(join(root, ownName('a.txt', 'orig')), 'utf8')).toBe('the old text, whole\n');
    expect(await fs.list('')).toEqual({ kind: 'directory', entries: expect.arrayContaining([{ name: 'a.txt', kind: 'file' }, { name: 'b.txt', kind: 'file' }]) });

    const held = await fs.lock(['a.txt']);
    expect(held.ok).toBe(true);
    if (held.ok) await held.release();
    expect(await text('a.txt')).toBe('the old text, whole\n');
    expect(await text('b.txt')).toBe('the old text, whole\n');
    expect(await entries()).toEqual(['a.txt', 'b.txt']);
  });

  it('temp files and locks of a live process are left alone; those of a dead process are removed', async () => {
    const gone = deadPid();
    const live = `.edit-playground.${process.pid}.aaaaaaaaaaaa.tmp`;
    const dead = `.edit-playground.${gone}.bbbbbbbbbbbb.tmp`;
    const liveLock = ownName('busy.txt', 'lock');
    const deadLock = ownName('other.txt', 'lock');
    await writeFile(join(root, live), 'in progress');
    await writeFile(join(root, dead), 'left over');
    await writeFile(join(root, liveLock), JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now(), token: 'a' }));
    await writeFile(join(root, deadLock), JSON.stringify({ pid: gone, host: hostname(), time: Date.now(), token: 'b' }));
    expect(await fs.write('x.txt', enc.encode('x'))).toEqual({ ok: true });
    expect(await entries()).toEqual([live, liveLock, 'x.txt'].sort());
  });
});

describe('locks: a killed save\'s lock is taken over; a live one makes the save wait, then refuse', () => {
  it('a lock left by a dead process does not block the save', async () => {
    await writeFile(join(root, 'a.txt'), 'x');
    await writeFile(join(root, ownName('a.txt', 'lock')), JSON.stringify({ pid: deadPid(), host: hostname(), time: Date.now(), token: 'dead' }));
    const held = await fs.lock(['a.txt']);
    expect(held.ok).toBe(true);
    if (held.ok) await held.release();
    expect(await entries()).toEqual(['a.txt']);
  });

  it('a lock held by a live save: the second save waits, and is refused when the first one holds on', async () => {
    await writeFile(join(root, 'a.txt'), 'one\n');
    const first = await new NodeFs(root).lock(['a.txt']);
    expect(first.ok).toBe(true);
    const run = await runAndCommit(new NodeFs(root, { lockTimeoutMs: 300 }), 'edit_text_file', { path: '/a.txt', old_string: 'one', new_string: 'two' });
    expect(run.outcome).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringMatching(/^Could not save: \/?a\.txt is being saved by process \d+ on .+; nothing was written, run the call again$/) } });
    expect(await text('a.txt')).toBe('one\n');
    if (first.ok) await first.release();
    const again = await runAndCommit(new NodeFs(root), 'edit_text_file', { path: '/a.txt', old_string: 'one', new_string: 'two' });
    expect(again.commit?.ok).toBe(true);
    expect(await entries()).toEqual(['a.txt']);
  });
});

describe('fault injection: nothing is lost', () => {
  it('ENOSPC while writing the temp file: the file as it was, no temp file left', async () => {
    await writeFile(join(root, 'a.txt'), 'before');
    hook.tmpWrite = { code: 'ENOSPC', when: (p) => isTemp(p) };
    expect(await fs.write('a.txt', enc.encode('after'))).toEqual({ ok: false, message: 'no space left on device (ENOSPC)' });
    expect(await text('a.txt')).toBe('before');
    expect(await entries()).toEqual(['a.txt']);
  });

  it('EACCES creating the temp file (a folder the user may not write): the file as it was', async () => {
    await writeFile(join(root, 'a.txt'), 'before');
    hook.open = { code: 'EACCES', when: (p) => isTemp(p) };
    expect(await fs.write('a.txt', enc.encode('after'))).toEqual({ ok: false, message: 'permission denied (EACCES)' });
    expect(await text('a.txt')).toBe('before');
    expect(await entries()).toEqual(['a.txt']);
  });

  it('EXDEV renaming over the target (a bind-mounted file): written in place instead, one inode', async () => {
    await writeFile(join(root, 'a.txt'), 'before');
    const ino = (await stat(join(root, 'a.txt'))).ino;
    hook.rename = { code: 'EXDEV', when: (to) => to === join(root, 'a.txt') };
    expect(await fs.write('a.txt', enc.encode('after, longer'))).toEqual({ ok: true });
    expect(await text('a.txt')).toBe('after, longer');
    expect((await stat(join(root, 'a.txt'))).ino).toBe(ino);
    expect(await entries()).toEqual(['a.txt']);
  });

  it('ENOSPC half way through an in-place write: the old bytes are put back, no copy left', async () => {
    await writeFile(join(root, 'a.txt'), 'the old text\n');
    await link(join(root, 'a.txt'), join(root, 'b.txt'));
    hook.inPlaceWrite = { code: 'ENOSPC', when: (p) => p === join(root, 'a.txt'), once: true };
    expect(await fs.write('a.txt', enc.encode('a new text that does not fit\n'))).toEqual({ ok: false, message: 'no space left on device (ENOSPC)' });
    expect(await text('a.txt')).toBe('the old text\n');
    expect(await text('b.txt')).toBe('the old text\n');
    expect(await entries()).toEqual(['a.txt', 'b.txt']);
  });

  it('ENOSPC on the second file of a save: the first is restored, the second untouched (commit)', async () => {
    await writeFile(join(root, 'a.txt'), 'one\n');
    await writeFile(join(root, 'b.txt'), 'two\n');
    // The second temp file of the save (b.txt's) cannot be written; the rollback's write can.
    let temps = 0;
    hook.tmpWrite = { code: 'ENOSPC', when: (p) => isTemp(p) && temps++ === 1 };
    const { outcome } = await runAndCommit(fs, 'MultiEditBatch', {
      description: 'two files',
      edits: [
        { file_path: '/a.txt', old_string: 'one', new_string: '1' },
        { file_path: '/b.txt', old_string: 'two', new_string: '2' },
      ],
    });
    expect(outcome.ok && (outcome.result as { success: boolean }).success).toBe(false);
    expect([await text('a.txt'), await text('b.txt')]).toEqual(['one\n', 'two\n']);
    expect(await entries()).toEqual(['a.txt', 'b.txt']);
  });
});
