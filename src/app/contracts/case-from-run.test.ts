// "Save as case" must make a case that passes when the runner runs it on its own: the given files
// reproduce what the call saw (CRLF and BOM included), and the expectation is what it did.

import { describe, expect, it } from 'vitest';
import { runSuite } from '../../contracts/runner';
import { loadSuite } from '../../contracts/suite-schema';
import { parseCallText } from '../../engine/envelope';
import { runCall } from '../../engine/run';
import type { ProfileId } from '../../engine/types';
import { MemoryFs } from '../../workspace/memory-fs';
import { KeptRuns, runDetailsOf, runViewOf } from '../../worker/kept-runs';
import { absoluteCallPath, caseFromRun, fullRun, type FullRun, namedPaths, nextCaseId, resultExpectation, withCase, workspacePath, type ShapedText } from './case-from-run';

/** What the worker's `run` and `run/details` answer, made by the worker's own functions, without a worker. */
async function runView(fs: MemoryFs, text: string, profile: ProfileId | null, mount = '/', release?: string): Promise<FullRun> {
  const parsed = parseCallText(text, profile);
  if (!parsed.ok || parsed.call.profile === null) throw new Error('bad call in test');
  const call = parsed.call;
  const outcome = await runCall(fs, call.profile!, call.input, { mount, ...(release !== undefined && { release }) });
  const { runId, kept } = new KeptRuns().keep(outcome, { sessionId: 's', toolName: call.toolName ?? call.profile!, profile: call.profile!, input: call.input });
  return fullRun(runViewOf(runId, kept, { kind: call.kind, toolName: call.toolName, profile: call.profile! }, 1), runDetailsOf(kept));
}

/** The store reads the files a call named but did not stage from the workspace; so does this. */
function otherFiles(fs: MemoryFs, run: FullRun, mount: string): Record<string, ShapedText> {
  const out: Record<string, ShapedText> = {};
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for (const abs of namedPaths(run, mount)) {
    const bytes = fs.files.get(workspacePath(abs, mount)!);
    if (!bytes) continue;
    let text = decoder.decode(bytes);
    const bom = text.startsWith('\uFEFF');
    if (bom) text = text.slice(1);
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    out[abs] = { text: text.replaceAll('\r\n', '\n'), eol, bom };
  }
  return out;
}

async function saveAndRun(files: Record<string, string>, text: string, profile: ProfileId | null, mount = '/', release?: string) {
  const fs = new MemoryFs(files);
  const run = await runView(fs, text, profile, mount, release);
  const built = caseFromRun(run, { text, mount, diffContext: 3, ...(release !== undefined && { release }) }, otherFiles(fs, run, mount), nextCaseId(null), 'saved');
  if (!built.ok) throw new Error(built.message);
  const loaded = loadSuite(withCase(null, built.testCase));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const report = await runSuite(loaded.suite);
  return { run, testCase: built.testCase, report };
}

