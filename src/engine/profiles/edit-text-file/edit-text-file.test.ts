// SPEC 3 (validation before effect) and 4.1 (`edit_text_file`): each row of the error table, in
// order, with inputs that also break later rows so the order itself is under test. The harness
// asserts for every failed call that no byte of the workspace changed.

import { describe, expect, it } from 'vitest';
import { okResult, outcomeDiffProblems, run, stagedFile, toolError, utf8, type EditTextFileResult } from '../../../../tests/support/harness';

const CONFIG = '[server]\nhost = "localhost"\nport = 8080\n';

describe('SPEC 4.1 edit_text_file succeeds with { success, diff, line_range }', () => {
  it('TC1: a config value is replaced; the diff line is "-port = 8080" (no space after the sign)', async () => {
    const r = await run('edit_text_file', { path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' }, { 'test/config.toml': CONFIG });
    expect(okResult<EditTextFileResult>(r)).toEqual({
      success: true,
      diff: '--- /test/config.toml\n+++ /test/config.toml\n@@ -1,3 +1,3 @@\n [server]\n host = "localhost"\n-port = 8080\n+port = 3000\n',
      line_range: { start: 3, end: 3 },
    });
    expect(r.after['test/config.toml']).toBe('[server]\nhost = "localhost"\nport = 3000\n');
    expect(r.outcome.ok && r.outcome.writes).toBe(true);
  });

  it('TC2: a three-line replacement spans lines 1-3', async () => {
    const file = 'fn old_func() {\n    println!("old");\n}\n';
    const r = await run('edit_text_file', { path: '/test/code.rs', old_string: 'fn old_func() {\n    println!("old");\n}', new_string: 'fn new_func() {\n    println!("new");\n}' }, { 'test/code.rs': file });
    expect(okResult<EditTextFileResult>(r)).toEqual({
      success: true,
      diff: '--- /test/code.rs\n+++ /test/code.rs\n@@ -1,3 +1,3 @@\n-fn old_func() {\n-    println!("old");\n+fn new_func() {\n+    println!("new");\n }\n',
      line_range: { start: 1, end: 3 },
    });
  });

  it('TC5: deleting a line with an empty new_string', async () => {
    const r = await run('edit_text_file', { path: '/test/file.txt', old_string: 'line 2\n', new_string: '' }, { 'test/file.txt': 'line 1\nline 2\nline 3\n' });
    expect(okResult<EditTextFileResult>(r)).toEqual({
      success: true,
      diff: '--- /test/file.txt\n+++ /test/file.txt\n@@ -1,3 +1,2 @@\n line 1\n-line 2\n line 3\n',
      line_range: { start: 2, end: 2 },
    });
    expect(r.after['test/file.txt']).toBe('line 1\nline 3\n');
  });

  it('the stage records one step with the replacement in LF-view coordinates', async () => {
    const r = await run('edit_text_file', { path: '/f', old_string: 'b\r\nc', new_string: 'X' }, { f: 'a\r\nb\r\nc\r\n' });
    okResult(r);
    expect(stagedFile(r).steps).toEqual([{ editIndex: 0, replacements: [{ start: 2, end: 5, text: 'X' }], lineRanges: [{ start: 2, end: 3 }], strategy: 'exact' }]);
    expect(stagedFile(r).finalText).toBe('a\nX\n');
    expect(r.after.f).toBe('a\r\nX\r\n');
  });
});

describe('SPEC 3 / 4.1 row 1: input not of the schema is -32602 "Invalid params: {detail}" naming the field', () => {
  it('a number for old_string names old_string', async () => {
    const e = toolError(await run('edit_text_file', { path: 'relative', old_string: 1, new_string: 'x' }));
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/^Invalid params: .*old_string/);
  });

  it('a missing new_string names new_string', async () => {
    const e = toolError(await run('edit_text_file', { path: '/f', old_string: 'x' }, { f: 'x' }));
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/^Invalid params: .*new_string/);
  });

  it.each([null, undefined, 'a string', 42, [], [{ path: '/f' }]])('input %j is an error, never a crash', async (input) => {
    const e = toolError(await run('edit_text_file', input));
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/^Invalid params: /);
  });

  it('a lone UTF-16 surrogate in new_string (not valid Unicode, no UTF-8 form) is invalid input', async () => {
    const e = toolError(await run('edit_text_file', { path: '/f', old_string: 'x', new_string: '\ud800' }, { f: 'x' }));
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/^Invalid params: .*new_string/);
  });

  it('old_string that would split an astral character (its low surrogate alone) is invalid input', async () => {
    const e = toolError(await run('edit_text_file', { path: '/f', old_string: '\ude00', new_string: 'y' }, { f: '😀' }));
    expect(e.code).toBe(-32602);
  });
});

