// Profile `Write`: Claude Code 2.1.88's Write tool (src/tools/FileWriteTool/FileWriteTool.ts).

import { describe, expect, it } from 'vitest';
import { MemoryReadState } from './read-state';
import { createWrite, write } from './write';
import { profileContext } from '../../run';
import { MemoryFs } from '../../../workspace/memory-fs';
import { latin1, okResult, run, stagedFile, toolError, utf8, withBom, type Ran } from '../../../../tests/support/harness';

const output = (r: Ran): string => okResult<{ output: string }>(r).output;
const useError = (text: string) => ({ code: 'tool_use_error', message: `<tool_use_error>${text}</tool_use_error>` });
const writeCall = (input: unknown, files: Record<string, string | Uint8Array> = {}, options = {}) => run('Write', input, files, { gnu: false, options });
const NOT_READ = useError('File has not been read yet. Read it first before writing to it.');

describe('input', () => {
  it('a mistyped content and an unknown field', async () => {
    expect(toolError(await writeCall({ file_path: '/a', content: ['x'], mode: 'w' }))).toEqual(
      useError(
        'InputValidationError: Write failed due to the following issues:\nAn unexpected parameter `mode` was provided\nThe parameter `content` type is expected as `string` but provided as `array`',
      ),
    );
  });

  it('a NUL byte in the path', async () => {
    expect(toolError(await writeCall({ file_path: '/a\0', content: 'x' }))).toEqual(useError('Error calling tool (Write): Path contains null bytes'));
  });
});

describe('what is written', () => {
  it('content with CRLF endings is written as given, and the stage holds it as its LF view', async () => {
    const r = await writeCall({ file_path: '/w.txt', content: 'a\r\nb\r\n' });
    expect(r.after['w.txt']).toBe('a\r\nb\r\n');
    expect(stagedFile(r).finalText).toBe('a\nb\n');
    expect(stagedFile(r).shape).toEqual({ bom: false, eol: '\r\n' });
  });

  it('content with mixed endings is written byte for byte', async () => {
    const r = await writeCall({ file_path: '/w.txt', content: 'a\r\nb\nc' });
    expect(r.after['w.txt']).toBe('a\r\nb\nc');
  });

  it('a BOM of the old file is not kept', async () => {
    const r = await writeCall({ file_path: '/b.txt', content: 'new\n' }, { 'b.txt': withBom('old\n') });
    expect(r.after['b.txt']).toBe('new\n');
    expect(output(r)).toBe('The file /b.txt has been updated successfully.');
    expect(r.outcome.warnings).toEqual(['/b.txt: the UTF-8 byte order mark is dropped: Write writes content as given']);
  });

  it('a file holding only a BOM is not empty: the write is an update', async () => {
    const r = await writeCall({ file_path: '/b.txt', content: '\uFEFFx' }, { 'b.txt': withBom('') });
    expect(output(r)).toBe('The file /b.txt has been updated successfully.');
    expect(r.after['b.txt']).toBe(latin1(withBom('x')));
    expect(r.outcome.warnings).toEqual([]);
  });

  it('trailing whitespace goes from every line, the last one too, but not from .mdx', async () => {
    expect((await writeCall({ file_path: '/a.ts', content: 'a \nb\t' })).after['a.ts']).toBe('a\nb');
    expect((await writeCall({ file_path: '/a.MDX', content: 'a \nb\t' })).after['a.MDX']).toBe('a \nb\t');
  });

  it('the stage is one whole-file step over the old lines', async () => {
    const r = await writeCall({ file_path: '/a', content: 'x\n' }, { a: 'one\ntwo\n' });
    const f = stagedFile(r);
    expect(f.wholeWrite).toBe(true);
    expect(f.steps).toEqual([{ editIndex: 0, replacements: [{ start: 0, end: 8, text: 'x\n' }], lineRanges: [{ start: 1, end: 2 }], strategy: 'exact' }]);
  });

  it('a directory in the way fails in call(), unwrapped', async () => {
    expect(toolError(await writeCall({ file_path: '/d', content: 'x' }, { 'd/f': 'y' }))).toEqual({ code: 'call_error', message: 'EISDIR: illegal operation on a directory, read' });
  });

  it('a non-UTF-8 file is the playground\'s refusal', async () => {
    expect(toolError(await writeCall({ file_path: '/b', content: 'x' }, { b: Uint8Array.of(0x80, 0) })).code).toBe('BINARY_FILE');
  });
});

describe('read-before-write (an injected read state)', () => {
  const setup = (files: Record<string, string>) => profileContext(new MemoryFs(files), { mount: '/' });

  it('a new file needs no read', async () => {
    const out = await createWrite(new MemoryReadState()).run({ file_path: '/n.txt', content: 'x' }, setup({}));
    expect(out.ok ? out.result : out.error).toEqual({ output: 'File created successfully at: /n.txt' });
  });

  it('an existing file not read, read partly, or changed since is refused', async () => {
    const ctx = setup({ 'a.txt': 'one\n', 'd/f': '' });
    const call = { file_path: '/a.txt', content: 'two\n' };
    const error = async (state: MemoryReadState, input: unknown = call) => {
      const out = await createWrite(state).run(input, ctx);
      return out.ok ? null : out.error;
    };
    expect(await error(new MemoryReadState())).toEqual(NOT_READ);
    expect(await error(new MemoryReadState({ '/a.txt': { text: 'one\n', partialView: true } }))).toEqual(NOT_READ);
    expect(await error(new MemoryReadState({ '/a.txt': 'zero\n' }))).toEqual(
      useError('File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.'),
    );
    expect(await error(new MemoryReadState(), { file_path: '/d', content: 'x' })).toEqual(NOT_READ);
  });

  it('an existing file read as it is now is replaced', async () => {
    const out = await createWrite(new MemoryReadState({ '/a.txt': 'one\n' })).run({ file_path: '/a.txt', content: 'two\n' }, setup({ 'a.txt': 'one\n' }));
    expect(out.ok ? out.result : out.error).toEqual({ output: 'The file /a.txt has been updated successfully.' });
  });

  it('the default profile counts every file as read', async () => {
    const out = await write.run({ file_path: '/a.txt', content: 'two\n' }, setup({ 'a.txt': 'one\n' }));
    expect(out.ok).toBe(true);
    expect(utf8('two\n')).toEqual(utf8(out.stage.files[0]!.finalText));
  });
});
