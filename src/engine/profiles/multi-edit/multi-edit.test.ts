// SPEC 4.3 `MultiEdit`: the error table rows 1-10 and the per-edit rows, one test per row. Each
// row's input also breaks the rows after it, so the order is under test. Codes are exact; the
// SPEC fixes messages only as "name the edit and say what to do next".

import { describe, expect, it } from 'vitest';
import { okResult, run, stagedFile, toolError, utf8, type MultiEditResult } from '../../../../tests/support/harness';

const STORY = '# New Feature\n\nThis new feature introduces improved user authentication.';

describe('SPEC 4.3 MultiEdit table order', () => {
  it('row 1 INVALID_INPUT: schema errors come first and name the field (relative .ipynb path, empty edits otherwise)', async () => {
    const e = toolError(await run('MultiEdit', { file_path: 'x.ipynb', edits: [{ old_string: 'a', new_string: 'a', replace_all: 'yes' }] }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toMatch(/edits\[0\]\.replace_all/);
  });

  it('row 2 PATH_NOT_ABSOLUTE: before the notebook check', async () => {
    const e = toolError(await run('MultiEdit', { file_path: 'nb/x.ipynb', edits: [] }));
    expect(e.code).toBe('PATH_NOT_ABSOLUTE');
    expect(e.message).toContain('nb/x.ipynb');
  });

  it('row 3 NOTEBOOK_NOT_SUPPORTED: before empty edits; the message points to NotebookEdit', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/nb/x.ipynb', edits: [] }));
    expect(e.code).toBe('NOTEBOOK_NOT_SUPPORTED');
    expect(e.message).toMatch(/NotebookEdit/);
  });

  it('row 3 applies to any case of the extension: /a.IPYNB', async () => {
    expect(toolError(await run('MultiEdit', { file_path: '/a.IPYNB', edits: [{ old_string: 'a', new_string: 'b' }] })).code).toBe('NOTEBOOK_NOT_SUPPORTED');
  });

  it('row 4 EMPTY_EDITS: before anything is read', async () => {
    expect(toolError(await run('MultiEdit', { file_path: '/missing.txt', edits: [] })).code).toBe('EMPTY_EDITS');
  });

  it('row 5 EDIT_OLD_NEW_IDENTICAL: any edit, checked over all edits before row 6 (edit 1 empty, edit 2 identical)', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/missing.txt', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: '', new_string: 'x' }, { old_string: 'c', new_string: 'c' }] }));
    expect(e.code).toBe('EDIT_OLD_NEW_IDENTICAL');
    expect(e.message).toMatch(/^Edit 2: /);
  });

  it('row 5 for the first edit with both strings empty', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/f', edits: [{ old_string: '', new_string: '' }] }));
    expect(e.code).toBe('EDIT_OLD_NEW_IDENTICAL');
    expect(e.message).toMatch(/^Edit 0: /);
  });

  it('row 6 EMPTY_OLD_STRING: an empty old_string after the first edit, before the path is checked against the mount', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/outside/f', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: '', new_string: 'x' }] }, {}, { options: { mount: '/proj' } }));
    expect(e.code).toBe('EMPTY_OLD_STRING');
    expect(e.message).toMatch(/^Edit 1: /);
  });

  it('row 7 PERMISSION_DENIED: outside the mount, before the create-existing check', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/etc/passwd', edits: [{ old_string: '', new_string: 'x' }] }, { 'etc/passwd': 'root' }, { options: { mount: '/proj' } }));
    expect(e.code).toBe('PERMISSION_DENIED');
  });

  it('row 7 PERMISSION_DENIED: an unreadable file, before the create-existing check', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/s.txt', edits: [{ old_string: '', new_string: 'x' }] }, { 's.txt': 'content' }, { fs: { denyRead: ['s.txt'] } }));
    expect(e.code).toBe('PERMISSION_DENIED');
    expect(e.message).toContain('/s.txt');
  });

  it('row 8 ATTEMPT_TO_CREATE_EXISTING_FILE: story scenario 4, the file keeps its content', async () => {
    const r = await run('MultiEdit', { file_path: '/src/a.js', edits: [{ old_string: '', new_string: 'new content' }] }, { 'src/a.js': 'const A = 1;\n' });
    const e = toolError(r);
    expect(e.code).toBe('ATTEMPT_TO_CREATE_EXISTING_FILE');
    expect(e.message).toMatch(/^Edit 0: /);
    expect(r.after['src/a.js']).toBe('const A = 1;\n');
  });

  it('row 8 before row 10: a binary file with an empty first old_string exists', async () => {
    expect(toolError(await run('MultiEdit', { file_path: '/b', edits: [{ old_string: '', new_string: 'x' }] }, { b: Uint8Array.of(0, 1) })).code).toBe('ATTEMPT_TO_CREATE_EXISTING_FILE');
  });

  it('row 9 FILE_NOT_FOUND: a missing file and a non-empty first old_string; the message says how to create it', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/missing.txt', edits: [{ old_string: 'a', new_string: 'b' }] }));
    expect(e.code).toBe('FILE_NOT_FOUND');
    expect(e.message).toContain('/missing.txt');
  });

  it('row 10 BINARY_FILE: a binary file with a non-empty first old_string that is absent (row 10 before per-edit rows)', async () => {
    expect(toolError(await run('MultiEdit', { file_path: '/b', edits: [{ old_string: 'zzz', new_string: 'x' }] }, { b: Uint8Array.of(0x7a, 0xff) })).code).toBe('BINARY_FILE');
  });

  it('row 10 FILE_TOO_LARGE', async () => {
    expect(toolError(await run('MultiEdit', { file_path: '/b', edits: [{ old_string: 'zzz', new_string: 'x' }] }, { b: 'x'.repeat(20) }, { options: { maxFileBytes: 19 } })).code).toBe('FILE_TOO_LARGE');
  });
});

