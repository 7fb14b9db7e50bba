// Profile `Edit`: Claude Code 2.1.88's Edit tool (src/tools/FileEditTool/). Expected texts are the
// source's; the harness checks that every staged diff applies and a failed call changes no byte.

import { describe, expect, it } from 'vitest';
import { createEdit } from './edit';
import { MemoryReadState } from './read-state';
import { formatFileSize, stripTrailingWhitespace } from './shared';
import { profileContext } from '../../run';
import { MemoryFs } from '../../../workspace/memory-fs';
import { latin1, okResult, run, stagedFile, toolError, utf8, withBom, type Ran } from '../../../../tests/support/harness';

const output = (r: Ran): string => okResult<{ output: string }>(r).output;
const useError = (text: string) => ({ code: 'tool_use_error', message: `<tool_use_error>${text}</tool_use_error>` });
const edit = (input: unknown, files: Record<string, string | Uint8Array> = {}, options = {}) => run('Edit', input, files, { gnu: false, options });

describe('input', () => {
  it('several schema problems are listed: missing first, then unexpected, then mistyped', async () => {
    const r = await edit({ file_path: '/a', old_string: 5, extra: true });
    expect(toolError(r)).toEqual(
      useError(
        'InputValidationError: Edit failed due to the following issues:\nThe required parameter `new_string` is missing\nAn unexpected parameter `extra` was provided\nThe parameter `old_string` type is expected as `string` but provided as `number`',
      ),
    );
  });

  it('a path with a NUL byte fails in expandPath, wrapped as an exception of the tool', async () => {
    expect(toolError(await edit({ file_path: '/a\0b', old_string: 'a', new_string: 'b' }))).toEqual(useError('Error calling tool (Edit): Path contains null bytes'));
  });

  it('a path outside the mount, or in the home folder, is the playground\'s refusal', async () => {
    expect(toolError(await edit({ file_path: '/etc/x', old_string: 'a', new_string: 'b' }, {}, { mount: '/repo' })).code).toBe('PERMISSION_DENIED');
    expect(toolError(await edit({ file_path: '~/x', old_string: 'a', new_string: 'b' })).code).toBe('PERMISSION_DENIED');
  });

  it('a relative path resolves against the mount and is echoed as given; surrounding spaces are trimmed', async () => {
    const r = await edit({ file_path: ' src/a.txt ', old_string: 'a', new_string: 'b' }, { 'src/a.txt': 'a\n' }, { mount: '/repo' });
    expect(output(r)).toBe('The file  src/a.txt  has been updated successfully.');
    expect(r.after['src/a.txt']).toBe('b\n');
  });
});

describe('validateInput order', () => {
  it('old_string equal to new_string is refused before the file is looked at', async () => {
    expect(toolError(await edit({ file_path: '/missing', old_string: 'x', new_string: 'x' }))).toEqual(
      useError('No changes to make: old_string and new_string are exactly the same.'),
    );
  });

  it('a directory fails to read inside validateInput', async () => {
    expect(toolError(await edit({ file_path: '/dir', old_string: 'a', new_string: 'b' }, { 'dir/f': 'a' }))).toEqual(
      useError('Error calling tool (Edit): EISDIR: illegal operation on a directory, read'),
    );
  });

  it('a .ipynb file may still be created with an empty old_string', async () => {
    const r = await edit({ file_path: '/n.ipynb', old_string: '', new_string: '{}' });
    expect(output(r)).toBe('The file /n.ipynb has been updated successfully.');
    expect(r.after['n.ipynb']).toBe('{}');
  });

  it('over 1 GiB is Claude Code\'s own limit; under it the playground\'s limit applies', async () => {
    expect(formatFileSize(1024 ** 3)).toBe('1GB');
    expect(formatFileSize(1536)).toBe('1.5KB');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(toolError(await edit({ file_path: '/big', old_string: 'a', new_string: 'b' }, { big: 'a'.repeat(100) }, { maxFileBytes: 10 })).code).toBe('FILE_TOO_LARGE');
  });

  it('a non-UTF-8 file is the playground\'s refusal', async () => {
    expect(toolError(await edit({ file_path: '/b', old_string: 'a', new_string: 'b' }, { b: Uint8Array.of(0xff, 0xfe, 0x61, 0) })).code).toBe('BINARY_FILE');
  });
});