describe('SPEC 4.1 row 2: a relative path is -32600 "Path must be absolute: {path}"', () => {
  it('and it wins over identical strings (row 3)', async () => {
    const e = toolError(await run('edit_text_file', { path: 'test/file.txt', old_string: 'same', new_string: 'same' }));
    expect(e).toEqual({ code: -32600, message: 'Path must be absolute: test/file.txt' });
  });

  it('"./x" is relative too', async () => {
    const e = toolError(await run('edit_text_file', { path: './x', old_string: '', new_string: 'y' }, { x: 'x' }));
    expect(e).toEqual({ code: -32600, message: 'Path must be absolute: ./x' });
  });
});

describe('SPEC 4.1 row 3: old_string equal to new_string is -32600 "old_string and new_string are identical"', () => {
  it('TC7: parameters are validated before the file is read (no file given)', async () => {
    const e = toolError(await run('edit_text_file', { path: '/test/file.txt', old_string: 'same', new_string: 'same' }));
    expect(e).toEqual({ code: -32600, message: 'old_string and new_string are identical' });
  });

  it('two empty strings are identical before they are empty (row 3 before row 4)', async () => {
    const e = toolError(await run('edit_text_file', { path: '/f', old_string: '', new_string: '' }, { f: 'x' }));
    expect(e).toEqual({ code: -32600, message: 'old_string and new_string are identical' });
  });
});

describe('SPEC 4.1 row 4: an empty old_string is -32600 "old_string must not be empty"', () => {
  it('even on a path outside the mount (row 4 before row 5)', async () => {
    const e = toolError(await run('edit_text_file', { path: '/etc/passwd', old_string: '', new_string: 'x' }, {}, { options: { mount: '/proj' } }));
    expect(e).toEqual({ code: -32600, message: 'old_string must not be empty' });
  });
});

describe('SPEC 4.1 row 5: a path outside the mount is -32002 "Permission denied: {path}"', () => {
  it('an absolute path elsewhere, even a missing one (row 5 before row 6)', async () => {
    const e = toolError(await run('edit_text_file', { path: '/etc/passwd', old_string: 'a', new_string: 'b' }, { 'etc/passwd': 'a' }, { options: { mount: '/proj' } }));
    expect(e).toEqual({ code: -32002, message: 'Permission denied: /etc/passwd' });
  });

  it('".." segments are resolved before the check: /proj/../secret is outside /proj', async () => {
    const e = toolError(await run('edit_text_file', { path: '/proj/../secret', old_string: 'a', new_string: 'b' }, { secret: 'a', '../secret': 'a' }, { options: { mount: '/proj' } }));
    expect(e.code).toBe(-32002);
    expect(e.message).toMatch(/^Permission denied: /);
  });

  it('a sibling whose name starts with the mount is outside: /projX/a', async () => {
    const e = toolError(await run('edit_text_file', { path: '/projX/a', old_string: 'a', new_string: 'b' }, { a: 'a' }, { options: { mount: '/proj' } }));
    expect(e).toEqual({ code: -32002, message: 'Permission denied: /projX/a' });
  });
});

describe('SPEC 4.1 row 6: no such file (or a directory) is -32001 "File not found: {path}"', () => {
  it('TC6: a missing file', async () => {
    const e = toolError(await run('edit_text_file', { path: '/test/missing.txt', old_string: 'a', new_string: 'b' }, { 'test/other.txt': 'a' }));
    expect(e).toEqual({ code: -32001, message: 'File not found: /test/missing.txt' });
  });

  it('a directory', async () => {
    const e = toolError(await run('edit_text_file', { path: '/test', old_string: 'a', new_string: 'b' }, { 'test/other.txt': 'a' }));
    expect(e).toEqual({ code: -32001, message: 'File not found: /test' });
  });
});

