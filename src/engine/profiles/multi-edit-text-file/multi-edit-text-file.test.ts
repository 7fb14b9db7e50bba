// SPEC 4.2 `multi_edit_text_file`: sequential edits on the staged content, the error table in
// order, and the conflict rule (straddling an earlier edit's output).

import { describe, expect, it } from 'vitest';
import { contentAfterStep } from '../../file-stage';
import { okResult, run, stagedFile, toolError, type MultiEditTextFileResult } from '../../../../tests/support/harness';
import { multiEditTextFileSchema, plainMultiEditInput } from './multi-edit-text-file';

const call = (edits: { old_string: string; new_string: string }[], path = '/test/file.txt') => ({ path, edits });

describe('SPEC 4.2 edits apply in order to the staged content', () => {
  it('TC2: AAA → BBB → CCC; the diff is cumulative (-AAA, +CCC)', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'AAA', new_string: 'BBB' }, { old_string: 'BBB', new_string: 'CCC' }]), { 'test/file.txt': 'AAA' });
    expect(okResult<MultiEditTextFileResult>(r)).toEqual({
      success: true,
      diff: '--- /test/file.txt\n+++ /test/file.txt\n@@ -1,1 +1,1 @@\n-AAA\n\\ No newline at end of file\n+CCC\n\\ No newline at end of file\n',
      applied_count: 2,
      line_ranges: [
        { edit_index: 0, start: 1, end: 1 },
        { edit_index: 1, start: 1, end: 1 },
      ],
    });
    expect(r.after['test/file.txt']).toBe('CCC');
    const f = stagedFile(r);
    expect([-1, 0, 1].map((k) => contentAfterStep(f, k))).toEqual(['AAA', 'BBB', 'CCC']);
  });

  it('each intermediate stage is kept: contentAfterStep gives the content after each edit', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'a', new_string: 'a\nb' }, { old_string: 'b', new_string: 'B' }, { old_string: 'c\n', new_string: '' }]), { 'test/file.txt': 'a\nc\n' });
    okResult(r);
    const f = stagedFile(r);
    expect([0, 1, 2].map((k) => contentAfterStep(f, k))).toEqual(['a\nb\nc\n', 'a\nB\nc\n', 'a\nB\n']);
    expect(r.after['test/file.txt']).toBe('a\nB\n');
  });
});

