// NodeFs's whole-file read (node-bytes.ts readWhole) and the commit's compare (NodeFs.holds):
// holds answers what `read` and a byte compare would answer, for files larger than the compare's
// 1 MB chunk too, and a change anywhere in the file (or of its length) is seen.

import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStage } from '../engine/commit';
import { runCall } from '../engine/run';
import { decodeFile, decodeUtf8 } from '../engine/text';
import { readWhole } from './node-bytes';
import { NodeFs } from './node-fs';

const enc = new TextEncoder();
let base: string;
let root: string;
let fs: NodeFs;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'node-bytes-test-'));
  root = join(base, 'root');
  await mkdir(root);
  fs = new NodeFs(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** 2.5 MB of varied bytes: three chunks of the compare, the last one partial. */
function big(): Uint8Array {
  const out = new Uint8Array(2.5 * 1024 * 1024);
  for (let i = 0; i < out.length; i++) out[i] = (i * 31 + (i >> 11)) & 0xff;
  return out;
}

describe('NodeFs.read of a whole file', () => {
  it('hands over the text of ASCII bytes, which the engine decodes exactly as strict UTF-8 does; other bytes are decoded by the engine', async () => {
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const ascii = Uint8Array.from({ length: 0x7f }, (_, i) => i + 1);
    const cases: [string, Uint8Array][] = [
      ['ascii.txt', ascii],
      ['crlf.txt', enc.encode('a\r\nb\rc\n')],
      ['utf8.txt', enc.encode('caf\u00e9 \u{1F600} \u2028\n')],
      ['bom.txt', Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0x0a)],
    ];
    for (const [name, bytes] of cases) {
      await writeFile(join(root, name), bytes);
      const read = await readWhole(join(root, name));
      expect(decodeUtf8(read), name).toBe(strict.decode(bytes));
      expect(decodeFile(read), name).toEqual(decodeFile(Uint8Array.from(bytes)));
    }
    // A byte that is not UTF-8 stays refused: a one-byte decoding would have read it as a letter.
    await writeFile(join(root, 'latin1.txt'), Uint8Array.of(0x63, 0x61, 0x66, 0xe9));
    expect(decodeFile(await readWhole(join(root, 'latin1.txt')))).toEqual({ ok: false, reason: 'binary', size: 4 });
  });

  it('reads every byte of a file larger than a read piece, and of an empty file', async () => {
    const bytes = big();
    await writeFile(join(root, 'big.bin'), bytes);
    await writeFile(join(root, 'empty.txt'), '');
    const rd = await fs.read('big.bin');
    expect(rd.kind === 'file' && Buffer.from(rd.bytes).equals(Buffer.from(bytes))).toBe(true);
    const empty = await fs.read('empty.txt');
    expect(empty.kind === 'file' && empty.bytes.length).toBe(0);
  });
});

describe('NodeFs.holds: the commit\'s compare', () => {
  it('answers true for the same bytes, and false for a change in any chunk or of the length', async () => {
    const bytes = big();
    const abs = join(root, 'big.bin');
    await writeFile(abs, bytes);
    expect(await fs.holds('big.bin', bytes)).toBe(true);
    expect(await fs.holds('/big.bin', bytes)).toBe(true);
    for (const at of [0, 1024 * 1024 - 1, 1024 * 1024, 2 * 1024 * 1024 + 5, bytes.length - 1]) {
      const changed = bytes.slice();
      changed[at]! ^= 1;
      await writeFile(abs, changed);
      expect(await fs.holds('big.bin', bytes), `byte ${at}`).toBe(false);
    }
    await writeFile(abs, bytes.subarray(0, bytes.length - 1));
    expect(await fs.holds('big.bin', bytes)).toBe(false);
    await writeFile(abs, Buffer.concat([bytes, Buffer.from('x')]));
    expect(await fs.holds('big.bin', bytes)).toBe(false);
  });

  it('two compares at once each get their own answer', async () => {
    const a = big();
    const b = a.slice();
    b[b.length - 1]! ^= 1;
    await writeFile(join(root, 'a.bin'), a);
    await writeFile(join(root, 'b.bin'), b);
    expect(await Promise.all([fs.holds('a.bin', a), fs.holds('b.bin', a), fs.holds('b.bin', b), fs.holds('a.bin', b)])).toEqual([true, false, true, false]);
  });

  it('answers false where read finds no such file: missing, a folder, a FIFO, a path outside, a folder name', async () => {
    const bytes = enc.encode('x\n');
    await mkdir(join(root, 'dir'));
    await writeFile(join(root, 'x.txt'), bytes);
    await writeFile(join(base, 'outside.txt'), bytes);
    await symlink(join(base, 'outside.txt'), join(root, 'out.txt'));
    execFileSync('mkfifo', [join(root, 'pipe')]);
    expect(await fs.holds('missing.txt', bytes)).toBe(false);
    expect(await fs.holds('dir', bytes)).toBe(false);
    expect(await fs.holds('pipe', bytes)).toBe(false);
    expect(await fs.holds('out.txt', bytes)).toBe(false);
    expect(await fs.holds('../outside.txt', bytes)).toBe(false);
    expect(await fs.holds('x.txt/', bytes)).toBe(false);
    expect(await fs.holds('x.txt', bytes)).toBe(true);
  });

  it('a FIFO or a folder reached by the read itself (swapped in after a stat) is refused, never waited on', async () => {
    execFileSync('mkfifo', [join(root, 'pipe')]);
    await mkdir(join(root, 'dir'));
    await expect(readWhole(join(root, 'pipe'))).rejects.toMatchObject({ code: 'EINVAL', message: `not a regular file: ${join(root, 'pipe')}` });
    await expect(readWhole(join(root, 'dir'))).rejects.toMatchObject({ code: 'EINVAL', message: `not a regular file: ${join(root, 'dir')}` });
  });

  it('with null, answers whether no file is there', async () => {
    await writeFile(join(root, 'x.txt'), '');
    expect(await fs.holds('new.txt', null)).toBe(true);
    expect(await fs.holds('x.txt', null)).toBe(false);
  });

  it('a save of a file changed on disk after the run is a conflict, and the change is kept', async () => {
    const abs = join(root, 'big.txt');
    const text = `${'line\n'.repeat(300_000)}last\n`;
    await writeFile(abs, text);
    const out = await runCall(fs, 'edit_text_file', { path: '/big.txt', old_string: 'last', new_string: 'LAST' });
    if (!out.ok) throw new Error(out.error.message);
    const changed = `${text.slice(0, 1_000_000)}LINE${text.slice(1_000_004)}`;
    await writeFile(abs, changed);
    const commit = await commitStage(fs, out.stage);
    expect(commit.ok === false && commit.error).toEqual({ code: 'CONFLICT', message: 'File changed since the run: /big.txt. Nothing was written; run the call again.' });
    expect(await readFile(abs, 'utf8')).toBe(changed);
    await writeFile(abs, text);
    expect(await commitStage(fs, out.stage)).toEqual({ ok: true, written: ['/big.txt'], created: [], deleted: [] });
    expect(await readFile(abs, 'utf8')).toBe(`${'line\n'.repeat(300_000)}LAST\n`);
  });
});
