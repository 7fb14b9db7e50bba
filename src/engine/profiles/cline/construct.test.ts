// constructNewFileContent and the two Cline profiles: exact behaviours the contract cases do not
// show one by one, and properties over generated diffs and files (fast-check, fixed seeds).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { commitStage } from '../../commit';
import { runProfile } from '../../run';
import { fromRaw } from '../../text';
import { blockAnchorMatch, constructNewFileContent, lineTrimmedMatch } from './construct';
import { savedText } from './document';
import { replaceInFile } from './replace-in-file';
import { finalFileContent } from './shared';
import { unfence, writeToFile } from './write-to-file';

describe('constructNewFileContent', () => {
  it('reports each block with where it matched and how', () => {
    const r = constructNewFileContent('------- SEARCH\nb\n=======\nB\n+++++++ REPLACE\n------- SEARCH\n  d\n=======\nD\n+++++++ REPLACE', 'a\nb\nc\nd\n');
    expect(r).toEqual({
      ok: true,
      newContent: 'a\nB\nc\nD\n',
      replacements: [
        { block: 0, start: 2, end: 4, content: 'B\n', strategy: 'exact' },
        { block: 1, start: 6, end: 8, content: 'D\n', strategy: 'line-trimmed' },
      ],
    });
  });

  it('searches the line-trimmed and block-anchor fallbacks only after the previous block', () => {
    expect(lineTrimmedMatch('x\n a\nx\na \n', 'a\n', 5)).toEqual([7, 10]);
    expect(blockAnchorMatch('f\n1\nl\nf\n2\nl', 'f\nq\nl\n', 1)).toEqual([6, 12]);
    // Fewer than three lines (counting the trailing empty one) never anchor.
    expect(blockAnchorMatch('f\nl', 'f\nl', 0)).toBeNull();
  });

  it('forgets a block whose REPLACE marker is missing when the next SEARCH starts', () => {
    const r = constructNewFileContent('------- SEARCH\na\n=======\nA\n------- SEARCH\nb\n=======\nB\n+++++++ REPLACE', 'a\nb\n');
    expect(r.ok && r.newContent).toBe('a\nB\n');
  });

  it('drops a last line that starts like a marker, and keeps one that is a marker', () => {
    expect(constructNewFileContent('------- SEARCH\na\n=======\nA\n+++', 'a\nb').ok && 'dropped').toBe('dropped');
    const r = constructNewFileContent('------- SEARCH\na\n=======\n-x', 'a\nb');
    expect(r.ok && r.newContent).toBe('b');
  });

  it('overlapping out-of-order blocks are applied as the reference rebuilds them', () => {
    const r = constructNewFileContent('------- SEARCH\ny\n=======\nX\n+++++++ REPLACE\n------- SEARCH\nx\ny\n=======\nY\n+++++++ REPLACE', 'x\ny\nz\n');
    // "x\ny\n" is found only from the file's start (out of order) and overlaps "y\n": the sorted
    // rebuild writes Y, nothing between, X, then reading resumes where "y\n" ended.
    expect(r.ok && r.replacements.map((b) => [b.start, b.end, b.strategy])).toEqual([
      [2, 4, 'exact'],
      [0, 4, 'out-of-order'],
    ]);
    expect(r.ok && r.newContent).toBe('Y\nX\nz\n');
  });
});

describe('Cline profiles', () => {
  it('finalFileContent: the new content\'s line ending, trailing whitespace trimmed, undefined when empty', () => {
    expect(finalFileContent('a\r\nb', 'a\r\nb  \n\n')).toBe('a\r\nb\r\n');
    expect(finalFileContent('x', 'x')).toBe('x\n');
    expect(finalFileContent('', '')).toBeUndefined();
  });

  it('unfence follows Cline: each fence line dropped, the rest trimmed each time', () => {
    expect(unfence('```\n  a\n```')).toBe('a');
    expect(unfence('```js\nb\n')).toBe('b');
    expect(unfence('a\n```')).toBe('a');
    expect(unfence('``` only')).toBe('');
  });

  it('a BOM file keeps its BOM; the step is on the LF view', async () => {
    const fs = new MemoryFs({ 'a.txt': new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0a]) });
    const out = await runProfile(replaceInFile, fs, { path: 'a.txt', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' }, { mount: '/w' });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.stage.files[0]!.steps.map((s) => [s.strategy, s.replacements])).toEqual([['exact', [{ start: 0, end: 2, text: 'b\n' }]]]);
    expect((await commitStage(fs, out.stage)).ok).toBe(true);
    expect([...fs.files.get('a.txt')!]).toEqual([0xef, 0xbb, 0xbf, 0x62, 0x0a]);
  });

  it('refuses a path outside the mount, a folder and a binary file with the playground\'s errors', async () => {
    const fs = new MemoryFs({ 'bin.dat': new Uint8Array([0, 1, 2]), 'dir/a.txt': 'a' });
    const run = (path: string) => runProfile(writeToFile, fs, { path, content: 'x' }, { mount: '/w' });
    expect(await run('../etc/passwd')).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED', message: '/etc/passwd is outside the workspace (/w); the playground reaches only files under it' } });
    expect(await run('dir')).toMatchObject({ ok: false, error: { code: 'IS_DIRECTORY', message: "EISDIR: illegal operation on a directory, read '/w/dir'" } });
    expect(await run('bin.dat')).toMatchObject({ ok: false, error: { code: 'BINARY_FILE', message: 'bin.dat is not UTF-8 text; the playground edits text files only' } });
  });
});

const MARKERS = ['------- SEARCH', '<<<<<<< SEARCH', '=======', '+++++++ REPLACE', '>>>>>>> REPLACE', '--- SEARCH>', '====', '+++', '-', '>'];
const lineArb = fc.oneof(fc.constantFrom(...MARKERS), fc.constantFrom('a', 'b', ' a ', '', 'c\r', '\t b'), fc.string({ maxLength: 6 }));
const diffArb = fc.array(lineArb, { maxLength: 14 }).map((ls) => ls.join('\n'));
const fileArb = fc.array(fc.constantFrom('a', 'b', ' a ', '', 'c', '\t b', 'a\r', 'x y'), { maxLength: 8 }).chain((ls) =>
  fc.constantFrom('\n', '\r\n').map((eol) => ls.join(eol)),
);

describe('properties (fast-check)', () => {
  it('never throws, and the file saved is the reference\'s new content with the document\'s line ending', async () => {
    await fc.assert(
      fc.asyncProperty(diffArb, fileArb, async (diff, file) => {
        const fs = new MemoryFs({ 'f.txt': file });
        const out = await runProfile(replaceInFile, fs, { path: 'f.txt', diff }, { mount: '/w' });
        const built = constructNewFileContent(diff, file);
        expect(out.ok).toBe(built.ok && diff !== '');
        if (!out.ok || !built.ok) return;
        expect((await commitStage(fs, out.stage)).ok).toBe(true);
        const eol = fromRaw(file, false).shape.eol;
        const saved = new TextDecoder().decode(fs.files.get('f.txt'));
        expect(saved).toBe(savedText(built.newContent.startsWith('\uFEFF') ? built.newContent.slice(1) : built.newContent, eol));
        expect(out.stage.files[0]!.finalText).toBe(fromRaw(saved, false).view);
      }),
      { numRuns: 400, seed: 20261126 },
    );
  });

  it('any input of any shape is answered, never thrown', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.boolean(), async (input, write) => {
        const out = await runProfile(write ? writeToFile : replaceInFile, new MemoryFs({ 'a.txt': 'a\n' }), input, { mount: '/w' });
        expect(typeof out.ok).toBe('boolean');
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
