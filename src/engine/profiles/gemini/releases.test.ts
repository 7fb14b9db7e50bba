// Gemini CLI's `replace` by release (issue 19, version drift): 0.58.0 reworded two texts the model
// reads; the texts below are those of packages/core/dist/src/tools/edit.js in
// @google/gemini-cli-core 0.55.0 (the pinned reference) and 0.58.0/0.61.0, as published on npm.

import { describe, expect, it } from 'vitest';
import { geminiRelease, geminiReleaseOn, geminiUnmodelled } from './releases';
import { profileReleases, releaseProblem } from '../../releases';
import { runCall } from '../../run';
import type { RunOptions, RunOutcome } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';

const run = (input: Record<string, unknown>, options: RunOptions = {}): Promise<RunOutcome> =>
  runCall(new MemoryFs({ 'main.py': 'print(1)\n' }), 'replace', { file_path: '/main.py', instruction: 'test', ...input }, options);
const errorOf = (o: RunOutcome) => (o.ok ? null : o.error);
const outputOf = (o: RunOutcome) => (o.ok ? (o.result as { output: string }).output : null);

const OLD_MISS = "Failed to edit, 0 occurrences found for old_string in /main.py. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.";
const NEW_MISS =
  "Could not find an exact match for 'old_string' in '/main.py'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.";

describe('replace: the "0 occurrences" error by release', () => {
  const miss = { old_string: 'print(2)', new_string: 'print(3)' };

  it('no release and 0.55.0: the reference text', async () => {
    expect(errorOf(await run(miss))).toEqual({ code: 'edit_no_occurrence_found', message: OLD_MISS });
    expect(errorOf(await run(miss, { release: '0.55.0' }))).toEqual({ code: 'edit_no_occurrence_found', message: OLD_MISS });
  });

  it('0.58.0 and 0.61.0: the read-window hint, same error type', async () => {
    expect(errorOf(await run(miss, { release: '0.58.0' }))).toEqual({ code: 'edit_no_occurrence_found', message: NEW_MISS });
    expect(errorOf(await run(miss, { release: '0.61.0' }))).toEqual({ code: 'edit_no_occurrence_found', message: NEW_MISS });
  });
});

describe('replace: modified_by_user by release', () => {
  const edited = { old_string: 'print(1)', new_string: 'print(9)', modified_by_user: true };
  const head = 'Successfully modified file: /main.py (1 replacements). Here is the updated code:\nprint(9)\n';

  it('0.55.0 says the user modified new_string; 0.58.0 says the confirmation step did', async () => {
    expect(outputOf(await run(edited))).toBe(`${head} User modified the \`new_string\` content to be: print(9).`);
    expect(outputOf(await run(edited, { release: '0.58.0' }))).toBe(`${head} The confirmation step modified the \`new_string\` content to be: print(9).`);
  });
});

describe('which release a version runs as', () => {
  it('the nearest known release not newer; 0.51.0 to 0.54.x run as the reference, 0.27 and before as 0.28.0', () => {
    expect(geminiRelease('0.61.0')!.version).toBe('0.58.0');
    expect(geminiRelease('0.58.0')!.version).toBe('0.58.0');
    expect(geminiRelease('0.57.9')!.version).toBe('0.55.0');
    expect(geminiRelease('0.54.0')!.version).toBe('0.55.0');
    expect(geminiRelease('0.51.0')!.version).toBe('0.55.0');
    expect(geminiRelease('0.50.1')!.version).toBe('0.44.0');
    expect(geminiRelease('0.44.1')!.version).toBe('0.44.0');
    expect(geminiRelease('0.43.0')!.version).toBe('0.34.0');
    expect(geminiRelease('0.34.0')!.version).toBe('0.34.0');
    expect(geminiRelease('0.33.2')!.version).toBe('0.31.0');
    expect(geminiRelease('0.31.0')!.version).toBe('0.31.0');
    expect(geminiRelease('0.30.1')!.version).toBe('0.29.0');
    expect(geminiRelease('0.29.0-preview.3')!.version).toBe('0.29.0');
    expect(geminiRelease('0.28.2')!.version).toBe('0.28.0');
    expect(geminiRelease('0.26.0')!.version).toBe('0.28.0');
    expect(geminiRelease('0.60.0-nightly.20260905.g85aca163f')!.version).toBe('0.58.0');
    expect(geminiRelease(undefined)!.version).toBe('0.55.0');
    expect(geminiRelease('latest')).toBeNull();
  });

  it('the Release picker lists them newest first, the reference as the default', () => {
    expect(profileReleases('replace')).toEqual({
      default: '0.55.0',
      kind: 'a Gemini CLI version (such as 0.58.0)',
      choices: [
        { value: '0.58.0', label: '0.58.0 and later' },
        { value: '0.55.0', label: '0.55.0 (the reference)' },
        { value: '0.44.0', label: '0.44.0 (0.44.0 to 0.50.x)' },
        { value: '0.34.0', label: '0.34.0 (0.34.0 to 0.43.x)' },
        { value: '0.31.0', label: '0.31.0 (0.31.0 to 0.33.x)' },
        { value: '0.29.0', label: '0.29.0 (0.29.0 to 0.30.x)' },
        { value: '0.28.0', label: '0.28.0 (0.28.0 to 0.28.x)' },
      ],
    });
    expect(releaseProblem('replace', '0.61.0')).toBeNull();
    expect(releaseProblem('replace', 'swe-agent')).toBe('"swe-agent" is not a Gemini CLI version (such as 0.58.0)');
  });
});

