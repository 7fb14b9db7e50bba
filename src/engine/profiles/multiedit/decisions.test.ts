// SPEC 10 decisions for the fuzzy `multiedit` profile (4.4): uniqueness by location, block-anchor
// ambiguity, re-indentation both ways, filling, replace_all strategy names, one range per
// replacement, per-edit paths, and the Go reference's messages. Expected values by hand.

import { describe, expect, it } from 'vitest';
import { okResult, run, toolError } from '../../../../tests/support/harness';

interface MultieditResult {
  title: string;
  output: string;
  metadata: { results: { strategy: string; replacements: number; line_ranges: { start: number; end: number }[]; diff: string }[] };
}

const TWO_BLOCKS = 'function a() {\n  let x = 1;\n  return x;\n}\nfunction a() {\n  let y = 2;\n  return y;\n}\n';

describe('SPEC 10.2 "unique under a strategy" counts distinct locations, not distinct texts', () => {
  it('two lines that line-trimmed matches with different indentation are ambiguous', async () => {
    const file = '\tvalue = 1\n  value = 1\n';
    const r = await run('multiedit', { file_path: '/f.txt', edits: [{ old_string: 'value = 1 ', new_string: 'value = 2' }] }, { 'f.txt': file });
    expect(toolError(r)).toEqual({ code: 'MULTIPLE_MATCHES', message: 'edit 1 failed: multiple matches (2) for old_string in /f.txt; add more context or set replace_all' });
    expect(r.after['f.txt']).toBe(file);
  });
});

describe('SPEC 10.3 block-anchor with several candidates at or above 0.5 is ambiguous; it never picks the most similar', () => {
  it('two similar blocks, neither matched by a later strategy: multiple matches, file unchanged', async () => {
    const r = await run('multiedit', { file_path: '/f.ts', edits: [{ old_string: 'function a() {\n  let x = 10;\n  return x + 0;\n}', new_string: 'function a() {}' }] }, { 'f.ts': TWO_BLOCKS });
    expect(toolError(r)).toEqual({ code: 'MULTIPLE_MATCHES', message: 'edit 1 failed: multiple matches (2) for old_string in /f.ts; add more context or set replace_all' });
  });

  it('with one such block, block-anchor matches it and new_string replaces the whole block', async () => {
    const file = 'function a() {\n  let x = 1;\n  return x;\n}\n';
    const r = await run('multiedit', { file_path: '/f.ts', edits: [{ old_string: 'function a() {\n  let x = 10;\n  return x + 0;\n}', new_string: 'function a() {}' }] }, { 'f.ts': file });
    const res = okResult<MultieditResult>(r).metadata.results[0]!;
    expect(res).toMatchObject({ strategy: 'block-anchor', replacements: 1, line_ranges: [{ start: 1, end: 4 }] });
    expect(r.after['f.ts']).toBe('function a() {}\n');
  });

  it('a single candidate is not accepted on its anchors alone: dissimilar middle lines are not found', async () => {
    const file = 'function a() {\n  completely unrelated;\n  qqqqqqqqqqqq;\n}\n';
    const r = await run('multiedit', { file_path: '/f.ts', edits: [{ old_string: 'function a() {\n  let x = 10;\n  return x + 0;\n}', new_string: 'function a() {}' }] }, { 'f.ts': file });
    expect(toolError(r)).toEqual({ code: 'STRING_NOT_FOUND', message: 'edit 1 failed: old_string not found in /f.ts' });
  });
});