describe('SPEC 4.2 error table, in order', () => {
  it('row 1: schema (edits not an array) is -32602 naming edits', async () => {
    const e = toolError(await run('multi_edit_text_file', { path: 'rel', edits: 'x' }));
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/^Invalid params: .*edits/);
  });

  it('row 1: an edit without new_string names edits[1].new_string', async () => {
    const e = toolError(await run('multi_edit_text_file', { path: '/f', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'a' }] }, { f: 'a' }));
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/^Invalid params: .*edits\[1\]\.new_string/);
  });

  it('row 2: a relative path wins over an empty edits array', async () => {
    expect(toolError(await run('multi_edit_text_file', { path: 'f.txt', edits: [] }))).toEqual({ code: -32600, message: 'Path must be absolute: f.txt' });
  });

  it('row 3 / TC4: "Edits array cannot be empty", before the file is looked at', async () => {
    expect(toolError(await run('multi_edit_text_file', { path: '/missing.txt', edits: [] }))).toEqual({ code: -32600, message: 'Edits array cannot be empty' });
  });

  it('rows 4-8: outside / not found / unreadable / binary as 4.1', async () => {
    const edits = [{ old_string: 'a', new_string: 'b' }];
    expect(toolError(await run('multi_edit_text_file', { path: '/etc/x', edits }, {}, { options: { mount: '/p' } }))).toEqual({ code: -32002, message: 'Permission denied: /etc/x' });
    expect(toolError(await run('multi_edit_text_file', { path: '/nope', edits }))).toEqual({ code: -32001, message: 'File not found: /nope' });
    expect(toolError(await run('multi_edit_text_file', { path: '/s', edits }, { s: 'a' }, { fs: { denyRead: ['s'] } }))).toEqual({ code: -32002, message: 'Permission denied: /s' });
    expect(toolError(await run('multi_edit_text_file', { path: '/b', edits }, { b: Uint8Array.of(97, 0) }))).toEqual({ code: -32004, message: 'Cannot edit binary file: /b' });
  });

  it('a missing file is reported before a per-edit empty old_string', async () => {
    expect(toolError(await run('multi_edit_text_file', { path: '/nope', edits: [{ old_string: '', new_string: 'x' }] }))).toEqual({ code: -32001, message: 'File not found: /nope' });
  });

  it('per edit: "Edit {i}: old_string must not be empty"', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'a', new_string: 'b' }, { old_string: '', new_string: 'x' }]), { 'test/file.txt': 'a' });
    expect(toolError(r)).toEqual({ code: -32600, message: 'Edit 1: old_string must not be empty' });
  });

  it('per edit / TC3: "Edit 1: String not found: line 3"', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'line 1', new_string: 'LINE 1' }, { old_string: 'line 3', new_string: 'LINE 3' }]), { 'test/file.txt': 'line 1\nline 2\n' });
    expect(toolError(r)).toEqual({ code: -32010, message: 'Edit 1: String not found: line 3' });
    expect(r.after['test/file.txt']).toBe('line 1\nline 2\n');
  });

  it('per edit / TC5: the same old_string twice is not found the second time', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'foo', new_string: 'bar' }, { old_string: 'foo', new_string: 'baz' }]), { 'test/file.txt': 'foo' });
    expect(toolError(r)).toEqual({ code: -32010, message: 'Edit 1: String not found: foo' });
  });

  it('per edit / TC7: an edit that creates ambiguity: "Edit 1: String appears 2 times: A"', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'A', new_string: 'AA' }, { old_string: 'A', new_string: 'B' }]), { 'test/file.txt': 'A' });
    expect(toolError(r)).toEqual({ code: -32011, message: 'Edit 1: String appears 2 times: A' });
  });

  // TC6's speed (< 5 ms) is bench row W1 (npm run bench), not a timed test.
  it('TC6: 100 edits on a file with 100 unique strings', async () => {
    const file = Array.from({ length: 100 }, (_, i) => `key${String(i).padStart(3, '0')} = ${i}\n`).join('');
    const edits = Array.from({ length: 100 }, (_, i) => ({ old_string: `key${String(i).padStart(3, '0')} = ${i}\n`, new_string: `key${String(i).padStart(3, '0')} = ${i * 2}\n` }));
    const r = await run('multi_edit_text_file', { path: '/big', edits }, { big: file });
    const res = okResult<MultiEditTextFileResult>(r);
    expect(res.applied_count).toBe(100);
    expect(res.line_ranges[99]).toEqual({ edit_index: 99, start: 100, end: 100 });
    expect(r.after.big).toBe(Array.from({ length: 100 }, (_, i) => `key${String(i).padStart(3, '0')} = ${i * 2}\n`).join(''));
  });
});