describe('matching', () => {
  it('matches are counted without overlap, as split() counts them', async () => {
    const r = await edit({ file_path: '/a', old_string: 'aa', new_string: 'b' }, { a: 'aaa\n' });
    expect(r.after.a).toBe('ba\n');
  });

  it('replace_all with an empty new_string removes "x\\n" wherever the line break follows, and leaves a final "x"', async () => {
    const r = await edit({ file_path: '/a', old_string: 'x', new_string: '', replace_all: true }, { a: 'x\ny x\nx' });
    expect(r.after.a).toBe('y x');
  });

  it('a new_string equal to the matched curly text changes nothing: call() throws, unwrapped', async () => {
    const r = await edit({ file_path: '/a', old_string: '"hi"', new_string: '\u201Chi\u201D' }, { a: 'say \u201Chi\u201D\n' });
    expect(toolError(r)).toEqual({ code: 'call_error', message: 'String not found in file. Failed to apply edit.' });
  });

  it('the stage step names the strategy that found old_string', async () => {
    const r = await edit({ file_path: '/a', old_string: "'q'", new_string: "'r'" }, { a: 'x\n\u2018q\u2019\n' });
    const step = stagedFile(r).steps[0]!;
    expect(step.strategy).toBe('quote-normalised');
    expect(step.lineRanges).toEqual([{ start: 2, end: 2 }]);
    expect(r.after.a).toBe(latin1(utf8('x\n\u2018r\u2019\n')));
  });
});

describe('what is written', () => {
  it('new_string loses trailing whitespace on every line, CR, LF and CRLF endings kept', () => {
    expect(stripTrailingWhitespace('a \r\nb\t\rc  \nd \u00A0')).toEqual({ text: 'a\r\nb\rc\nd', lines: 4 });
  });

  it('a UTF-8 BOM survives an edit, and the LF file stays LF', async () => {
    const r = await edit({ file_path: '/a', old_string: 'b', new_string: 'c' }, { a: withBom('a\nb\n') });
    expect(r.after.a).toBe(latin1(withBom('a\nc\n')));
    expect(r.outcome.warnings).toEqual([]);
  });

  it('filling a blank file that has a BOM drops the BOM', async () => {
    const r = await edit({ file_path: '/a', old_string: '', new_string: 'x\n' }, { a: withBom('\n') });
    expect(r.after.a).toBe('x\n');
    expect(r.outcome.warnings).toEqual(['/a: the UTF-8 byte order mark is dropped: Claude Code replaces the whole (blank) content, the mark included, with new_string']);
  });

  it('an LF-dominant file loses its few CRLF endings', async () => {
    const r = await edit({ file_path: '/a', old_string: 'b', new_string: 'B' }, { a: 'a\r\nb\nc\n' });
    expect(r.after.a).toBe('a\nB\nc\n');
    expect(r.outcome.warnings).toEqual([
      '/a: Claude Code writes the whole file back with LF line endings (the kind most used in its first 4096 characters): 1 CRLF line ending of the file becomes LF',
    ]);
  });

  it('line endings are judged on the first 4096 characters only', async () => {
    const head = 'x\n'.repeat(2048);
    const r = await edit({ file_path: '/a', old_string: 'end', new_string: 'END' }, { a: `${head}${'y\r\n'.repeat(3000)}end\r\n` });
    expect(r.after.a).toBe(`${head}${'y\n'.repeat(3000)}END\n`);
  });

  it('in a CRLF file a CR before CRLF is read away and written as a plain CRLF (a rewrite step)', async () => {
    const r = await edit({ file_path: '/a', old_string: 'b', new_string: 'B\r' }, { a: 'a\r\nb\r\nc\r\n' });
    expect(r.after.a).toBe('a\r\nB\r\nc\r\n');
    const steps = stagedFile(r).steps;
    expect(steps.map((s) => [s.strategy, s.rewrite === true])).toEqual([
      ['exact', false],
      ['crlf-rejoin', true],
    ]);
  });
});

