// SPEC 2.7 (unified diff format) and 10.1 (diff shape): exact diff texts, worked out by hand.
// Every diff here is also applied with jsdiff and GNU patch by the harness.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { diffLines } from '../../tests/support/apply';
import { okResult, run, stagedFile, type EditTextFileResult, type MultiEditResult, type MultiEditTextFileResult } from '../../tests/support/harness';

const TEN = '1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n';
const lines = (n: number, f: (i: number) => string = (i) => `L${i}`): string => Array.from({ length: n }, (_, i) => `${f(i + 1)}\n`).join('');

/** GNU diff -U{context}, headers dropped. diff(1) is required (Debian's diffutils), as patch(1) is. */
function gnuDiffBody(a: string, b: string, context: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'edit-playground-gnudiff-'));
  try {
    writeFileSync(join(dir, 'a'), a);
    writeFileSync(join(dir, 'b'), b);
    const r = spawnSync('diff', [`-U${context}`, 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    if (r.error) throw new Error(`diff(1) is required for these tests: ${r.error.message}`);
    if (r.status !== 0 && r.status !== 1) throw new Error(`diff(1) failed (${String(r.status)}): ${r.stderr}`);
    return r.stdout.split('\n').slice(2).join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const body = (diff: string): string => diff.split('\n').slice(2).join('\n');

describe('SPEC 2.7 headers carry the call path after normalisation', () => {
  it('"/dir/./sub/../f.txt" is shown as /dir/f.txt', async () => {
    const r = await run('edit_text_file', { path: '/dir/./sub/../f.txt', old_string: 'b', new_string: 'B' }, { 'dir/f.txt': 'a\nb\nc\n' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /dir/f.txt\n+++ /dir/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
  });

  it('with a mount, the header is the call path, not the workspace path', async () => {
    const r = await run('edit_text_file', { path: '/home/me/proj/src/a.ts', old_string: 'x', new_string: 'y' }, { 'src/a.ts': 'x\n' }, { options: { mount: '/home/me/proj' } });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /home/me/proj/src/a.ts\n+++ /home/me/proj/src/a.ts\n@@ -1,1 +1,1 @@\n-x\n+y\n');
    expect(r.after['src/a.ts']).toBe('y\n');
  });

  it('a doubled slash is normalised away', async () => {
    const r = await run('multi_edit_text_file', { path: '//t//f', edits: [{ old_string: 'x', new_string: 'y' }] }, { 't/f': 'x\n' });
    expect(okResult<MultiEditTextFileResult>(r).diff).toBe('--- /t/f\n+++ /t/f\n@@ -1,1 +1,1 @@\n-x\n+y\n');
  });

  it('a created file has "--- /dev/null"', async () => {
    const r = await run('MultiEdit', {
      file_path: '/new_feature/README.md',
      edits: [{ old_string: '', new_string: '# New Feature\n\nThis new feature introduces improved user authentication.' }],
    });
    expect(okResult<MultiEditResult>(r).diff).toBe(
      '--- /dev/null\n+++ /new_feature/README.md\n@@ -0,0 +1,3 @@\n+# New Feature\n+\n+This new feature introduces improved user authentication.\n\\ No newline at end of file\n',
    );
  });
});

describe('SPEC 2.7 hunk headers always have both counts', () => {
  it('a one-line change with no context is "@@ -2,1 +2,1 @@" (GNU would write "@@ -2 +2 @@")', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b', new_string: 'B' }, { f: 'a\nb\nc\n' }, { options: { diffContext: 0 } });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -2,1 +2,1 @@\n-b\n+B\n');
  });

  it('a pure insertion with no context names the line before it: "@@ -2,0 +3,1 @@"', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b\n', new_string: 'b\nb2\n' }, { f: 'a\nb\nc\n' }, { options: { diffContext: 0 } });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -2,0 +3,1 @@\n+b2\n');
  });

  it('a pure deletion with no context: "@@ -2,1 +1,0 @@"', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b\n', new_string: '' }, { f: 'a\nb\nc\n' }, { options: { diffContext: 0 } });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -2,1 +1,0 @@\n-b\n');
  });
});

