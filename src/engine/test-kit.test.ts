// The judges must be right before they judge: the strict diff reader, the two appliers and the
// reference implementation, checked on hand-made cases (including wrong diffs they must reject).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyWithGnuPatch, applyWithJsdiff, checkDiffShape, diffLines, hasGnuPatch, patchProblems } from '../../tests/support/apply';
import { utf8 } from '../../tests/support/harness';
import { countOverlapping, lineRange, nonOverlapping, refEditTextFile, refMultiEdit, refMultiEditTextFile } from '../../tests/support/reference';

const ORIGINAL = '1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n';
const FINAL = '1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n';
const GOOD = '--- /t\n+++ /t\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n';

describe('support: patch appliers and the strict diff reader', () => {
  it('GNU patch is installed (the suite skips it only when /usr/bin/patch is absent)', () => {
    expect(hasGnuPatch).toBe(true);
  });

  it('a right diff applies with both appliers and has no shape problem', () => {
    expect(patchProblems(ORIGINAL, GOOD, FINAL, { context: 3 })).toEqual([]);
  });

  it('a scratch folder whose name holds "fuzz" or "offset" is not taken for patch being lenient (CI flake: mkdtemp suffix)', () => {
    const parent = mkdtempSync(join(tmpdir(), 'Fuzz-offset-FAILED-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = parent;
    try {
      expect(applyWithGnuPatch(ORIGINAL, GOOD)).toEqual({ ok: true, text: FINAL });
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a diff whose header is one line off is refused by GNU patch (offset) and by the reader', () => {
    const shifted = GOOD.replace('@@ -2,7 +2,7 @@', '@@ -3,7 +3,7 @@');
    expect(applyWithGnuPatch(ORIGINAL, shifted).ok).toBe(false);
    expect(checkDiffShape(shifted, ORIGINAL, FINAL, 3).length).toBeGreaterThan(0);
  });

  it('wrong counts are refused', () => {
    const bad = GOOD.replace('@@ -2,7 +2,7 @@', '@@ -2,6 +2,7 @@');
    expect(checkDiffShape(bad, ORIGINAL, FINAL, 3)).toContain('hunk 0: old count 6 but 7 lines');
  });

  it('too little or too much context is a shape problem', () => {
    const two = '--- /t\n+++ /t\n@@ -3,5 +3,5 @@\n 3\n 4\n-5\n+five\n 6\n 7\n';
    expect(patchProblems(ORIGINAL, two, FINAL, { gnu: false })).toEqual([]);
    expect(checkDiffShape(two, ORIGINAL, FINAL, 3).length).toBeGreaterThan(0);
    expect(checkDiffShape(GOOD, ORIGINAL, FINAL, 2).length).toBeGreaterThan(0);
  });

  it('two hunks that should have merged are a shape problem', () => {
    const original = '1\n2\n3\n4\n5\n';
    const final = 'A\n2\n3\n4\nE\n';
    const split = '--- /t\n+++ /t\n@@ -1,1 +1,1 @@\n-1\n+A\n@@ -5,1 +5,1 @@\n-5\n+E\n';
    expect(patchProblems(original, split, final, { context: 0 })).toEqual([]);
    expect(checkDiffShape(split, original, final, 2).join('\n')).toMatch(/must merge/);
  });

  it('a removed line after an added one with no context between is a shape problem', () => {
    const original = 'a\nb\n';
    const final = 'A\nB\n';
    const interleaved = '--- /t\n+++ /t\n@@ -1,2 +1,2 @@\n-a\n+A\n-b\n+B\n';
    expect(patchProblems(original, interleaved, final, { gnu: false })).toEqual([]);
    expect(checkDiffShape(interleaved, original, final, 3).join('\n')).toMatch(/removed line follows an added line/);
  });

  it('a missing "\\ No newline at end of file" is caught (jsdiff alone forgives it)', () => {
    const diff = '--- /t\n+++ /t\n@@ -1,1 +1,1 @@\n-a\n+b\n';
    expect(applyWithJsdiff('a', diff)).toBe('b');
    expect(checkDiffShape(diff, 'a', 'b', 3)).toEqual(['hunk 0: old line 1 is "a", diff says "a\\n"', 'hunk 0: new line 1 is "b", diff says "b\\n"']);
    expect(patchProblems('a', diff, 'b', { gnu: true }).length).toBeGreaterThan(0);
  });

  it('an empty diff means no change', () => {
    expect(patchProblems('x\n', '', 'x\n', { context: 3 })).toEqual([]);
    expect(patchProblems('x\n', '', 'y\n', { context: 3 })).toEqual(['jsdiff applyPatch gave "x\\n", expected "y\\n"', 'GNU patch gave "x\\n", expected "y\\n"', 'empty diff for a change']);
  });

  it('diffLines reads the - and + lines without sign or newline', () => {
    expect(diffLines(GOOD)).toEqual({ removed: ['5'], added: ['five'] });
  });
});

describe('support: the reference implementation on the SPEC examples', () => {
  it('counts overlapping occurrences and replaces non-overlapping ones', () => {
    expect(countOverlapping('aaa', 'aa')).toBe(2);
    expect(countOverlapping('ababa', 'aba')).toBe(2);
    expect(nonOverlapping('aaaa', 'aa')).toEqual([0, 2]);
    expect(nonOverlapping('aaaaa', 'aa')).toEqual([0, 2]);
  });

  it('line ranges: "line 2\\n" is {2, 2}', () => {
    expect(lineRange('line 1\nline 2\nline 3\n', 7, 14)).toEqual({ start: 2, end: 2 });
    expect(lineRange('line 1\nline 2\nline 3\n', 6, 13)).toEqual({ start: 1, end: 2 });
  });

  it('edit_text_file TC1 and a CRLF file', () => {
    const cfg = refEditTextFile({ kind: 'bytes', bytes: utf8('[server]\nhost = "localhost"\nport = 8080\n') }, { path: '/c', old_string: 'port = 8080', new_string: 'port = 3000' });
    expect(cfg.ok && cfg.result).toEqual({ success: true, line_range: { start: 3, end: 3 } });
    const crlf = refEditTextFile({ kind: 'bytes', bytes: utf8('one\r\ntwo\r\nthree\r\n') }, { path: '/c', old_string: 'two', new_string: 'two\nhalf' });
    expect(crlf.ok && new TextDecoder().decode(crlf.finalBytes)).toBe('one\r\ntwo\r\nhalf\r\nthree\r\n');
    expect(crlf.ok && crlf.minimalChangedLines).toBe(1);
  });

  it('multi_edit_text_file TC2, TC7 and the conflict rule', () => {
    const tc2 = refMultiEditTextFile({ kind: 'bytes', bytes: utf8('AAA') }, { path: '/f', edits: [{ old_string: 'AAA', new_string: 'BBB' }, { old_string: 'BBB', new_string: 'CCC' }] });
    expect(tc2.ok && tc2.stepViews).toEqual(['BBB', 'CCC']);
    const tc7 = refMultiEditTextFile({ kind: 'bytes', bytes: utf8('A') }, { path: '/f', edits: [{ old_string: 'A', new_string: 'AA' }, { old_string: 'A', new_string: 'B' }] });
    expect(tc7).toEqual({ ok: false, error: { code: -32011, message: 'Edit 1: String appears 2 times: A' } });
    const straddle = refMultiEditTextFile({ kind: 'bytes', bytes: utf8('abc def ghi') }, { path: '/f', edits: [{ old_string: 'abc', new_string: 'ABC' }, { old_string: 'def', new_string: 'DEF' }, { old_string: 'C DE', new_string: 'x' }] });
    expect(straddle).toEqual({ ok: false, error: { code: -32012, message: 'Edit 2 conflicts with edit 1' } });
  });

  it('adjacent lines 4 and 5 edited: 4 changed lines', () => {
    const r = refMultiEditTextFile({ kind: 'bytes', bytes: utf8('one\ntwo\nthree\nfour\nfive\nsix\n') }, { path: '/f', edits: [{ old_string: 'four', new_string: 'fourth' }, { old_string: 'five', new_string: 'fifth' }] });
    expect(r.ok && r.minimalChangedLines).toBe(4);
  });

  it('MultiEdit creation then an edit (story scenario 2), and replace_all "aa" in "aaaa"', () => {
    const created = refMultiEdit({ kind: 'missing' }, { file_path: '/n', edits: [{ old_string: '', new_string: 'a improved b' }, { old_string: 'improved', new_string: 'enhanced' }] });
    expect(created.ok && created.finalView).toBe('a enhanced b');
    expect(created.ok && created.created).toBe(true);
    const all = refMultiEdit({ kind: 'bytes', bytes: utf8('aaaa') }, { file_path: '/f', edits: [{ old_string: 'aa', new_string: 'b', replace_all: true }] });
    expect(all.ok && all.result).toEqual({ success: true, file_path: '/f', created: false, applied_count: 1, edits: [{ index: 0, replacements: 2, line_ranges: [{ start: 1, end: 1 }, { start: 1, end: 1 }] }] });
  });
});