describe('read-before-write (an injected read state)', () => {
  const ctx = (files: Record<string, string>) => {
    const fs = new MemoryFs(files);
    return { fs, ctx: profileContext(fs, { mount: '/repo' }) };
  };

  it('a file the session has not read is refused', async () => {
    const { ctx: c } = ctx({ 'a.txt': 'one\n' });
    const out = await createEdit(new MemoryReadState()).run({ file_path: '/repo/a.txt', old_string: 'one', new_string: 'two' }, c);
    expect(out.ok ? null : out.error).toEqual(useError('File has not been read yet. Read it first before writing to it.'));
  });

  it('a partial view counts as not read', async () => {
    const { ctx: c } = ctx({ 'a.txt': 'one\n' });
    const state = new MemoryReadState({ '/repo/a.txt': { text: 'one\n', partialView: true } });
    const out = await createEdit(state).run({ file_path: '/repo/a.txt', old_string: 'one', new_string: 'two' }, c);
    expect(out.ok ? null : out.error).toEqual(useError('File has not been read yet. Read it first before writing to it.'));
  });

  it('a file changed since it was read is refused', async () => {
    const { ctx: c } = ctx({ 'a.txt': 'one\n' });
    const out = await createEdit(new MemoryReadState({ '/repo/a.txt': 'zero\n' })).run({ file_path: '/repo/a.txt', old_string: 'one', new_string: 'two' }, c);
    expect(out.ok ? null : out.error).toEqual(
      useError('File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.'),
    );
  });

  it('a file read as it is now may be edited; the key is the absolute path, also for a relative call path', async () => {
    const { ctx: c } = ctx({ 'a.txt': 'one\r\n' });
    const out = await createEdit(new MemoryReadState({ '/repo/a.txt': 'one\n' })).run({ file_path: 'a.txt', old_string: 'one', new_string: 'two' }, c);
    expect(out.ok ? out.result : out.error).toEqual({ output: 'The file a.txt has been updated successfully.' });
  });

  it('creating a missing file needs no read; filling an unread blank file fails in call(), unwrapped', async () => {
    const { ctx: c } = ctx({ 'blank.txt': '' });
    const state = new MemoryReadState();
    const created = await createEdit(state).run({ file_path: '/repo/new.txt', old_string: '', new_string: 'x' }, c);
    expect(created.ok).toBe(true);
    const filled = await createEdit(state).run({ file_path: '/repo/blank.txt', old_string: '', new_string: 'x' }, c);
    expect(filled.ok ? null : filled.error).toEqual({ code: 'call_error', message: 'File has been unexpectedly modified. Read it again before attempting to write it.' });
  });

  it('the read check comes after the notebook check and before matching', async () => {
    const { ctx: c } = ctx({ 'n.ipynb': '{}', 'a.txt': 'x' });
    const state = new MemoryReadState();
    const nb = await createEdit(state).run({ file_path: '/repo/n.ipynb', old_string: '{', new_string: '[' }, c);
    expect(nb.ok ? null : nb.error).toEqual(useError('File is a Jupyter Notebook. Use the NotebookEdit to edit this file.'));
    const absent = await createEdit(state).run({ file_path: '/repo/a.txt', old_string: 'nope', new_string: 'y' }, c);
    expect(absent.ok ? null : absent.error).toEqual(useError('File has not been read yet. Read it first before writing to it.'));
  });
});