describe('SPEC 2.7 context is 3 lines by default, 0 to 20 by the diff_context setting', () => {
  it('default: 3 lines each side', async () => {
    const r = await run('edit_text_file', { path: '/t', old_string: '5\n', new_string: 'five\n' }, { t: TEN });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /t\n+++ /t\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n');
  });

  it('diff_context 0: only the changed lines', async () => {
    const r = await run('edit_text_file', { path: '/t', old_string: '5\n', new_string: 'five\n' }, { t: TEN }, { options: { diffContext: 0 } });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /t\n+++ /t\n@@ -5,1 +5,1 @@\n-5\n+five\n');
  });

  it('diff_context 20 on a 10-line file: the whole file', async () => {
    const r = await run('edit_text_file', { path: '/t', old_string: '5\n', new_string: 'five\n' }, { t: TEN }, { options: { diffContext: 20 } });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /t\n+++ /t\n@@ -1,10 +1,10 @@\n 1\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n');
  });

  it('diff_context 20 on a 50-line file: 20 lines each side', async () => {
    const file = lines(50);
    const r = await run('edit_text_file', { path: '/t', old_string: 'L25\n', new_string: 'X\n' }, { t: file }, { options: { diffContext: 20 } });
    const expected = `--- /t\n+++ /t\n@@ -5,41 +5,41 @@\n${lines(20, (i) => ` L${i + 4}`)}-L25\n+X\n${lines(20, (i) => ` L${i + 25}`)}`;
    expect(okResult<EditTextFileResult>(r).diff).toBe(expected);
  });

  it('context is clipped at the start and the end of the file', async () => {
    const r = await run('multi_edit_text_file', { path: '/t', edits: [{ old_string: '1\n', new_string: 'one\n' }] }, { t: '1\n2\n' });
    expect(okResult<MultiEditTextFileResult>(r).diff).toBe('--- /t\n+++ /t\n@@ -1,2 +1,2 @@\n-1\n+one\n 2\n');
  });
});

describe('SPEC 2.7 "\\ No newline at end of file" where it applies', () => {
  it('changing a last line without a newline marks both sides', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b', new_string: 'B' }, { f: 'a\nb' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n');
  });

  it('adding the final newline marks only the old side', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b', new_string: 'b\n' }, { f: 'a\nb' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
  });

  it('removing the final newline marks only the new side', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b\n', new_string: 'b' }, { f: 'a\nb\n' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n');
  });

  it('an unchanged last line without a newline, shown as context, is marked once', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'a', new_string: 'A' }, { f: 'a\nb\nc' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,3 +1,3 @@\n-a\n+A\n b\n c\n\\ No newline at end of file\n');
  });

  it('appending a line after a last line without a newline', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b', new_string: 'b\nc' }, { f: 'a\nb' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n\\ No newline at end of file\n');
  });
});

describe('SPEC 2.7 empty sides are numbered 0,0', () => {
  it('filling an existing empty file: "@@ -0,0 +1,1 @@" and the real path on both headers', async () => {
    const r = await run('MultiEdit', { file_path: '/e.txt', edits: [{ old_string: '', new_string: 'x\n' }] }, { 'e.txt': '' });
    const res = okResult<MultiEditResult>(r);
    expect(res.created).toBe(false);
    expect(res.diff).toBe('--- /e.txt\n+++ /e.txt\n@@ -0,0 +1,1 @@\n+x\n');
  });

  it('emptying a file: "@@ -1,1 +0,0 @@"', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'only\n', new_string: '' }, { f: 'only\n' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,1 +0,0 @@\n-only\n');
    expect(r.after.f).toBe('');
  });

  it('emptying a two-line file without a final newline', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'a\nb', new_string: '' }, { f: 'a\nb' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,2 +0,0 @@\n-a\n-b\n\\ No newline at end of file\n');
  });

  it('a no-op edit (identical strings in multi_edit_text_file) has an empty diff, as GNU diff prints nothing', async () => {
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'keep', new_string: 'keep' }] }, { f: 'keep me\n' });
    expect(okResult<MultiEditTextFileResult>(r).diff).toBe('');
  });
});