describe('SPEC 10.4 re-indentation works in both directions', () => {
  it('matched text indented 4 more than old_string: new_string gains 4 spaces per line', async () => {
    const file = 'class A {\n    method() {\n        return 1;\n    }\n}\n';
    const r = await run('multiedit', { file_path: '/a.ts', edits: [{ old_string: 'method() {\n    return 1;\n}', new_string: 'method() {\n    return 2;\n}' }] }, { 'a.ts': file });
    const res = okResult<MultieditResult>(r).metadata.results[0]!;
    expect(res.strategy).toBe('line-trimmed');
    expect(res.line_ranges).toEqual([{ start: 2, end: 4 }]);
    expect(r.after['a.ts']).toBe('class A {\n    method() {\n        return 2;\n    }\n}\n');
  });

  it('matched text indented 4 less: each line loses up to 4 leading whitespace characters, never more than it has', async () => {
    const file = 'if x:\n  y = 1\n  z = 2\n';
    const r = await run('multiedit', { file_path: '/a.py', edits: [{ old_string: '      y = 1\n      z = 2', new_string: '      y = 10\n        w = 3\n   z = 2' }] }, { 'a.py': file });
    okResult(r);
    expect(r.after['a.py']).toBe('if x:\n  y = 10\n    w = 3\nz = 2\n');
  });

  it('tabs: a block indented by one more tab gains one tab', async () => {
    const file = 'x {\n\tif (a) {\n\t\tb();\n\t}\n}\n';
    const r = await run('multiedit', { file_path: '/t.c', edits: [{ old_string: 'if (a) {\n\tb();\n}', new_string: 'if (a) {\n\tc();\n}' }] }, { 't.c': file });
    okResult(r);
    expect(r.after['t.c']).toBe('x {\n\tif (a) {\n\t\tc();\n\t}\n}\n');
  });
});

describe('SPEC 10.5 filling an existing empty or whitespace-only file', () => {
  it('replacements 1, the range covers the new content, the file is written', async () => {
    const r = await run('multiedit', { file_path: '/w.txt', edits: [{ old_string: '', new_string: 'a\nb\nc\n' }] }, { 'w.txt': ' \n' });
    const res = okResult<MultieditResult>(r).metadata.results[0]!;
    expect(res.replacements).toBe(1);
    expect(res.line_ranges).toEqual([{ start: 1, end: 3 }]);
    expect(r.after['w.txt']).toBe('a\nb\nc\n');
  });

  it('a file with content is not filled: ATTEMPT_TO_CREATE_EXISTING_FILE', async () => {
    expect(toolError(await run('multiedit', { file_path: '/w.txt', edits: [{ old_string: '', new_string: 'x' }] }, { 'w.txt': 'data' })).code).toBe('ATTEMPT_TO_CREATE_EXISTING_FILE');
  });
});

describe('SPEC 10.6 replace_all and strategy names', () => {
  it('a literal occurrence reports exact', async () => {
    const r = await run('multiedit', { file_path: '/f', edits: [{ old_string: 'foo', new_string: 'bar', replace_all: true }] }, { f: 'foo foo\nfoo\n' });
    expect(okResult<MultieditResult>(r).metadata.results[0]).toMatchObject({ strategy: 'exact', replacements: 3 });
    expect(r.after.f).toBe('bar bar\nbar\n');
  });

  it('a fuzzy match whose actual text is then replaced everywhere it occurs literally reports multi-occurrence', async () => {
    const r = await run('multiedit', { file_path: '/f', edits: [{ old_string: 'call(a) ', new_string: 'call(b)', replace_all: true }] }, { f: '\tcall(a)\n\tcall(a)\n' });
    const res = okResult<MultieditResult>(r).metadata.results[0]!;
    expect(res).toMatchObject({ strategy: 'multi-occurrence', replacements: 2 });
    expect(r.after.f).toBe('\tcall(b)\n\tcall(b)\n');
  });
});

describe('SPEC 10.7 several replacements on one line: one line range per replacement', () => {
  it('three on line 1 and one on line 2', async () => {
    const r = await run('multiedit', { file_path: '/f', edits: [{ old_string: 'k', new_string: 'K', replace_all: true }] }, { f: 'k-k-k\nk\n' });
    const res = okResult<MultieditResult>(r).metadata.results[0]!;
    expect(res.replacements).toBe(4);
    expect(res.line_ranges).toEqual([{ start: 1, end: 1 }, { start: 1, end: 1 }, { start: 1, end: 1 }, { start: 2, end: 2 }]);
  });
});

