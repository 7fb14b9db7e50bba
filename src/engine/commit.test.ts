// Commit (SPEC 5) over the in-memory workspace. Stages come from running real profiles, so the
// test exercises the same FileStage values the app and the CLI save.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { commitPlan, commitStage } from './commit';
import { runAndCommit, runCall } from './run';
import type { Stage } from './types';
import type { WorkspaceFs } from './workspace-fs';
import { FlakyFs } from '../../tests/support/flaky-fs';

const enc = new TextEncoder();

/** Run a call that must succeed and return its stage. */
async function stageOf(fs: WorkspaceFs, ...call: Parameters<typeof runCall> extends [WorkspaceFs, ...infer R] ? R : never): Promise<Stage> {
  const out = await runCall(fs, ...call);
  if (!out.ok) throw new Error(`run failed: ${out.error.message}`);
  return out.stage;
}

/** A batch replacing `from` with `to` in each named file. */
function batch(entries: [file: string, from: string, to: string][]) {
  return {
    description: 'test batch',
    edits: entries.map(([file_path, old_string, new_string]) => ({ file_path, old_string, new_string })),
  };
}

function threeFiles(options: ConstructorParameters<typeof MemoryFs>[1] = {}): MemoryFs {
  return new MemoryFs({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n', 'c.txt': 'gamma\n' }, options);
}

const ABC = batch([
  ['/a.txt', 'alpha', 'ALPHA'],
  ['/b.txt', 'beta', 'BETA'],
  ['/c.txt', 'gamma', 'GAMMA'],
]);

describe('commitPlan: what a save would do, file by file', () => {
  it('marks edited files write, created files create, and files back at their original bytes leave', async () => {
    const fs = new MemoryFs({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    const edited = await stageOf(fs, 'MultiEditBatch', batch([
      ['/a.txt', 'alpha', 'ALPHA'],
      ['/b.txt', 'beta', 'BETA'],
      ['/b.txt', 'BETA', 'beta'],
    ]));
    const created = await stageOf(fs, 'MultiEdit', { file_path: '/new/c.txt', edits: [{ old_string: '', new_string: 'c\n' }] });
    expect(commitPlan({ files: [...edited.files, ...created.files] })).toEqual([
      { path: 'a.txt', displayPath: '/a.txt', action: 'write' },
      { path: 'b.txt', displayPath: '/b.txt', action: 'leave' },
      { path: 'new/c.txt', displayPath: '/new/c.txt', action: 'create' },
    ]);
  });

  it('compares an ASCII file by its text, and the others by their bytes, with the same answers', async () => {
    const fs = new MemoryFs({ 'a.txt': 'ab\n', 'b.txt': 'ab\n', 'c.txt': 'é\r\nab\r\n', 'd.txt': 'é\r\nab\r\n', 'e.txt': '\uFEFFab\n' });
    const stage = await stageOf(fs, 'MultiEditBatch', batch([
      ['/a.txt', 'b', 'é'],
      ['/b.txt', 'b', 'é'],
      ['/b.txt', 'é', 'b'],
      ['/c.txt', 'ab', 'aé'],
      ['/d.txt', 'ab', 'aé'],
      ['/d.txt', 'aé', 'ab'],
      ['/e.txt', 'ab', 'ax'],
      ['/e.txt', 'ax', 'ab'],
    ]));
    expect(commitPlan(stage).map((e) => `${e.path} ${e.action}`)).toEqual(['a.txt write', 'b.txt leave', 'c.txt write', 'd.txt leave', 'e.txt leave']);
  });
});

describe('commitStage: compare-and-swap before writing (SPEC 5.1)', () => {
  it('refuses with CONFLICT naming the file that changed after the run, and writes nothing', async () => {
    const fs = threeFiles();
    const stage = await stageOf(fs, 'MultiEditBatch', ABC);
    await fs.write('b.txt', enc.encode('beta, edited elsewhere\n'));
    fs.log.length = 0;

    const out = await commitStage(fs, stage);

    expect(out).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'File changed since the run: /b.txt. Nothing was written; run the call again.' },
      rolledBack: [],
      restoreFailures: [],
      committed: [],
      files: ['a', 'b', 'c'].map((n) => ({ path: `${n}.txt`, displayPath: `/${n}.txt`, status: 'not-written' })),
    });
    expect(fs.log).toEqual([]);
    expect(fs.text('a.txt')).toBe('alpha\n');
    expect(fs.text('b.txt')).toBe('beta, edited elsewhere\n');
  });

  it('names every changed file, in stage order, including one deleted meanwhile', async () => {
    const fs = threeFiles();
    const stage = await stageOf(fs, 'MultiEditBatch', ABC);
    await fs.write('c.txt', enc.encode('changed\n'));
    await fs.remove('a.txt');
    fs.log.length = 0;

    const out = await commitStage(fs, stage);

    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('CONFLICT');
    expect(out.error.message).toBe('File changed since the run: /a.txt, /c.txt. Nothing was written; run the call again.');
    expect(fs.log).toEqual([]);
  });

  it('treats a file that appeared where the stage creates one as a conflict, and keeps it', async () => {
    const fs = new MemoryFs();
    const stage = await stageOf(fs, 'MultiEdit', { file_path: '/notes.md', edits: [{ old_string: '', new_string: '# mine\n' }] });
    await fs.write('notes.md', enc.encode('# theirs\n'));
    fs.log.length = 0;

    const out = await commitStage(fs, stage);

    expect(out).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('/notes.md') } });
    expect(fs.text('notes.md')).toBe('# theirs\n');
    expect(fs.log).toEqual([]);
  });

  it('compares bytes, not text: a line-ending change meanwhile is a conflict', async () => {
    const fs = new MemoryFs({ 'a.txt': 'one\ntwo\n' });
    const stage = await stageOf(fs, 'edit_text_file', { path: '/a.txt', old_string: 'two', new_string: '2' });
    await fs.write('a.txt', enc.encode('one\r\ntwo\r\n'));

    const out = await commitStage(fs, stage);

    expect(out.ok === false && out.error.code).toBe('CONFLICT');
    expect(fs.text('a.txt')).toBe('one\r\ntwo\r\n');
  });

  it('does not check or write a file the stage leaves unchanged', async () => {
    const fs = new MemoryFs({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    const stage = await stageOf(fs, 'MultiEditBatch', batch([
      ['/a.txt', 'alpha', 'ALPHA'],
      ['/b.txt', 'beta', 'BETA'],
      ['/b.txt', 'BETA', 'beta'],
    ]));
    // b.txt is not a target, so a change to it meanwhile is not the commit's business.
    await fs.write('b.txt', enc.encode('someone else\n'));
    fs.log.length = 0;

    const out = await commitStage(fs, stage);

    expect(out).toEqual({ ok: true, written: ['/a.txt'], created: [], deleted: [] });
    expect(fs.log).toEqual(['write a.txt']);
    expect(fs.text('b.txt')).toBe('someone else\n');
  });
});