describe('SPEC 4.2 conflict: a match that straddles an earlier edit\'s output is -32012', () => {
  it('straddling the start of edit 0\'s output', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'hello', new_string: 'HELLO' }, { old_string: 'LO wor', new_string: 'x' }]), { 'test/file.txt': 'hello world' });
    expect(toolError(r)).toEqual({ code: -32012, message: 'Edit 1 conflicts with edit 0' });
    expect(r.after['test/file.txt']).toBe('hello world');
  });

  it('straddling the end of an earlier output', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'world', new_string: 'WORLD' }, { old_string: 'o W', new_string: 'x' }]), { 'test/file.txt': 'hello world' });
    expect(toolError(r)).toEqual({ code: -32012, message: 'Edit 1 conflicts with edit 0' });
  });

  it('j is the latest straddled edit', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'abc', new_string: 'ABC' }, { old_string: 'def', new_string: 'DEF' }, { old_string: 'C DE', new_string: 'x' }]), { 'test/file.txt': 'abc def ghi' });
    expect(toolError(r)).toEqual({ code: -32012, message: 'Edit 2 conflicts with edit 1' });
  });

  it('j is the latest even when an earlier straddled edit comes later in the text', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'def', new_string: 'DEF' }, { old_string: 'abc', new_string: 'ABC' }, { old_string: 'C DE', new_string: 'x' }]), { 'test/file.txt': 'abc def ghi' });
    expect(toolError(r)).toEqual({ code: -32012, message: 'Edit 2 conflicts with edit 1' });
  });

  it('a match inside an earlier output is fine (the output grows)', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'abc', new_string: 'XYZW' }, { old_string: 'YZ', new_string: 'q' }]), { 'test/file.txt': 'abc' });
    okResult(r);
    expect(r.after['test/file.txt']).toBe('XqW');
  });

  it('a match exactly equal to an earlier output is inside it: fine', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'b', new_string: 'BB' }, { old_string: 'BB', new_string: 'C' }]), { 'test/file.txt': 'abc' });
    okResult(r);
    expect(r.after['test/file.txt']).toBe('aCc');
  });

  it('a match containing an earlier output whole is fine', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'b', new_string: 'B' }, { old_string: 'aBc', new_string: 'z' }]), { 'test/file.txt': 'abc' });
    okResult(r);
    expect(r.after['test/file.txt']).toBe('z');
  });

  it('a match next to an earlier output (touching, not overlapping) is fine', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'b', new_string: 'B' }, { old_string: 'c', new_string: 'C' }]), { 'test/file.txt': 'abc' });
    okResult(r);
    expect(r.after['test/file.txt']).toBe('aBC');
  });

  it('an empty output (a deletion) cannot be straddled', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'b', new_string: '' }, { old_string: 'ac', new_string: 'X' }]), { 'test/file.txt': 'abc' });
    okResult(r);
    expect(r.after['test/file.txt']).toBe('X');
  });

  it('an output contained by a later match is gone: a still later straddle of that span names the container', async () => {
    // Edit 1 contains edit 0's output "B" and writes "xyz"; edit 2 "zd" straddles edit 1's output only.
    const r = await run('multi_edit_text_file', call([{ old_string: 'b', new_string: 'B' }, { old_string: 'aBc', new_string: 'xyz' }, { old_string: 'zd', new_string: '!' }]), { 'test/file.txt': 'abcd' });
    expect(toolError(r)).toEqual({ code: -32012, message: 'Edit 2 conflicts with edit 1' });
  });

  it('an earlier output shifted by an edit before it is still tracked', async () => {
    // Edit 0 writes "CD" at 2; edit 1 grows the text before it, so "CD" moves to 5; "bC" straddles it.
    const r = await run('multi_edit_text_file', call([{ old_string: 'cd', new_string: 'CD' }, { old_string: 'a', new_string: 'aaaa' }, { old_string: 'bC', new_string: 'x' }]), { 'test/file.txt': 'abcd' });
    expect(toolError(r)).toEqual({ code: -32012, message: 'Edit 2 conflicts with edit 0' });
  });

  it('a straddle of a grown output: the output includes what a later inside edit wrote', async () => {
    // Edit 0 writes "XYZ"; edit 1 (inside) turns "Y" into "1234": edit 0's output is now "X1234Z".
    const r = await run('multi_edit_text_file', call([{ old_string: 'b', new_string: 'XYZ' }, { old_string: 'Y', new_string: '1234' }, { old_string: 'Zc', new_string: '!' }]), { 'test/file.txt': 'abc' });
    expect(toolError(r)).toEqual({ code: -32012, message: 'Edit 2 conflicts with edit 0' });
  });
});

