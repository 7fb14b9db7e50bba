// Engine bugs found by this test layer, each as the smallest call that showed it, kept as
// regression tests; each names the SPEC rule it holds the engine to.

import { describe, expect, it } from 'vitest';
import { lfViewOf, okResult, run, stagedFile, toolError, type MultiEditTextFileResult } from '../../tests/support/harness';

describe('SPEC 4.3 row 3: the notebook rule applies to the path after normalisation', () => {
  it.each(['/nb.ipynb/', '/nb.ipynb/.', '/x/../nb.ipynb/'])('MultiEdit on %j (the file nb.ipynb) is NOTEBOOK_NOT_SUPPORTED and writes nothing', async (filePath) => {
    const r = await run('MultiEdit', { file_path: filePath, edits: [{ old_string: '{}', new_string: '{"cells":[]}' }] }, { 'nb.ipynb': '{}' });
    expect(r.outcome.ok ? 'edited the notebook' : r.outcome.error.code).toBe('NOTEBOOK_NOT_SUPPORTED');
    expect(r.after['nb.ipynb']).toBe('{}');
  });
});

describe('SPEC 2.2 + 4.1 row 3 / 4.2 / 4.3 row 5: strings are read in the LF view, so strings differing only by CRLF vs LF are identical', () => {
  // Today such an edit "succeeds" with an empty diff and changes nothing: a model trying to turn
  // CRLF into LF is told it worked.
  it('edit_text_file: old "foo\\r\\n", new "foo\\n" is -32600 "old_string and new_string are identical"', async () => {
    const r = await run('edit_text_file', { path: '/c.txt', old_string: 'foo\r\n', new_string: 'foo\n' }, { 'c.txt': 'foo\r\nbar\r\n' });
    expect(r.outcome.ok ? { ok: true, result: r.outcome.result } : r.outcome.error).toEqual({ code: -32600, message: 'old_string and new_string are identical' });
  });

  it('MultiEdit: the same edit is EDIT_OLD_NEW_IDENTICAL', async () => {
    const r = await run('MultiEdit', { file_path: '/c.txt', edits: [{ old_string: 'foo\r\n', new_string: 'foo\n' }] }, { 'c.txt': 'foo\r\nbar\r\n' });
    expect(r.outcome.ok ? 'success' : r.outcome.error.code).toBe('EDIT_OLD_NEW_IDENTICAL');
  });

  it('multi_edit_text_file: the edit is applied as a no-op with the identical-strings warning', async () => {
    const r = await run('multi_edit_text_file', { path: '/c.txt', edits: [{ old_string: 'foo\r\n', new_string: 'foo\n' }] }, { 'c.txt': 'foo\r\nbar\r\n' });
    expect(okResult<MultiEditTextFileResult>(r).diff).toBe('');
    expect(r.outcome.warnings).toEqual(['Edit 0: old_string and new_string are identical; the edit was applied as a no-op']);
  });
});

describe('SPEC 2.2: a lone CR written right before an untouched LF', () => {
  // The bytes are written exactly as asked (the CR, then the file's own LF), and they read back as
  // a CRLF line ending. The stage shows the CR as written; a warning says how the file will read.
  it('edit_text_file "a" → "x\\r" in "a\\nb" writes "x\\r\\nb" and warns that it reads back as a CRLF ending', async () => {
    const r = await run('edit_text_file', { path: '/l.txt', old_string: 'a', new_string: 'x\r' }, { 'l.txt': 'a\nb' });
    okResult(r);
    expect(r.after['l.txt']).toBe('x\r\nb');
    expect(r.outcome.warnings).toEqual([
      '/l.txt: a carriage return now stands right before a line feed; on disk they form a CRLF line ending, so the file reads back without that CR',
    ]);
  });

  it('deleting "X" between a lone "\\r" and "\\n" ("a\\rX\\nb") keeps every other byte and warns', async () => {
    const r = await run('edit_text_file', { path: '/l.txt', old_string: 'X', new_string: '' }, { 'l.txt': 'a\rX\nb' });
    okResult(r);
    expect(r.after['l.txt']).toBe('a\r\nb');
    expect(r.outcome.warnings).toEqual([
      '/l.txt: a carriage return now stands right before a line feed; on disk they form a CRLF line ending, so the file reads back without that CR',
    ]);
  });
});

describe('sanity: these findings are about the cases above only', () => {
  it('a real CRLF → LF change of content is still an edit', async () => {
    const r = await run('edit_text_file', { path: '/c.txt', old_string: 'foo\r\n', new_string: 'FOO\n' }, { 'c.txt': 'foo\r\nbar\r\n' });
    okResult(r);
    expect(r.after['c.txt']).toBe('FOO\r\nbar\r\n');
  });

  it('a plain .ipynb path is refused', async () => {
    expect(toolError(await run('MultiEdit', { file_path: '/nb.ipynb', edits: [{ old_string: '{}', new_string: '[]' }] }, { 'nb.ipynb': '{}' })).code).toBe('NOTEBOOK_NOT_SUPPORTED');
  });
});