// The engine reads and writes MemoryFs shared (no copies): the compare of a file that still holds
// the array the run read answers at once, and every other case is still compared byte for byte.
describe('commitStage: the compare of bytes read shared (MemoryFs)', () => {
  const FILE = 'alpha\nbeta\n';
  const call = { path: '/a.txt', old_string: 'beta', new_string: 'BETA' };

  it('the run keeps the very array the file holds, and the commit writes a new one', async () => {
    const fs = new MemoryFs({ 'a.txt': FILE });
    const held = fs.files.get('a.txt');
    const stage = await stageOf(fs, 'edit_text_file', call);
    expect(stage.files[0]!.originalBytes).toBe(held);
    expect(await commitStage(fs, stage)).toEqual({ ok: true, written: ['/a.txt'], created: [], deleted: [] });
    expect(fs.files.get('a.txt')).not.toBe(held);
    expect(fs.text('a.txt')).toBe('alpha\nBETA\n');
  });

  it('a change of the same length meanwhile is a conflict', async () => {
    const fs = new MemoryFs({ 'a.txt': FILE });
    const stage = await stageOf(fs, 'edit_text_file', call);
    await fs.write('a.txt', enc.encode('alphA\nbeta\n'));
    const out = await commitStage(fs, stage);
    expect(out.ok === false && out.error).toEqual({ code: 'CONFLICT', message: 'File changed since the run: /a.txt. Nothing was written; run the call again.' });
    expect(fs.text('a.txt')).toBe('alphA\nbeta\n');
  });

  it('a shared write of other bytes meanwhile (another save) is a conflict', async () => {
    const fs = new MemoryFs({ 'a.txt': FILE });
    const first = await stageOf(fs, 'edit_text_file', { path: '/a.txt', old_string: 'alpha', new_string: 'ALPHA' });
    const second = await stageOf(fs, 'edit_text_file', call);
    expect(await commitStage(fs, first)).toEqual({ ok: true, written: ['/a.txt'], created: [], deleted: [] });
    const out = await commitStage(fs, second);
    expect(out.ok === false && out.error.code).toBe('CONFLICT');
    expect(fs.text('a.txt')).toBe('ALPHA\nbeta\n');
  });

  it('the same bytes written again meanwhile (another array) are compared and found unchanged', async () => {
    const fs = new MemoryFs({ 'a.txt': FILE });
    const stage = await stageOf(fs, 'edit_text_file', call);
    await fs.write('a.txt', enc.encode(FILE));
    expect(await commitStage(fs, stage)).toEqual({ ok: true, written: ['/a.txt'], created: [], deleted: [] });
    expect(fs.text('a.txt')).toBe('alpha\nBETA\n');
  });

  it('a file removed and written back with other bytes meanwhile is a conflict', async () => {
    const fs = new MemoryFs({ 'a.txt': FILE });
    const stage = await stageOf(fs, 'edit_text_file', call);
    await fs.remove('a.txt');
    await fs.write('a.txt', enc.encode('alpha\nbetA\n'));
    const out = await commitStage(fs, stage);
    expect(out.ok === false && out.error.code).toBe('CONFLICT');
    expect(fs.text('a.txt')).toBe('alpha\nbetA\n');
  });
});