describe('which release a session of a given day ran (no version recorded)', () => {
  it('the newest release out on that day: 0.28.0 from 2026-02-10, 0.29.0 from 2026-02-17, 0.31.0 from 2026-02-27', () => {
    const on = (d: string) => geminiReleaseOn(d)!.version;
    expect([on('2026-01-10'), on('2026-02-10'), on('2026-02-16'), on('2026-02-17'), on('2026-02-26T23:59:59Z')]).toEqual(['0.28.0', '0.28.0', '0.28.0', '0.29.0', '0.29.0']);
    expect([on('2026-02-27'), on('2026-03-16'), on('2026-03-17'), on('2026-05-26'), on('2026-05-27')]).toEqual(['0.31.0', '0.31.0', '0.34.0', '0.34.0', '0.44.0']);
  });

  it('the reference from 2026-07-16 (v0.51.0), 0.58.0 from the day after its npm time (2026-09-04T15:21Z)', () => {
    const on = (d: string) => geminiReleaseOn(d)!.version;
    expect([on('2026-07-15T23:00:00Z'), on('2026-07-16'), on('2026-09-04T20:00:00.000Z'), on('2026-09-05'), on('2026-09-30T10:00:00.000Z')]).toEqual(['0.44.0', '0.55.0', '0.55.0', '0.58.0', '0.58.0']);
    expect(geminiReleaseOn(undefined)).toBeNull();
    expect(geminiReleaseOn('Tuesday')).toBeNull();
  });
});

describe('a release older than every one modelled is not replayed', () => {
  // The releases before 0.28.0 were read at their tags in google-gemini/gemini-cli: edit.ts has no
  // `instruction` before v0.24.0 (f3625aab13 merged SmartEditTool into EditTool), a1233e7e5c
  // (v0.27.0) reworded its errors, 695785c69d (v0.28.0) keeps line endings. Real July 2025
  // checkpoints (Gemini CLI 0.1.x) ran as 0.28.0 gave 70 "differs", every one the playground's.
  it('a version before 0.28.0, or a day before 0.28.0 was out (2026-02-10), with why; a later one, none', () => {
    const why = 'is older than 0.28.0, the oldest release the playground models, and its tools answered otherwise (before 0.24.0 replace was another tool, without `instruction`): the call is listed, not replayed';
    expect(geminiUnmodelled('0.1.12', undefined)).toBe(`Gemini CLI 0.1.12 ${why}`);
    expect(geminiUnmodelled(undefined, '2025-07-12')).toBe(`The Gemini CLI of 2025-07-12 (the session's date) ${why}`);
    expect(geminiUnmodelled(undefined, '2026-02-09T23:59:59Z')).toBe(`The Gemini CLI of 2026-02-09 (the session's date) ${why}`);
    expect([geminiUnmodelled('0.28.0', undefined), geminiUnmodelled('0.58.1', '2025-07-12'), geminiUnmodelled(undefined, '2026-02-10'), geminiUnmodelled(undefined, undefined), geminiUnmodelled('nightly', undefined)]).toEqual([null, null, null, null, null]);
  });
});
