// Issue 19: a commit writes an ASCII file edited in place as parts (the original's bytes around
// each edit, views of them, and the edits' texts), in one writev to the temp file. `writeParts`
// must finish what a short writev left, and NodeFs.writeParts must save exactly what `write` of
// the joined bytes would, with the same guarantees (temp file, rename, mode kept).

import { mkdtemp, readFile, readdir, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAndCommit } from '../engine/run';
import { NodeFs } from './node-fs';
import { writeParts, type VectorWriter } from './node-save';

const enc = new TextEncoder();
const dec = new TextDecoder();

/** A file handle over a byte array whose writev writes at most `step` bytes per call, as writev(2) may. */
function shortVectorWriter(step: number): VectorWriter & { file: number[]; calls: number[] } {
  const handle = {
    file: [] as number[],
    /** The position of each call. */
    calls: [] as number[],
    async writev(buffers: Uint8Array[], position: number) {
      handle.calls.push(position);
      let n = 0;
      for (const b of buffers) for (const byte of b) if (n < step) handle.file[position + n++] = byte;
      return { bytesWritten: n };
    },
  };
  return handle;
}

describe('writeParts: the parts one after another, whatever each writev takes', () => {
  it('writes every byte in order when each call takes 3 bytes, skipping empty parts', async () => {
    const fh = shortVectorWriter(3);
    await writeParts(fh, [enc.encode('one\n'), new Uint8Array(0), enc.encode('2é'), enc.encode('\nthree\n')]);
    expect(dec.decode(new Uint8Array(fh.file))).toBe('one\n2é\nthree\n');
    expect(fh.calls).toEqual([0, 3, 6, 9, 12]);
  });

  it('writes them in one call when the OS takes them all', async () => {
    const fh = shortVectorWriter(1 << 20);
    await writeParts(fh, [enc.encode('a'), enc.encode('bc'), enc.encode('d')]);
    expect(dec.decode(new Uint8Array(fh.file))).toBe('abcd');
    expect(fh.calls).toEqual([0]);
  });

  it('a writev that writes nothing is an error naming how far it got', async () => {
    let calls = 0;
    const stuck: VectorWriter = { writev: async () => ({ bytesWritten: calls++ === 0 ? 2 : 0 }) };
    await expect(writeParts(stuck, [enc.encode('abc'), enc.encode('de')])).rejects.toThrow('the write stopped after 2 of 5 bytes');
  });
});

describe('NodeFs.writeParts and the commit of an ASCII file edited in place', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'node-save-test-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('saves the parts joined, keeps the mode, replaces the inode and leaves no temp file', async () => {
    await writeFile(join(root, 'a.txt'), 'before\n');
    await chmod(join(root, 'a.txt'), 0o640);
    const ino = (await stat(join(root, 'a.txt'))).ino;
    const fs = new NodeFs(root);
    expect(await fs.writeParts('a.txt', [enc.encode('one\n'), enc.encode('two\n'), new Uint8Array(0), enc.encode('three')])).toEqual({ ok: true });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree');
    const after = await stat(join(root, 'a.txt'));
    expect(after.mode & 0o7777).toBe(0o640);
    expect(after.ino).not.toBe(ino);
    expect(await readdir(root)).toEqual(['a.txt']);
  });

  it('saves more parts than one writev takes (IOV_MAX is 1,024): 3,000 parts, every byte in order', async () => {
    const parts = Array.from({ length: 3000 }, (_, i) => enc.encode(`${i}\n`));
    const fs = new NodeFs(root);
    expect(await fs.writeParts('many.txt', parts)).toEqual({ ok: true });
    expect(await readFile(join(root, 'many.txt'), 'utf8')).toBe(Array.from({ length: 3000 }, (_, i) => `${i}\n`).join(''));
  });

  it('a str_replace in the middle of a 300,000-line file saves exactly the edited bytes', async () => {
    const lines = Array.from({ length: 300_000 }, (_, i) => `line ${i}`);
    await writeFile(join(root, 'big.txt'), `${lines.join('\n')}\n`);
    const fs = new NodeFs(root);
    // The parts the commit hands over: the bytes before the edit, the edit's text, the bytes after.
    const sizes: number[][] = [];
    const writeParts = fs.writeParts.bind(fs);
    fs.writeParts = async (path, parts) => (sizes.push(parts.map((p) => p.length)), writeParts(path, parts));
    const { outcome, commit } = await runAndCommit(fs, 'str_replace_based_edit_tool', { command: 'str_replace', path: join(root, 'big.txt'), old_str: 'line 150000\n', new_str: 'line 150000 é\n' }, { mount: root });
    expect(outcome.ok).toBe(true);
    expect(commit?.ok).toBe(true);
    const head = lines.slice(0, 150_000).join('\n').length + 1 + 'line 150000'.length;
    expect(sizes).toEqual([[head, ' é'.length + 1, `${lines.join('\n')}\n`.length - head]]);
    lines[150_000] = 'line 150000 é';
    expect(await readFile(join(root, 'big.txt'), 'utf8')).toBe(`${lines.join('\n')}\n`);
    expect(await readdir(root)).toEqual(['big.txt']);
  });
});
