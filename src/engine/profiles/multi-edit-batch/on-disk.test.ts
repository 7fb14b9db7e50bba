// Issue 16, item 7 (SPEC 14 "results tell the truth"): when a MultiEditBatch's save fails, each
// entry's result says what happened to it on disk (`on_disk`: committed, rolled_back,
// rollback_failed, not_written), `successful_files` counts the files that really hold their edits,
// and with `atomic: false` the files that were written stay written.

import { describe, expect, it } from 'vitest';
import { commitStage } from '../../commit';
import { runAndCommit, runCall } from '../../run';
import { FlakyFs } from '../../../../tests/support/flaky-fs';
import { MemoryFs } from '../../../workspace/memory-fs';
import type { BatchResult } from '../../../../tests/support/harness';

const ABC = {
  description: 'three files',
  edits: [
    { file_path: '/a.txt', old_string: 'alpha', new_string: 'ALPHA' },
    { file_path: '/b.txt', old_string: 'beta', new_string: 'BETA' },
    { file_path: '/c.txt', old_string: 'gamma', new_string: 'GAMMA' },
  ],
};

const threeFiles = (failWrites: string[] = []) => new MemoryFs({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n', 'c.txt': 'gamma\n' }, { failWrites });

const resultOf = (outcome: Awaited<ReturnType<typeof runAndCommit>>['outcome']): BatchResult => {
  if (!outcome.ok) throw new Error(`run failed: ${outcome.error.message}`);
  return outcome.result as BatchResult;
};

describe('atomic: true, a write fails at the save', () => {
  it('the written file is rolled back, the failed one not written, the last never tried: every entry says so', async () => {
    const fs = threeFiles(['b.txt']);
    const res = resultOf((await runAndCommit(fs, 'MultiEditBatch', ABC)).outcome);
    expect(res).toEqual({
      success: false,
      results: [
        { file_path: '/a.txt', success: false, replacements: 0, on_disk: 'rolled_back', error: 'Entry 0 (/a.txt): applied, then rolled back: the batch could not be saved' },
        { file_path: '/b.txt', success: false, replacements: 0, on_disk: 'not_written', error: 'Entry 1 (/b.txt): could not write the file: simulated write failure' },
        { file_path: '/c.txt', success: false, replacements: 0, on_disk: 'not_written', error: 'Entry 2 (/c.txt): not written: the batch could not be saved' },
      ],
      summary: { total_files: 3, successful_files: 0, failed_files: 3, total_replacements: 0 },
      error: 'Could not write /b.txt: simulated write failure. Restored /a.txt.',
      rollback_performed: true,
      diffs: expect.any(Object),
    });
    expect([fs.text('a.txt'), fs.text('b.txt'), fs.text('c.txt')]).toEqual(['alpha\n', 'beta\n', 'gamma\n']);
  });

  it('a rollback that fails is in the structured result: that file keeps its edit and is counted as such', async () => {
    const mem = threeFiles();
    // Write 1 (a.txt) succeeds, write 2 (b.txt) fails, write 3 (restoring a.txt) fails too.
    const res = resultOf((await runAndCommit(new FlakyFs(mem, new Set([2, 3])), 'MultiEditBatch', ABC)).outcome);
    expect(res.results.map((r) => r.on_disk)).toEqual(['rollback_failed', 'not_written', 'not_written']);
    expect(res.results[0]).toEqual({
      file_path: '/a.txt',
      success: false,
      replacements: 1,
      on_disk: 'rollback_failed',
      error: 'Entry 0 (/a.txt): applied, and the rollback failed: the file still holds this edit though the batch could not be saved',
    });
    expect(res.rollback_performed).toBe(false);
    expect(res.summary).toEqual({ total_files: 3, successful_files: 0, failed_files: 3, total_replacements: 1 });
    expect(mem.text('a.txt')).toBe('ALPHA\n');
  });

  it('two entries on one file share its fate', async () => {
    const fs = new MemoryFs({ 'a.txt': 'one two\n', 'b.txt': 'b\n' }, { failWrites: ['b.txt'] });
    const res = resultOf((await runAndCommit(fs, 'MultiEditBatch', {
      description: 'd',
      edits: [
        { file_path: '/a.txt', old_string: 'one', new_string: '1' },
        { file_path: '/b.txt', old_string: 'b', new_string: 'B' },
        { file_path: 'a.txt', old_string: 'two', new_string: '2' },
      ],
    })).outcome);
    expect(res.results.map((r) => [r.success, r.on_disk])).toEqual([[false, 'rolled_back'], [false, 'not_written'], [false, 'rolled_back']]);
    expect(res.summary).toEqual({ total_files: 2, successful_files: 0, failed_files: 2, total_replacements: 0 });
  });

  it('a file changed since the run: nothing is written and no entry claims success', async () => {
    const fs = threeFiles();
    const run = await runCall(fs, 'MultiEditBatch', ABC);
    await fs.write('c.txt', new TextEncoder().encode('changed\n'));
    const commit = await commitStage(fs, run.stage);
    expect(commit).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const { batchAfterFailedCommit } = await import('./multi-edit-batch');
    const after = batchAfterFailedCommit(run, commit);
    const res = resultOf(after);
    expect(res.results.map((r) => [r.success, r.on_disk])).toEqual([[false, 'not_written'], [false, 'not_written'], [false, 'not_written']]);
    expect(res.results[0]!.error).toBe('Entry 0 (/a.txt): not written: the batch could not be saved');
    expect(res.rollback_performed).toBe(false);
    expect(res.summary.successful_files).toBe(0);
  });
});

describe('atomic: false, a write fails at the save', () => {
  it('the files written stay written and say committed; only the failed file\'s entries fail', async () => {
    const fs = threeFiles(['b.txt']);
    const { outcome, commit } = await runAndCommit(fs, 'MultiEditBatch', { ...ABC, atomic: false });
    expect([fs.text('a.txt'), fs.text('b.txt'), fs.text('c.txt')]).toEqual(['ALPHA\n', 'beta\n', 'GAMMA\n']);
    expect(commit).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED' }, rolledBack: [], restoreFailures: [], committed: ['/a.txt', '/c.txt'] });
    const res = resultOf(outcome);
    expect(res).toEqual({
      success: false,
      results: [
        { file_path: '/a.txt', success: true, replacements: 1, on_disk: 'committed' },
        { file_path: '/b.txt', success: false, replacements: 0, on_disk: 'not_written', error: 'Entry 1 (/b.txt): could not write the file: simulated write failure' },
        { file_path: '/c.txt', success: true, replacements: 1, on_disk: 'committed' },
      ],
      summary: { total_files: 3, successful_files: 2, failed_files: 1, total_replacements: 2 },
      error: 'Could not write /b.txt: simulated write failure. The other files were written: /a.txt, /c.txt.',
      diffs: expect.any(Object),
    });
    expect(fs.log).toEqual(['write a.txt', 'write c.txt']);
  });

  it('an entry that failed at the run says not_written next to those committed', async () => {
    const fs = threeFiles(['c.txt']);
    const res = resultOf((await runAndCommit(fs, 'MultiEditBatch', {
      description: 'd',
      atomic: false,
      edits: [
        { file_path: '/a.txt', old_string: 'alpha', new_string: 'A' },
        { file_path: '/b.txt', old_string: 'nope', new_string: 'B' },
        { file_path: '/c.txt', old_string: 'gamma', new_string: 'C' },
      ],
    })).outcome);
    expect(res.results.map((r) => [r.success, r.on_disk])).toEqual([[true, 'committed'], [false, 'not_written'], [false, 'not_written']]);
    expect(res.results[1]!.error).toBe('Entry 1 (/b.txt): string not found');
    expect(res.summary).toEqual({ total_files: 3, successful_files: 1, failed_files: 2, total_replacements: 1 });
    expect([fs.text('a.txt'), fs.text('b.txt'), fs.text('c.txt')]).toEqual(['A\n', 'beta\n', 'gamma\n']);
  });

  it('the app\'s Save (commitStage on the run\'s stage) keeps the written files too', async () => {
    const fs = threeFiles(['a.txt']);
    const run = await runCall(fs, 'MultiEditBatch', { ...ABC, atomic: false });
    const commit = await commitStage(fs, run.stage);
    expect(commit).toMatchObject({ ok: false, committed: ['/b.txt', '/c.txt'] });
    expect(!commit.ok && commit.files.map((f) => [f.displayPath, f.status])).toEqual([['/a.txt', 'failed'], ['/b.txt', 'committed'], ['/c.txt', 'committed']]);
    expect([fs.text('a.txt'), fs.text('b.txt'), fs.text('c.txt')]).toEqual(['alpha\n', 'BETA\n', 'GAMMA\n']);
  });
});