describe('SPEC 4.2 identical strings: no error, the edit is applied as a no-op with a warning', () => {
  it('the result is a success, applied_count counts it, a warning names it', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'x', new_string: 'X' }, { old_string: 'keep', new_string: 'keep' }]), { 'test/file.txt': 'x keep\n' });
    const res = okResult<MultiEditTextFileResult>(r);
    expect(res.applied_count).toBe(2);
    expect(res.line_ranges).toEqual([
      { edit_index: 0, start: 1, end: 1 },
      { edit_index: 1, start: 1, end: 1 },
    ]);
    expect(r.outcome.warnings).toHaveLength(1);
    expect(r.outcome.warnings[0]).toMatch(/Edit 1\b/);
    expect(r.after['test/file.txt']).toBe('X keep\n');
  });

  it('a no-op edit still has to be unique', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'k', new_string: 'k' }]), { 'test/file.txt': 'k k' });
    expect(toolError(r)).toEqual({ code: -32011, message: 'Edit 0: String appears 2 times: k' });
  });

  it('a no-op edit changes no byte, even of a CRLF file', async () => {
    const r = await run('multi_edit_text_file', call([{ old_string: 'a\nb', new_string: 'a\nb' }]), { 'test/file.txt': 'a\r\nb\n' });
    okResult(r);
    expect(r.after).toEqual(r.before);
  });
});

describe('the input checked by hand (plainMultiEditInput) is what the schema parses, or left to it', () => {
  const cases: [string, unknown][] = [
    ['plain', { path: '/a.txt', edits: [{ old_string: 'a', new_string: 'b' }] }],
    ['extra fields at both levels are dropped', { path: '/a.txt', extra: 1, edits: [{ new_string: '', extra: true, old_string: 'x\ud83d\ude00' }] }],
    ['no edits', { path: '/a.txt', edits: [] }],
    ['a lone surrogate', { path: '/a.txt', edits: [{ old_string: 'a\ud800', new_string: 'b' }] }],
    ['a lone low surrogate in new_string', { path: '/a.txt', edits: [{ old_string: 'a', new_string: '\udc00b' }] }],
    ['a number', { path: '/a.txt', edits: [{ old_string: 1, new_string: 'b' }] }],
    ['a missing field', { path: '/a.txt', edits: [{ old_string: 'a' }] }],
    ['a null edit', { path: '/a.txt', edits: [null] }],
    ['an array edit', { path: '/a.txt', edits: [['a', 'b']] }],
    ['a hole', { path: '/a.txt', edits: [, { old_string: 'a', new_string: 'b' }] }], // eslint-disable-line no-sparse-arrays
    ['edits not an array', { path: '/a.txt', edits: { old_string: 'a', new_string: 'b' } }],
    ['no path', { edits: [] }],
    ['an array', [{ path: '/a.txt', edits: [] }]],
    ['null', null],
    ['a string', 'path'],
    ['__proto__ as a key', JSON.parse('{"__proto__": {"x": 1}, "path": "/a", "edits": [{"__proto__": 1, "old_string": "a", "new_string": "b"}]}')],
  ];
  for (const [name, input] of cases) {
    it(name, () => {
      const parsed = multiEditTextFileSchema.safeParse(input);
      const plain = plainMultiEditInput(input);
      // Left to zod (the last test pins which shapes are answered by hand).
      if (plain === null) return;
      expect(parsed.success).toBe(true);
      expect(plain).toStrictEqual(parsed.data);
      expect(Object.keys(plain)).toEqual(['path', 'edits']);
      for (const e of plain.edits) expect(Object.keys(e)).toEqual(['old_string', 'new_string']);
    });
  }

  it('answers the common shapes by hand (the cases above that the schema accepts)', () => {
    expect(cases.filter(([, input]) => plainMultiEditInput(input) !== null).map(([name]) => name)).toEqual(['plain', 'extra fields at both levels are dropped', 'no edits', '__proto__ as a key']);
  });
});