describe('SPEC 10.1 the diff is line-minimal inside each change region', () => {
  it('"line3\\n" → "line3\\nline4\\n" gives +line4 alone', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'line3\n', new_string: 'line3\nline4\n' }, { f: 'line1\nline2\nline3\n' });
    const diff = okResult<EditTextFileResult>(r).diff;
    expect(diff).toBe('--- /f\n+++ /f\n@@ -1,3 +1,4 @@\n line1\n line2\n line3\n+line4\n');
    expect(diffLines(diff)).toEqual({ removed: [], added: ['line4'] });
    expect(body(diff)).toBe(gnuDiffBody('line1\nline2\nline3\n', 'line1\nline2\nline3\nline4\n', 3));
  });

  it('an insertion written as a replacement of the line above: "b\\n" → "b\\nnew\\n" gives +new alone', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'a\nb\n', new_string: 'a\nb\nnew\n' }, { f: 'a\nb\nc\n' });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,3 +1,4 @@\n a\n b\n+new\n c\n');
  });

  it('two edits on adjacent lines 4 and 5 give -four, -five, +fourth, +fifth', async () => {
    const file = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n';
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'four', new_string: 'fourth' }, { old_string: 'five', new_string: 'fifth' }] }, { f: file });
    const diff = okResult<MultiEditTextFileResult>(r).diff;
    expect(diff).toBe('--- /f\n+++ /f\n@@ -1,8 +1,8 @@\n one\n two\n three\n-four\n-five\n+fourth\n+fifth\n six\n seven\n eight\n');
    const final = 'one\ntwo\nthree\nfourth\nfifth\nsix\nseven\neight\n';
    expect(body(diff)).toBe(gnuDiffBody(file, final, 3));
    // Here the whole-file Myers diff coincides with the region diff.
    const whole = structuredPatch('f', 'f', file, final, '', '', { context: 3 });
    expect(whole.hunks.map((h) => h.lines)).toEqual([[' one', ' two', ' three', '-four', '-five', '+fourth', '+fifth', ' six', ' seven', ' eight']]);
  });

  it('the same two lines edited in the opposite order give the same diff', async () => {
    const file = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n';
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'five', new_string: 'fifth' }, { old_string: 'four', new_string: 'fourth' }] }, { f: file });
    expect(okResult<MultiEditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,8 +1,8 @@\n one\n two\n three\n-four\n-five\n+fourth\n+fifth\n six\n seven\n eight\n');
  });

  it('TC1: the cumulative diff of three edits is one hunk, host before port', async () => {
    const file = '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n';
    const r = await run('multi_edit_text_file', {
      path: '/test/config.toml',
      edits: [
        { old_string: 'port = 8080', new_string: 'port = 3000' },
        { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
        { old_string: 'debug = false', new_string: 'debug = true' },
      ],
    }, { 'test/config.toml': file });
    const res = okResult<MultiEditTextFileResult>(r);
    expect(res.diff).toBe(
      '--- /test/config.toml\n+++ /test/config.toml\n@@ -1,6 +1,6 @@\n [server]\n-host = "localhost"\n-port = 8080\n+host = "0.0.0.0"\n+port = 3000\n \n [app]\n-debug = false\n+debug = true\n',
    );
    expect(res.line_ranges).toEqual([
      { edit_index: 0, start: 3, end: 3 },
      { edit_index: 1, start: 2, end: 2 },
      { edit_index: 2, start: 6, end: 6 },
    ]);
  });

  it('an edit whose text equals the old text line by line except one line shows that line only', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'a\nb\nc', new_string: 'a\nB\nc' }, { f: 'a\nb\nc\n' }, { options: { diffContext: 0 } });
    expect(okResult<EditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -2,1 +2,1 @@\n-b\n+B\n');
  });

  it('a cumulative diff that returns to the original is empty', async () => {
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'x', new_string: 'y' }, { old_string: 'y', new_string: 'x' }] }, { f: 'x\n' });
    expect(okResult<MultiEditTextFileResult>(r).diff).toBe('');
    expect(r.after.f).toBe('x\n');
  });
});

