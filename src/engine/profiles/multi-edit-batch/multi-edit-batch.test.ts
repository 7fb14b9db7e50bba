// SPEC 4.5 `MultiEditBatch`: entries chained per file, distinct total_files, atomic vs non-atomic,
// dry runs, limits checked before anything is read, and error texts that never echo the strings.

import { describe, expect, it } from 'vitest';
import { runAndCommit, runCall } from '../../run';
import type { ListResult, ReadResult, StatResult, WorkspaceFs, WriteResult } from '../../workspace-fs';
import { MemoryFs } from '../../../workspace/memory-fs';
import { okResult, outcomeDiffProblems, run, snapshot, toolError, type BatchResult } from '../../../../tests/support/harness';

const batch = (edits: { file_path: string; old_string: string; new_string: string; replace_all?: boolean }[], extra: { atomic?: boolean; dry_run?: boolean } = {}) => ({
  description: 'test batch',
  edits,
  ...extra,
});

describe('SPEC 4.5 entries naming the same file apply in order to its staged content', () => {
  it('two chained entries on one file: one → two → three; the file diff is cumulative', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: '/a.txt', old_string: 'one', new_string: 'two' },
      { file_path: '/a.txt', old_string: 'two', new_string: 'three' },
    ]), { 'a.txt': 'one' });
    expect(okResult<BatchResult>(r)).toEqual({
      success: true,
      results: [
        { file_path: '/a.txt', success: true, replacements: 1 },
        { file_path: '/a.txt', success: true, replacements: 1 },
      ],
      summary: { total_files: 1, successful_files: 1, failed_files: 0, total_replacements: 2 },
      rollback_performed: false,
      diffs: { '/a.txt': '--- /a.txt\n+++ /a.txt\n@@ -1,1 +1,1 @@\n-one\n\\ No newline at end of file\n+three\n\\ No newline at end of file\n' },
    });
    expect(r.after['a.txt']).toBe('three');
  });

  it('relative paths resolve against the mount; "a.txt" and "/m/a.txt" are one file', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: 'a.txt', old_string: 'x', new_string: 'y' },
      { file_path: '/m/a.txt', old_string: 'y', new_string: 'z' },
      { file_path: '/m/b.txt', old_string: 'q', new_string: 'Q', replace_all: true },
    ]), { 'a.txt': 'x', 'b.txt': 'q q' }, { options: { mount: '/m' } });
    const res = okResult<BatchResult>(r);
    expect(res.summary).toEqual({ total_files: 2, successful_files: 2, failed_files: 0, total_replacements: 4 });
    expect(r.after).toEqual({ 'a.txt': 'z', 'b.txt': 'Q Q' });
  });
});

describe('SPEC 4.5 summary.total_files counts distinct files, not entries (seed contradiction 7)', () => {
  it('three entries on two files', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: '/a', old_string: '1', new_string: '2' },
      { file_path: '/b', old_string: '1', new_string: '2' },
      { file_path: '/a/../a', old_string: '2', new_string: '3' },
    ]), { a: '1', b: '1' });
    expect(okResult<BatchResult>(r).summary.total_files).toBe(2);
  });
});

describe('SPEC 4.5 atomic: true (the default): any failed entry fails the call and nothing is written', () => {
  it('one good entry and one not-found entry: success false, nothing written, rollback_performed false', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: '/a.txt', old_string: 'x', new_string: 'y' },
      { file_path: '/b.txt', old_string: 'nope', new_string: 'y' },
    ]), { 'a.txt': 'x', 'b.txt': 'b' });
    const res = okResult<BatchResult>(r);
    expect(res.success).toBe(false);
    expect(res.rollback_performed).toBe(false);
    expect(res.results.map((e) => e.success)).toEqual([true, false]);
    // Names the file and the entry (SPEC 4.5); the wording is the product's.
    expect(res.results[1]!.error).toContain('/b.txt');
    expect(res.results[1]!.error).toMatch(/\b1\b/);
    expect(res.summary).toMatchObject({ total_files: 2, failed_files: 1 });
    expect(typeof res.error).toBe('string');
    expect(r.after).toEqual(r.before);
    expect(r.outcome.ok && r.outcome.writes).toBe(false);
  });

  it('a write that fails midway is undone: rollback_performed true, the first file restored', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x', 'b.txt': 'y' }, { failWrites: ['b.txt'] });
    const before = snapshot(fs);
    const { outcome } = await runAndCommit(fs, 'MultiEditBatch', batch([
      { file_path: '/a.txt', old_string: 'x', new_string: 'X' },
      { file_path: '/b.txt', old_string: 'y', new_string: 'Y' },
    ]));
    expect(outcome.ok).toBe(true);
    expect(outcomeDiffProblems(outcome)).toEqual([]);
    const res = (outcome as { result: BatchResult }).result;
    expect(res.success).toBe(false);
    expect(res.rollback_performed).toBe(true);
    expect(snapshot(fs)).toEqual(before);
    expect(fs.log).toEqual(['write a.txt', 'write a.txt']);
  });
});