describe('commitStage: one write per target, in stage order (SPEC 5.2)', () => {
  it('writes the final bytes of every changed file and reports written and created files', async () => {
    const fs = new MemoryFs({ 'a.txt': '\uFEFFone\r\ntwo\r\n' });
    const edited = await stageOf(fs, 'edit_text_file', { path: '/a.txt', old_string: 'two', new_string: 'two\nthree' });
    const created = await stageOf(fs, 'MultiEdit', { file_path: '/d/new.txt', edits: [{ old_string: '', new_string: 'fresh\n' }] });

    const out = await commitStage(fs, { files: [...edited.files, ...created.files] });

    expect(out).toEqual({ ok: true, written: ['/a.txt'], created: ['/d/new.txt'], deleted: [] });
    expect(fs.log).toEqual(['write a.txt', 'write d/new.txt']);
    // BOM kept, CRLF kept, inserted line break takes the file's CRLF (SPEC 2.1, 2.2).
    // (Compared as bytes: MemoryFs.text() decodes with a TextDecoder, which drops a BOM.)
    expect([...fs.files.get('a.txt')!]).toEqual([...enc.encode('\uFEFFone\r\ntwo\r\nthree\r\n')]);
    expect(fs.text('d/new.txt')).toBe('fresh\n');
  });

  it('writes nothing for a stage with no changes', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x\n' });
    const stage = await stageOf(fs, 'MultiEditBatch', batch([
      ['/a.txt', 'x', 'y'],
      ['/a.txt', 'y', 'x'],
    ]));
    expect(await commitStage(fs, stage)).toEqual({ ok: true, written: [], created: [], deleted: [] });
    expect(fs.log).toEqual([]);
  });
});