describe('SPEC 10.1 hunks closer than twice the context merge; farther ones do not', () => {
  const file = lines(20);
  it('changes at lines 2 and 9 (6 unchanged lines between, = 2 x 3) make one hunk', async () => {
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'L2\n', new_string: 'X2\n' }, { old_string: 'L9\n', new_string: 'X9\n' }] }, { f: file });
    const diff = okResult<MultiEditTextFileResult>(r).diff;
    expect(diff).toBe('--- /f\n+++ /f\n@@ -1,12 +1,12 @@\n L1\n-L2\n+X2\n L3\n L4\n L5\n L6\n L7\n L8\n-L9\n+X9\n L10\n L11\n L12\n');
    expect(body(diff)).toBe(gnuDiffBody(file, file.replace('L2\n', 'X2\n').replace('L9\n', 'X9\n'), 3));
  });

  it('changes at lines 2 and 10 (7 unchanged lines between) make two hunks', async () => {
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'L2\n', new_string: 'X2\n' }, { old_string: 'L10\n', new_string: 'X10\n' }] }, { f: file });
    const diff = okResult<MultiEditTextFileResult>(r).diff;
    expect(diff).toBe('--- /f\n+++ /f\n@@ -1,5 +1,5 @@\n L1\n-L2\n+X2\n L3\n L4\n L5\n@@ -7,7 +7,7 @@\n L7\n L8\n L9\n-L10\n+X10\n L11\n L12\n L13\n');
    expect(body(diff)).toBe(gnuDiffBody(file, file.replace('L2\n', 'X2\n').replace('L10\n', 'X10\n'), 3));
  });

  it('with context 1: a gap of 2 merges, a gap of 3 does not', async () => {
    const merged = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'L2\n', new_string: 'X\n' }, { old_string: 'L5\n', new_string: 'Y\n' }] }, { f: file }, { options: { diffContext: 1 } });
    expect(okResult<MultiEditTextFileResult>(merged).diff).toBe('--- /f\n+++ /f\n@@ -1,6 +1,6 @@\n L1\n-L2\n+X\n L3\n L4\n-L5\n+Y\n L6\n');
    const apart = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'L2\n', new_string: 'X\n' }, { old_string: 'L6\n', new_string: 'Y\n' }] }, { f: file }, { options: { diffContext: 1 } });
    expect(okResult<MultiEditTextFileResult>(apart).diff).toBe('--- /f\n+++ /f\n@@ -1,3 +1,3 @@\n L1\n-L2\n+X\n L3\n@@ -5,3 +5,3 @@\n L5\n-L6\n+Y\n L7\n');
  });

  it('with context 0: adjacent changed lines are one hunk, one unchanged line between makes two', async () => {
    const adjacent = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'L3\n', new_string: 'A\n' }, { old_string: 'L4\n', new_string: 'B\n' }] }, { f: file }, { options: { diffContext: 0 } });
    expect(okResult<MultiEditTextFileResult>(adjacent).diff).toBe('--- /f\n+++ /f\n@@ -3,2 +3,2 @@\n-L3\n-L4\n+A\n+B\n');
    const gap = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'L3\n', new_string: 'A\n' }, { old_string: 'L5\n', new_string: 'B\n' }] }, { f: file }, { options: { diffContext: 0 } });
    expect(okResult<MultiEditTextFileResult>(gap).diff).toBe('--- /f\n+++ /f\n@@ -3,1 +3,1 @@\n-L3\n+A\n@@ -5,1 +5,1 @@\n-L5\n+B\n');
  });

  it('line numbers of a later hunk follow the lines an earlier hunk added', async () => {
    const r = await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'L2\n', new_string: 'X\nY\nZ\n' }, { old_string: 'L18\n', new_string: '' }] }, { f: file }, { options: { diffContext: 1 } });
    expect(okResult<MultiEditTextFileResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,3 +1,5 @@\n L1\n-L2\n+X\n+Y\n+Z\n L3\n@@ -17,3 +19,2 @@\n L17\n-L18\n L19\n');
  });

  it('MultiEdit replace_all over far-apart lines makes one hunk per cluster', async () => {
    const file2 = `k\n${lines(10)}k\n`;
    const r = await run('MultiEdit', { file_path: '/f', edits: [{ old_string: 'k\n', new_string: 'K\n', replace_all: true }] }, { f: file2 }, { options: { diffContext: 1 } });
    expect(okResult<MultiEditResult>(r).diff).toBe('--- /f\n+++ /f\n@@ -1,2 +1,2 @@\n-k\n+K\n L1\n@@ -11,2 +11,2 @@\n L10\n-k\n+K\n');
  });
});

describe('SPEC 2.7 a multi-edit diff is cumulative: original to final', () => {
  it('MultiEdit story scenario 2: the diff of a created file shows the final content', async () => {
    const r = await run('MultiEdit', {
      file_path: '/new_feature/README.md',
      edits: [
        { old_string: '', new_string: '# New Feature\n\nThis new feature introduces improved user authentication.' },
        { old_string: 'improved', new_string: 'enhanced' },
      ],
    });
    const res = okResult<MultiEditResult>(r);
    expect(res.diff).toBe('--- /dev/null\n+++ /new_feature/README.md\n@@ -0,0 +1,3 @@\n+# New Feature\n+\n+This new feature introduces enhanced user authentication.\n\\ No newline at end of file\n');
    expect(stagedFile(r).finalText).toBe('# New Feature\n\nThis new feature introduces enhanced user authentication.');
  });
});

describe('SPEC 2.8 / 10.1 a change region too large for the Myers budget still gives a diff that applies', () => {
  it('2,500 lines replaced by 2,500 different lines (some kept): the patch applies with both appliers', async () => {
    const n = 2500;
    const original = lines(n, (i) => `old ${i}`);
    const replaced = lines(n, (i) => (i % 10 === 0 ? `old ${i}` : `new ${i}`));
    const r = await run('edit_text_file', { path: '/big', old_string: original, new_string: replaced }, { big: original });
    const res = okResult<EditTextFileResult>(r);
    expect(res.line_range).toEqual({ start: 1, end: n });
    const { removed, added } = diffLines(res.diff);
    // Line-minimal would be 2 × 2,250; past the budget all old lines go and all new lines come.
    expect(removed.length + added.length).toBeGreaterThanOrEqual(2 * 2250);
    expect(r.after.big).toBe(replaced);
  }, 60_000);
});
