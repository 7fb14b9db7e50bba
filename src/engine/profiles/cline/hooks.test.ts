// The hooks' answers: what a recorded answer shows, which calls create, and the what-if
// conversions, checked by running the converted call (Cline and Roo Code).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { commitStage } from '../../commit';
import { runProfile } from '../../run';
import type { Profile } from '../profile';
import { applyDiffFromFindReplace, applyDiffToFindReplace } from '../roo-code/hooks';
import { applyDiffProfile } from '../roo-code/apply-diff';
import { replaceInFileCreates, replaceInFileFromFindReplace, replaceInFileToFindReplace, shownFile, wholeLines } from './hooks';
import { replaceInFile } from './replace-in-file';
import { savedOutput } from './cases';

async function runOn(profile: Profile, text: string, input: Record<string, unknown>): Promise<string | null> {
  const fs = new MemoryFs({ 'f.txt': text });
  const out = await runProfile(profile, fs, input, { mount: '/w' });
  if (!out.ok) return null;
  await commitStage(fs, out.stage);
  return new TextDecoder().decode(fs.files.get('f.txt'));
}

describe('hooks', () => {
  it('shownFile reads the final content of a success, nothing of a failure', () => {
    expect(shownFile(savedOutput('a.txt', 'x\ny\n'))).toEqual({ kind: 'whole', text: 'x\ny\n' });
    expect(shownFile('The tool execution failed with the following error:\n<error>\n…</error>')).toBeNull();
  });

  it('replace_in_file creates when its first SEARCH is empty', () => {
    expect(replaceInFileCreates({ diff: '------- SEARCH\n=======\na\n+++++++ REPLACE' })).toBe('named');
    expect(replaceInFileCreates({ diff: '------- SEARCH\nx\n=======\na\n+++++++ REPLACE' })).toEqual([]);
  });

  it('reads blocks as exact replacements of their lines', () => {
    expect(replaceInFileToFindReplace({ diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n<<<<<<< SEARCH\nc\n=======\n>>>>>>> REPLACE' }, '/w/f.txt')).toEqual({
      path: '/w/f.txt',
      edits: [
        { old: 'a\n', new: 'b\n', replaceAll: false },
        { old: 'c\n', new: '', replaceAll: false },
      ],
    });
    expect(applyDiffToFindReplace({ diff: '<<<<<<< SEARCH\n:start_line:3\n-------\n\\=======\n=======\nx\n>>>>>>> REPLACE' }, 'f')).toEqual({ path: 'f', edits: [{ old: '=======', new: 'x', replaceAll: false }] });
  });

  it('widens upwards past blank lines for apply_diff, down to the top of the file', () => {
    expect(wholeLines('\n\nalpha\n', { old: 'alpha', new: 'beta', replaceAll: false }, true)).toMatchObject({ search: 'alpha\n', line: 3 });
    expect(wholeLines('\n\nalpha\n', { old: 'alpha', new: '\nbeta', replaceAll: false }, true)).toMatchObject({ search: '\n\nalpha\n', replace: '\n\n\nbeta\n', line: 1 });
    expect(wholeLines('x\n\nalpha\n', { old: 'alpha', new: '\nbeta', replaceAll: false }, true)).toMatchObject({ search: 'x\n\nalpha\n', line: 1 });
  });

  it('widens a part of a line to its lines, with the line number', () => {
    expect(wholeLines('one\ntwo three\nfour', { old: 'three\nfo', new: '3\nFO', replaceAll: false })).toEqual({ search: 'two three\nfour', replace: 'two 3\nFOur', line: 2, next: 'one\ntwo 3\nFOur' });
    expect(replaceInFileFromFindReplace({ path: 'f.txt', edits: [{ old: 'x', new: 'y', replaceAll: true }] }, null)).toEqual({
      ok: false,
      message: 'replace_in_file replaces the first match of each block; an edit here replaces all of them.',
    });
  });

  const lineArb = fc.constantFrom('alpha', 'beta', '  gamma', 'delta = 1', '', 'x', '=======', '<<<<<<< HEAD');
  const fileArb = fc.array(lineArb, { minLength: 1, maxLength: 8 }).map((ls) => `${ls.join('\n')}\n`);
  const editArb = fileArb.chain((file) =>
    fc.tuple(fc.nat(file.length - 1), fc.nat(12), fc.constantFrom('', 'Z', 'new\n', '  q')).map(([at, len, repl]) => ({ file, old: file.slice(at, at + len + 1), repl })),
  );

  it('a converted edit does what the plain edit does, or the conversion says why not (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(editArb, async ({ file, old, repl }) => {
        const plain = { path: 'f.txt', edits: [{ old, new: repl, replaceAll: false }] };
        // Whole-line tools may not take the file's last line break away (only by deleting lines).
        const plainResult = file.replace(old, () => repl);
        const accepted = (got: string | null) => got === plainResult || (!plainResult.endsWith('\n') && got === `${plainResult}\n`);
        const cline = replaceInFileFromFindReplace(plain, file);
        if (cline.ok) expect(accepted(await runOn(replaceInFile, file, cline.input))).toBe(true);
        else expect(cline.message).toBe("a line of the edit reads as one of replace_in_file's markers");
        const roo = applyDiffFromFindReplace(plain, file);
        if (!roo.ok) {
          expect([
            "a line of the edit reads as one of apply_diff's markers",
            'apply_diff cannot replace lines with one empty line: an empty REPLACE section deletes them.',
            "apply_diff reads a section's leading blank lines as part of its marker line; this edit starts with one at the top of the file",
          ]).toContain(roo.message);
          return;
        }
        const got = await runOn(applyDiffProfile, file, roo.input);
        // Roo Code trims the end of each replacement line; a no-op edit is refused as identical.
        const trimmedEnds = (s: string) => s.split('\n').map((l) => l.trimEnd()).join('\n');
        if (got !== null) expect([trimmedEnds(plainResult), trimmedEnds(`${plainResult}\n`)]).toContain(trimmedEnds(got));
        else expect(wholeLines(file, plain.edits[0]!)!.search.replace(/\n$/, '')).toBe(wholeLines(file, plain.edits[0]!)!.replace.replace(/\n$/, ''));
      }),
      { numRuns: 300, seed: 5 },
    );
  });
});