describe('SPEC 4.1 row 7: a file the workspace refuses to read is -32002 "Permission denied: {path}"', () => {
  it('an unreadable file', async () => {
    const e = toolError(await run('edit_text_file', { path: '/secret.txt', old_string: 'a', new_string: 'b' }, { 'secret.txt': 'a' }, { fs: { denyRead: ['secret.txt'] } }));
    expect(e).toEqual({ code: -32002, message: 'Permission denied: /secret.txt' });
  });
});

describe('SPEC 4.1 row 8: binary or over the size limit is -32004', () => {
  it('a binary file where old_string is absent reports binary, not "not found" (row 8 before row 9)', async () => {
    const e = toolError(await run('edit_text_file', { path: '/b', old_string: 'zzz', new_string: 'y' }, { b: Uint8Array.of(1, 0, 2) }));
    expect(e).toEqual({ code: -32004, message: 'Cannot edit binary file: /b' });
  });

  it('an over-limit file', async () => {
    const e = toolError(await run('edit_text_file', { path: '/b', old_string: 'zzz', new_string: 'y' }, { b: 'x'.repeat(33) }, { options: { maxFileBytes: 32 } }));
    expect(e).toEqual({ code: -32004, message: 'File too large: /b' });
  });
});

describe('SPEC 4.1 row 9: zero occurrences is -32010 "String not found in file: {old_string}"', () => {
  it('TC3', async () => {
    const e = toolError(await run('edit_text_file', { path: '/test/file.txt', old_string: 'Goodbye', new_string: 'Hello' }, { 'test/file.txt': 'Hello World' }));
    expect(e).toEqual({ code: -32010, message: 'String not found in file: Goodbye' });
  });

  it('old_string is inserted as given, CRLF included', async () => {
    const e = toolError(await run('edit_text_file', { path: '/f', old_string: 'x\r\ny', new_string: 'z' }, { f: 'a\nb' }));
    expect(e).toEqual({ code: -32010, message: 'String not found in file: x\r\ny' });
  });

  it('matching is case- and whitespace-exact', async () => {
    const e = toolError(await run('edit_text_file', { path: '/f', old_string: 'port  = 8080', new_string: 'x' }, { f: 'port = 8080' }));
    expect(e).toEqual({ code: -32010, message: 'String not found in file: port  = 8080' });
  });
});

describe('SPEC 4.1 row 10: more than one occurrence is -32011 "String appears {count} times (must be unique): {old_string}"', () => {
  it('TC4', async () => {
    const e = toolError(await run('edit_text_file', { path: '/test/file.txt', old_string: 'foo', new_string: 'bar' }, { 'test/file.txt': 'foo\nfoo\nfoo' }));
    expect(e).toEqual({ code: -32011, message: 'String appears 3 times (must be unique): foo' });
  });

  it('a match counted across a CRLF in the file: "a\\nb" twice', async () => {
    const e = toolError(await run('edit_text_file', { path: '/f', old_string: 'a\nb', new_string: 'c' }, { f: 'a\r\nb a\nb' }));
    expect(e).toEqual({ code: -32011, message: 'String appears 2 times (must be unique): a\nb' });
  });
});

describe('SPEC 3 a call that fails changes nothing', () => {
  it('a not-found edit on one file leaves every file of the workspace byte-identical', async () => {
    const files = { 'a.txt': utf8('a\r\nb\n'), 'b.txt': Uint8Array.of(0xef, 0xbb, 0xbf, 0x61) };
    const r = await run('edit_text_file', { path: '/a.txt', old_string: 'zz', new_string: 'y' }, files);
    expect(toolError(r).code).toBe(-32010);
    expect(r.after).toEqual(r.before);
    expect(r.fs.log).toEqual([]);
  });

  it('a run never writes: runCall alone stages the edit and leaves the file', async () => {
    const { runCall } = await import('../../run');
    const { MemoryFs } = await import('../../../workspace/memory-fs');
    const fs = new MemoryFs({ f: 'abc' });
    const o = await runCall(fs, 'edit_text_file', { path: '/f', old_string: 'b', new_string: 'X' });
    expect(o.ok).toBe(true);
    expect(outcomeDiffProblems(o)).toEqual([]);
    expect(fs.text('f')).toBe('abc');
    expect(fs.log).toEqual([]);
  });
});
