// Issue 16, item 11 (the file-name part): a path no file can have is refused by every backend,
// for every operation, in words that never show the absolute root. A lone UTF-16 surrogate would
// be written as U+FFFD (another name than the call's); a NUL ends a name in every OS call.

import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAndCommit } from '../engine/run';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { MemoryFs } from './memory-fs';
import { NodeFs } from './node-fs';

let base: string;
let root: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'file-names-'));
  root = join(base, 'root');
  await mkdir(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const SURROGATE = 'the path holds a lone UTF-16 surrogate, which no file name can hold (it would be saved as U+FFFD, another name)';
const NUL = 'the path holds a NUL character, which no file name can hold';

describe.each([
  ['NodeFs', () => new NodeFs(root)],
  ['MemoryFs', () => new MemoryFs()],
] as [string, () => WorkspaceFs][])('%s refuses a path no file can have', (_, make) => {
  it.each([
    ['a lone high surrogate', 'a\uD800.txt', SURROGATE],
    ['a lone low surrogate', 'dir/\uDC00', SURROGATE],
    ['a NUL', 'a\u0000b.txt', NUL],
  ])('%s: every operation, nothing created', async (_, path, message) => {
    const fs = make();
    expect(await fs.stat(path)).toEqual({ kind: 'denied', message });
    expect(await fs.read(path)).toEqual({ kind: 'denied', message });
    expect(await fs.list(path)).toEqual({ kind: 'denied', message });
    expect(await fs.write(path, new Uint8Array([120]))).toEqual({ ok: false, message });
    expect(await fs.remove(path)).toEqual({ ok: false, message });
    if (fs instanceof MemoryFs) expect(fs.files.size).toBe(0);
    else expect(await readdir(root)).toEqual([]);
  });

  it('a surrogate pair (a character outside the BMP) is a name like any other', async () => {
    const fs = make();
    expect(await fs.write('\u{1F600}.txt', new Uint8Array([120]))).toEqual({ ok: true });
    expect(await fs.stat('\u{1F600}.txt')).toEqual({ kind: 'file', size: 1 });
  });
});

describe('through a call on a real folder', () => {
  it('Write to a path with a lone surrogate creates no U+FFFD file', async () => {
    const { outcome, commit } = await runAndCommit(new NodeFs(root), 'Write', { file_path: '/a\uD800.txt', content: 'x\n' });
    expect(outcome.ok && commit?.ok).not.toBe(true);
    expect(await readdir(root)).toEqual([]);
  });

  it('a NUL in a MultiEdit path never shows the absolute root', async () => {
    const { outcome } = await runAndCommit(new NodeFs(root), 'MultiEdit', { file_path: '/a\u0000b.txt', edits: [{ old_string: 'x', new_string: 'y' }] });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(outcome)).not.toContain(root);
    expect(await readdir(root)).toEqual([]);
  });
});