describe('SPEC 4.3 MultiEdit table order: per edit', () => {
  it('per edit STRING_NOT_FOUND: story scenario 3, names the edit, nothing is applied', async () => {
    const file = 'const API_KEY = "123";\nconst DEBUG_MODE = false;\n';
    const r = await run('MultiEdit', {
      file_path: '/src/config.js',
      edits: [
        { old_string: 'const API_KEY = "123";', new_string: 'const API_KEY = "abc";', replace_all: false },
        { old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;', replace_all: false },
      ],
    }, { 'src/config.js': file });
    const e = toolError(r);
    expect(e.code).toBe('STRING_NOT_FOUND');
    expect(e.message).toMatch(/^Edit 1: /);
    expect(r.after['src/config.js']).toBe(file);
  });

  it('per edit MULTIPLE_MATCHES: more than one and not replace_all', async () => {
    const e = toolError(await run('MultiEdit', { file_path: '/f', edits: [{ old_string: 'x', new_string: 'y' }, { old_string: 'a', new_string: 'b' }] }, { f: 'x a a' }));
    expect(e.code).toBe('MULTIPLE_MATCHES');
    expect(e.message).toMatch(/^Edit 1: .*\b2 times\b/);
  });

  it('per edit: replace_all with zero occurrences is STRING_NOT_FOUND', async () => {
    expect(toolError(await run('MultiEdit', { file_path: '/f', edits: [{ old_string: 'q', new_string: 'y', replace_all: true }] }, { f: 'abc' })).code).toBe('STRING_NOT_FOUND');
  });
});

describe('SPEC 4.3 result shape', () => {
  it('story example 1: rename with replace_all, then insert a comment', async () => {
    const file = 'package main\n\nvar userCount = 0\n\nfunc calculate() int {\n\treturn userCount + 1\n}\n';
    const r = await run('MultiEdit', {
      file_path: '/src/main.go',
      edits: [
        { old_string: 'userCount', new_string: 'activeUserCount', replace_all: true },
        { old_string: 'func calculate() int {', new_string: '// calculate calculates the active user count\nfunc calculate() int {', replace_all: false },
      ],
    }, { 'src/main.go': file });
    expect(okResult<MultiEditResult>(r)).toEqual({
      success: true,
      file_path: '/src/main.go',
      created: false,
      applied_count: 2,
      diff:
        '--- /src/main.go\n+++ /src/main.go\n@@ -1,7 +1,8 @@\n package main\n \n-var userCount = 0\n+var activeUserCount = 0\n \n+// calculate calculates the active user count\n func calculate() int {\n-\treturn userCount + 1\n+\treturn activeUserCount + 1\n }\n',
      edits: [
        { index: 0, replacements: 2, line_ranges: [{ start: 3, end: 3 }, { start: 6, end: 6 }] },
        { index: 1, replacements: 1, line_ranges: [{ start: 5, end: 5 }] },
      ],
    });
  });

  it('story scenario 2: a created file, and the next edit operates on the created content', async () => {
    const r = await run('MultiEdit', { file_path: '/new_feature/README.md', edits: [{ old_string: '', new_string: STORY }, { old_string: 'improved', new_string: 'enhanced' }] });
    const res = okResult<MultiEditResult>(r);
    expect(res.created).toBe(true);
    expect(res.applied_count).toBe(2);
    expect(res.edits).toEqual([
      { index: 0, replacements: 1, line_ranges: [{ start: 1, end: 3 }] },
      { index: 1, replacements: 1, line_ranges: [{ start: 3, end: 3 }] },
    ]);
    expect(r.after['new_feature/README.md']).toBe('# New Feature\n\nThis new feature introduces enhanced user authentication.');
  });

  it('a creation followed by a failing edit creates nothing', async () => {
    const r = await run('MultiEdit', { file_path: '/n/new.md', edits: [{ old_string: '', new_string: 'abc' }, { old_string: 'zzz', new_string: 'y' }] });
    expect(toolError(r).code).toBe('STRING_NOT_FOUND');
    expect(r.after).toEqual({});
  });

  it('SPEC 10.5: filling a whitespace-only file: created false, replacements 1, range covers the new content', async () => {
    const r = await run('MultiEdit', { file_path: '/w.txt', edits: [{ old_string: '', new_string: 'one\ntwo\n' }] }, { 'w.txt': '  \n\t\n' });
    const res = okResult<MultiEditResult>(r);
    expect(res.created).toBe(false);
    expect(res.edits).toEqual([{ index: 0, replacements: 1, line_ranges: [{ start: 1, end: 2 }] }]);
    expect(r.after['w.txt']).toBe('one\ntwo\n');
    expect(res.diff).toBe('--- /w.txt\n+++ /w.txt\n@@ -1,2 +1,2 @@\n-  \n-\t\n+one\n+two\n');
  });

  it('filling a whitespace-only CRLF file writes CRLF (its dominant ending)', async () => {
    const r = await run('MultiEdit', { file_path: '/w.txt', edits: [{ old_string: '', new_string: 'one\ntwo\n' }] }, { 'w.txt': ' \r\n\r\n' });
    okResult(r);
    expect(r.after['w.txt']).toBe('one\r\ntwo\r\n');
  });

  it('file_path is reported normalised', async () => {
    const r = await run('MultiEdit', { file_path: '/a/../b/./f', edits: [{ old_string: 'x', new_string: 'y' }] }, { 'b/f': 'x' });
    expect(okResult<MultiEditResult>(r).file_path).toBe('/b/f');
  });

  it('edits are atomic: a failing third edit leaves the first two unapplied', async () => {
    const r = await run('MultiEdit', { file_path: '/f', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'b', new_string: 'c' }, { old_string: 'a', new_string: 'd' }] }, { f: utf8('a\r\n') });
    expect(toolError(r)).toMatchObject({ code: 'STRING_NOT_FOUND' });
    expect(toolError(r).message).toMatch(/^Edit 2: /);
  });

  it('a later edit sees an earlier replace_all: "a"→"b" everywhere, then "bb" is unique', async () => {
    const r = await run('MultiEdit', { file_path: '/f', edits: [{ old_string: 'a', new_string: 'b', replace_all: true }, { old_string: 'bb', new_string: 'X' }] }, { f: 'ab-c' });
    okResult(r);
    expect(r.after.f).toBe('X-c');
    expect(stagedFile(r).steps.map((s) => s.replacements.length)).toEqual([1, 1]);
  });
});