describe('commitStage: a failed write restores what was written (SPEC 5.3)', () => {
  it('restores the first file when the second of three fails, and never attempts the third', async () => {
    const fs = threeFiles({ failWrites: ['b.txt'] });
    const stage = await stageOf(fs, 'MultiEditBatch', ABC);

    const out = await commitStage(fs, stage);

    expect(out).toEqual({
      ok: false,
      error: { code: 'WRITE_FAILED', message: 'Could not write /b.txt: simulated write failure. Restored /a.txt.' },
      rolledBack: ['/a.txt'],
      restoreFailures: [],
      committed: [],
      files: [
        { path: 'a.txt', displayPath: '/a.txt', status: 'rolled-back' },
        { path: 'b.txt', displayPath: '/b.txt', status: 'failed', reason: 'simulated write failure' },
        { path: 'c.txt', displayPath: '/c.txt', status: 'not-written' },
      ],
    });
    expect(fs.log).toEqual(['write a.txt', 'write a.txt']);
    expect(fs.text('a.txt')).toBe('alpha\n');
    expect(fs.text('b.txt')).toBe('beta\n');
    expect(fs.text('c.txt')).toBe('gamma\n');
  });

  it('removes a created file and restores an edited one, newest first, when a later write fails', async () => {
    const fs = threeFiles({ failWrites: ['b.txt'] });
    const created = await stageOf(fs, 'MultiEdit', { file_path: '/new.txt', edits: [{ old_string: '', new_string: 'new\n' }] });
    const edited = await stageOf(fs, 'MultiEditBatch', ABC);

    const out = await commitStage(fs, { files: [...created.files, ...edited.files] });

    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.rolledBack).toEqual(['/a.txt', '/new.txt']);
    expect(out.error.message).toBe('Could not write /b.txt: simulated write failure. Restored /a.txt, /new.txt.');
    expect(fs.log).toEqual(['write new.txt', 'write a.txt', 'write a.txt', 'remove new.txt']);
    expect([...fs.files.keys()].sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(fs.text('a.txt')).toBe('alpha\n');
  });

  it('says that no file had been written when the first write fails', async () => {
    const fs = threeFiles({ failWrites: ['a.txt'] });
    const out = await commitStage(fs, await stageOf(fs, 'MultiEditBatch', ABC));
    expect(out).toMatchObject({
      ok: false,
      error: { code: 'WRITE_FAILED', message: 'Could not write /a.txt: simulated write failure. No file had been written.' },
      rolledBack: [],
    });
    expect(fs.log).toEqual([]);
  });

  it('reports a file it could not restore instead of hiding it', async () => {
    const mem = threeFiles();
    const stage = await stageOf(mem, 'MultiEditBatch', ABC);
    // Write 1 (a.txt) succeeds, write 2 (b.txt) fails, write 3 (restoring a.txt) fails too.
    const fs = new FlakyFs(mem, new Set([2, 3]));

    const out = await commitStage(fs, stage);

    expect(out).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED' }, rolledBack: [], restoreFailures: ['/a.txt'] });
    expect(!out.ok && out.error.message).toMatch(/^Could not write \/b\.txt: disk full\..* Could not restore \/a\.txt\.$/);
    expect(mem.text('a.txt')).toBe('ALPHA\n');
  });

  // With every restore failed, the message must still admit that /a.txt was written.
  it('does not claim that no file was written when the written file could not be restored', async () => {
    const mem = threeFiles();
    const stage = await stageOf(mem, 'MultiEditBatch', ABC);
    const out = await commitStage(new FlakyFs(mem, new Set([2, 3])), stage);
    expect(!out.ok && out.error.message).not.toContain('No file had been written');
  });
});

describe('runAndCommit: a commit failure becomes the tool outcome', () => {
  it('MultiEditBatch reports success: false with rollback_performed when a write was undone', async () => {
    const fs = threeFiles({ failWrites: ['c.txt'] });
    const { outcome, commit } = await runAndCommit(fs, 'MultiEditBatch', ABC);
    expect(commit?.ok).toBe(false);
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.result).toMatchObject({ success: false, rollback_performed: true, error: expect.stringContaining('Could not write /c.txt') });
    expect([fs.text('a.txt'), fs.text('b.txt'), fs.text('c.txt')]).toEqual(['alpha\n', 'beta\n', 'gamma\n']);
  });

  it('a single-file profile returns the WRITE_FAILED error', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x\n' }, { failWrites: ['a.txt'] });
    const { outcome } = await runAndCommit(fs, 'edit_text_file', { path: '/a.txt', old_string: 'x', new_string: 'y' });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED' } });
    expect(fs.text('a.txt')).toBe('x\n');
  });

  it('a dry run commits nothing', async () => {
    const fs = threeFiles();
    const { outcome, commit } = await runAndCommit(fs, 'MultiEditBatch', { ...ABC, dry_run: true });
    expect(commit).toBeUndefined();
    expect(outcome.ok && outcome.stage.files.length).toBe(3);
    expect(fs.log).toEqual([]);
  });
});