describe('Save as case', () => {
  it('a successful write expects the result without diffs and the final texts, CRLF and BOM kept', async () => {
    const { testCase, report } = await saveAndRun(
      { 'notes.txt': '\uFEFFalpha\r\nbeta\r\n' },
      JSON.stringify({ path: '/notes.txt', edits: [{ old_string: 'beta', new_string: 'gamma' }] }),
      'multi_edit_text_file',
    );
    expect(report.failed).toBe(0);
    expect(testCase.given?.files).toEqual({ '/notes.txt': '\uFEFFalpha\r\nbeta\r\n' });
    expect(testCase.then.files).toEqual({ '/notes.txt': '\uFEFFalpha\r\ngamma\r\n' });
    expect(testCase.then.result).not.toHaveProperty('diff');
    expect(testCase.then.result).toMatchObject({ success: true, applied_count: 1 });
    expect(testCase.profile).toBe('multi_edit_text_file');
  });

  it('a failed call that staged nothing still gives the file it failed on, and expects the error', async () => {
    const { run, testCase, report } = await saveAndRun(
      { 'a.txt': 'hello\n' },
      JSON.stringify({ path: '/a.txt', old_string: 'nope', new_string: 'x' }),
      'edit_text_file',
    );
    expect(run.files).toEqual([]);
    expect(testCase.given?.files).toEqual({ '/a.txt': 'hello\n' });
    expect(testCase.then.error).toEqual({ code: run.error!.code, message: run.error!.message });
    expect(report.failed).toBe(0);
  });

  it('an envelope stays the case\'s call; a relative path under a mount resolves to a call path under it', async () => {
    const envelope = { name: 'multiedit', arguments: { file_path: 'src/a.go', edits: [{ old_string: 'x := 1', new_string: 'x := 2' }] } };
    const { testCase, report } = await saveAndRun({ 'src/a.go': 'x := 1\n' }, JSON.stringify(envelope), null, '/repo');
    expect(testCase.when).toEqual(envelope);
    expect(testCase.mount).toBe('/repo');
    expect(testCase.then.files).toEqual({ '/repo/src/a.go': 'x := 2\n' });
    expect(report.failed).toBe(0);
  });

  it('a run as an older release saves its release, and the case passes only run as it', async () => {
    // Gemini CLI 0.58.0 reworded the "0 occurrences" error (gemini/releases.test.ts).
    const miss = JSON.stringify({ file_path: '/main.py', instruction: 't', old_string: 'print(2)', new_string: 'print(3)' });
    const { testCase, report } = await saveAndRun({ 'main.py': 'print(1)\n' }, miss, 'replace', '/', '0.58.0');
    expect(testCase.release).toBe('0.58.0');
    expect(testCase.then.error!.message).toMatch(/^Could not find an exact match for 'old_string' in '\/main\.py'\./);
    expect(report.failed).toBe(0);
    const { release: _, ...asDefault } = testCase;
    const loaded = loadSuite(withCase(null, asDefault));
    expect((await runSuite(loaded.ok ? loaded.suite : (null as never))).failed).toBe(1);
  });

  it('a created file is expected afterwards and absent before', async () => {
    const { testCase, report } = await saveAndRun({}, JSON.stringify({ file_path: '/new.md', edits: [{ old_string: '', new_string: '# New\n' }] }), 'MultiEdit');
    expect(testCase.given).toBeUndefined();
    expect(testCase.then.files).toEqual({ '/new.md': '# New\n' });
    expect(report.failed).toBe(0);
  });

  it('a call that is not JSON cannot become a case', () => {
    const run = { files: [], ok: false, warnings: [], call: { profile: 'edit_text_file' } } as unknown as FullRun;
    const built = caseFromRun(run, { text: '{oops', mount: '/', diffContext: 3 }, {}, 'case-1', 't');
    expect(built.ok).toBe(false);
  });
});

describe('paths and ids', () => {
  it('resolves call paths against the mount and back to workspace paths', () => {
    expect(absoluteCallPath('src/../a.txt', '/repo')).toBe('/repo/a.txt');
    expect(absoluteCallPath('/x/./y', '/repo')).toBe('/x/y');
    expect(workspacePath('/repo/a.txt', '/repo')).toBe('a.txt');
    expect(workspacePath('/other/a.txt', '/repo')).toBeNull();
    expect(workspacePath('/a.txt', '/')).toBe('a.txt');
  });

  it('numbers new cases after the existing ones and never reuses an id', () => {
    const suite = withCase(null, { id: 'case-2', title: 't', when: {}, then: {} });
    expect(nextCaseId(suite)).toBe('case-3');
    expect(nextCaseId(null)).toBe('case-1');
  });

  it('drops diffs at every depth of a result', () => {
    expect(resultExpectation({ a: 1, diff: 'x', metadata: { results: [{ diff: 'y', strategy: 'exact' }] }, diffs: {} })).toEqual({
      a: 1,
      metadata: { results: [{ strategy: 'exact' }] },
    });
  });
});