describe('SPEC 10.8 a per-edit file_path is accepted when it names the same file, else invalid input naming the edit', () => {
  it('the same file spelled differently is accepted and ignored', async () => {
    const r = await run('multiedit', { filePath: '/f.txt', edits: [{ filePath: '/./x/../f.txt', oldString: 'a', newString: 'b' }] }, { 'f.txt': 'a' });
    okResult(r);
    expect(r.after['f.txt']).toBe('b');
  });

  it('a different file is INVALID_INPUT naming the edit, and nothing is written', async () => {
    const e = toolError(await run('multiedit', { file_path: '/f.txt', edits: [{ old_string: 'a', new_string: 'b' }, { file_path: '/g.txt', old_string: 'b', new_string: 'c' }] }, { 'f.txt': 'a', 'g.txt': 'b' }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toMatch(/\b(index 1|edit 1|Edit 1)\b/);
  });
});

describe('SPEC 10.9 / 9.5 messages: execution messages are 1-based, validation messages 0-based (Go reference)', () => {
  it('"edit {n} failed: old_string not found in {path}" for the second edit', async () => {
    const e = toolError(await run('multiedit', { file_path: '/f.txt', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'zzz', new_string: 'y' }] }, { 'f.txt': 'a\n' }));
    expect(e).toEqual({ code: 'STRING_NOT_FOUND', message: 'edit 2 failed: old_string not found in /f.txt' });
  });

  it('"edit {n} failed: multiple matches ({count}) for old_string in {path}; add more context or set replace_all"', async () => {
    const e = toolError(await run('multiedit', { file_path: '/f.txt', edits: [{ old_string: 'dup', new_string: 'x' }] }, { 'f.txt': 'dup dup dup' }));
    expect(e).toEqual({ code: 'MULTIPLE_MATCHES', message: 'edit 1 failed: multiple matches (3) for old_string in /f.txt; add more context or set replace_all' });
  });

  it('"edit {n} failed: file not found: {path}", with a relative path resolved against the mount', async () => {
    const e = toolError(await run('multiedit', { file_path: 'src/missing.txt', edits: [{ old_string: 'a', new_string: 'b' }] }, {}, { options: { mount: '/proj' } }));
    expect(e).toEqual({ code: 'FILE_NOT_FOUND', message: 'edit 1 failed: file not found: /proj/src/missing.txt' });
  });

  it('validation names the edit by 0-based index', async () => {
    const e = toolError(await run('multiedit', { file_path: '/f.txt', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'c' }] }, { 'f.txt': 'a' }));
    expect(e).toEqual({ code: 'EDIT_OLD_NEW_IDENTICAL', message: 'edit at index 1 has identical old_string and new_string' });
  });
});

describe('SPEC 4.4 result shape and paths', () => {
  it('title is the path relative to the mount, output the last edit\'s output, one result per edit', async () => {
    const r = await run('multiedit', { file_path: 'src/a.txt', edits: [{ old_string: 'one', new_string: 'two' }, { old_string: 'two', new_string: 'three' }] }, { 'src/a.txt': 'one\n' }, { options: { mount: '/proj' } });
    const res = okResult<MultieditResult>(r);
    expect(res.title).toBe('src/a.txt');
    expect(res.metadata.results.map((x) => x.strategy)).toEqual(['exact', 'exact']);
    expect(res.metadata.results[1]!.diff).toBe('--- /proj/src/a.txt\n+++ /proj/src/a.txt\n@@ -1,1 +1,1 @@\n-two\n+three\n');
    expect(r.after['src/a.txt']).toBe('three\n');
  });

  it('a relative path that climbs out of the mount is refused', async () => {
    expect(toolError(await run('multiedit', { file_path: '../etc/passwd', edits: [{ old_string: 'a', new_string: 'b' }] }, {}, { options: { mount: '/proj' } })).code).toBe('PERMISSION_DENIED');
  });

  it('creation, then a fuzzy edit on the created content, all or nothing', async () => {
    const r = await run('multiedit', { file_path: '/n.py', edits: [{ old_string: '', new_string: 'def f():\n    return 1\n' }, { old_string: 'return 1 ', new_string: 'return 2' }] });
    okResult(r);
    expect(r.after['n.py']).toBe('def f():\n    return 2\n');
  });
});