describe('SPEC 4.5 atomic: false: entries that succeed are committed, failed ones are reported', () => {
  it('the good file is written, the failed file is untouched', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: '/a.txt', old_string: 'x', new_string: 'y' },
      { file_path: '/b.txt', old_string: 'nope', new_string: 'y' },
      { file_path: '/c.txt', old_string: 'c', new_string: 'C' },
    ], { atomic: false }), { 'a.txt': 'x', 'b.txt': 'b', 'c.txt': 'c' });
    const res = okResult<BatchResult>(r);
    expect(res.success).toBe(false);
    expect(res.results.map((e) => e.success)).toEqual([true, false, true]);
    expect(res.summary).toEqual({ total_files: 3, successful_files: 2, failed_files: 1, total_replacements: 2 });
    expect(r.after).toEqual({ 'a.txt': 'y', 'b.txt': 'b', 'c.txt': 'C' });
  });

  it('on one file, the entries before and after a failed entry still chain', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: '/a.txt', old_string: '1', new_string: '2' },
      { file_path: '/a.txt', old_string: '1', new_string: 'never' },
      { file_path: '/a.txt', old_string: '2', new_string: '3' },
    ], { atomic: false }), { 'a.txt': '1' });
    expect(okResult<BatchResult>(r).results.map((e) => e.success)).toEqual([true, false, true]);
    expect(r.after['a.txt']).toBe('3');
  });

  it('a missing file fails its entries only', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: '/gone.txt', old_string: 'a', new_string: 'b' },
      { file_path: '/a.txt', old_string: 'a', new_string: 'b' },
    ], { atomic: false }), { 'a.txt': 'a' });
    const res = okResult<BatchResult>(r);
    expect(res.results.map((e) => e.success)).toEqual([false, true]);
    expect(r.after).toEqual({ 'a.txt': 'b' });
  });
});

describe('SPEC 4.5 dry_run: everything is computed and reported, nothing is written', () => {
  it('a dry run reports success and the diffs, and the workspace is untouched', async () => {
    const r = await run('MultiEditBatch', batch([{ file_path: '/a.txt', old_string: 'x', new_string: 'y' }], { dry_run: true }), { 'a.txt': 'x\n' });
    const res = okResult<BatchResult>(r);
    expect(res.success).toBe(true);
    expect(res.diffs).toEqual({ '/a.txt': '--- /a.txt\n+++ /a.txt\n@@ -1,1 +1,1 @@\n-x\n+y\n' });
    expect(r.after).toEqual(r.before);
    expect(r.fs.log).toEqual([]);
  });

  it('a non-atomic dry run with a failure writes nothing either', async () => {
    const r = await run('MultiEditBatch', batch([
      { file_path: '/a.txt', old_string: 'x', new_string: 'y' },
      { file_path: '/a.txt', old_string: 'nope', new_string: 'y' },
    ], { atomic: false, dry_run: true }), { 'a.txt': 'x' });
    expect(okResult<BatchResult>(r).success).toBe(false);
    expect(r.after).toEqual(r.before);
  });
});

describe('SPEC 4.5 error texts name the file and the entry but never echo old_string, new_string or content', () => {
  const OLD = 'SECRET_OLD_7f3a';
  const NEW = 'SECRET_NEW_91bc';
  const CONTENT = 'SECRET_CONTENT_44de';
  it.each<[string, Record<string, string>, { file_path: string; old_string: string; new_string: string; replace_all?: boolean }]>([
    ['not found', { 'a.txt': CONTENT }, { file_path: '/a.txt', old_string: OLD, new_string: NEW }],
    ['multiple matches', { 'a.txt': `${OLD} ${OLD} ${CONTENT}` }, { file_path: '/a.txt', old_string: OLD, new_string: NEW }],
    ['identical strings', { 'a.txt': CONTENT }, { file_path: '/a.txt', old_string: OLD, new_string: OLD }],
    ['empty old_string', { 'a.txt': CONTENT }, { file_path: '/a.txt', old_string: '', new_string: NEW }],
    ['missing file', {}, { file_path: '/a.txt', old_string: OLD, new_string: NEW }],
    ['outside the mount', {}, { file_path: '../etc/x', old_string: OLD, new_string: NEW }],
  ])('%s', async (_name, files, entry) => {
    const r = await run('MultiEditBatch', batch([entry]), files);
    const res = okResult<BatchResult>(r);
    expect(res.success).toBe(false);
    const texts = [res.error ?? '', ...res.results.map((e) => e.error ?? '')].join('\n');
    // It names the entry (0) and the file.
    expect(res.results[0]!.error).toMatch(/\b0\b/);
    expect(res.results[0]!.error).toContain(entry.file_path.split('/').pop()!);
    for (const secret of [OLD, NEW, CONTENT]) expect(texts).not.toContain(secret);
  });
});

describe('SPEC 4.5 limits: at most 100 distinct files and 50 MiB, checked before anything is read', () => {
  /** A workspace whose files are as large as we say, and which fails the test if read. */
  class CountingFs implements WorkspaceFs {
    reads = 0;
    constructor(private readonly sizes: Record<string, number>) {}
    async stat(path: string): Promise<StatResult> {
      const size = this.sizes[path];
      return size === undefined ? { kind: 'missing' } : { kind: 'file', size };
    }
    async read(_path: string): Promise<ReadResult> {
      this.reads++;
      return { kind: 'missing' };
    }
    async write(): Promise<WriteResult> {
      return { ok: false, message: 'read-only' };
    }
    async remove(): Promise<WriteResult> {
      return { ok: false, message: 'read-only' };
    }
    async list(): Promise<ListResult> {
      return { kind: 'missing' };
    }
  }

  it('101 distinct files: TOO_MANY_FILES and nothing read', async () => {
    const fs = new CountingFs({});
    const edits = Array.from({ length: 101 }, (_, i) => ({ file_path: `/f${i}`, old_string: 'a', new_string: 'b' }));
    const o = await runCall(fs, 'MultiEditBatch', batch(edits));
    expect(o.ok ? o.result : o.error).toMatchObject({ code: 'TOO_MANY_FILES' });
    expect(fs.reads).toBe(0);
  });

  it('100 distinct files named by 200 entries is within the limit', async () => {
    const files = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'a']));
    const edits = Array.from({ length: 200 }, (_, i) => ({ file_path: `/f${i % 100}`, old_string: i < 100 ? 'a' : 'b', new_string: i < 100 ? 'b' : 'c' }));
    const r = await run('MultiEditBatch', batch(edits), files);
    const res = okResult<BatchResult>(r);
    expect(res.success).toBe(true);
    expect(res.summary.total_files).toBe(100);
    expect(r.after.f42).toBe('c');
  }, 60_000);

  it('two files of 30 MiB each: BATCH_TOO_LARGE and nothing read', async () => {
    const fs = new CountingFs({ a: 30 * 1024 * 1024, b: 30 * 1024 * 1024 });
    const o = await runCall(fs, 'MultiEditBatch', batch([
      { file_path: '/a', old_string: 'x', new_string: 'y' },
      { file_path: '/b', old_string: 'x', new_string: 'y' },
    ]));
    expect(o.ok ? o.result : o.error).toMatchObject({ code: 'BATCH_TOO_LARGE' });
    expect(fs.reads).toBe(0);
  });

  it('one 30 MiB file named twice counts once', async () => {
    const fs = new CountingFs({ a: 30 * 1024 * 1024 });
    const o = await runCall(fs, 'MultiEditBatch', batch([
      { file_path: '/a', old_string: 'x', new_string: 'y' },
      { file_path: '/a', old_string: 'y', new_string: 'z' },
    ]));
    // Within the limit, so the file is read (and, being "missing" on read, the entries fail).
    expect(o.ok).toBe(true);
    expect(fs.reads).toBe(1);
  });
});

describe('SPEC 4.5 schema', () => {
  it('an empty description is INVALID_INPUT naming description', async () => {
    const e = toolError(await run('MultiEditBatch', { description: '', edits: [{ file_path: '/a', old_string: 'a', new_string: 'b' }] }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toMatch(/description/);
  });

  it('an empty edits array is INVALID_INPUT naming edits', async () => {
    const e = toolError(await run('MultiEditBatch', { description: 'd', edits: [] }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toMatch(/edits/);
  });

  it('"$&" in a batch new_string is literal', async () => {
    const r = await run('MultiEditBatch', batch([{ file_path: '/a', old_string: 'x', new_string: "$&$'", replace_all: true }]), { a: 'x.x' });
    okResult(r);
    expect(r.after.a).toBe("$&$'.$&$'");
  });
});
