// The Anthropic text editor profiles: str_replace, insert, undo_edit, input and the mount
// (SPEC 11; reference: anthropic-quickstarts computer-use-demo/computer_use_demo/tools/edit.py).
// Expected texts are the reference's, as CPython 3.11 running that file prints them. The harness checks that every staged diff applies
// and that a failed call changes no byte.

import { describe, expect, it } from 'vitest';
import { profileContext } from '../../run';
import { MemoryEditHistory } from './history';
import { runTextEditor, TEXT_EDITOR_VARIANTS, textEditorSchema } from './text-editor';
import { UNCAUGHT_WARNING } from './uncaught';
import { MemoryFs } from '../../../workspace/memory-fs';
import { okResult, run, stagedFile, toolError, utf8, type Ran } from '../../../../tests/support/harness';

const TOOL = 'str_replace_based_edit_tool';
const OLD_TOOL = 'str_replace_editor';
const output = (r: Ran): string => okResult<{ output: string }>(r).output;
const ToolError = (message: string) => ({ code: 'ToolError', message });
const INVALID_INPUT =
  'The reference checks no input types: a value of another JSON type (null included) reaches its Python code as it is, where it is taken for an omitted argument (null) or mostly fails with an exception its agent loop does not catch';
const FIVE = 'Line 1\nLine 2\nLine 3\nLine 4\nLine 5\n';
const REVIEW = 'Review the changes and make sure they are as expected. Edit the file again if necessary.';
const REVIEW_INSERT = 'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.';

describe('str_replace', () => {
  it('replaces the one occurrence and shows 4 lines around it', async () => {
    const file = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const r = await run(TOOL, { command: 'str_replace', path: '/a.txt', old_str: 'line 7\n', new_str: 'seven\nSEVEN\n' }, { 'a.txt': file });
    expect(output(r)).toBe(
      "The file /a.txt has been edited. Here's the result of running `cat -n` on a snippet of /a.txt:\n" +
        '     3\tline 3\n     4\tline 4\n     5\tline 5\n     6\tline 6\n     7\tseven\n     8\tSEVEN\n     9\tline 8\n    10\tline 9\n    11\tline 10\n    12\tline 11\n    13\tline 12\n' +
        REVIEW,
    );
    expect(r.after['a.txt']).toBe(file.replace('line 7\n', 'seven\nSEVEN\n'));
    expect(r.outcome.warnings).toEqual([]);
  });

  it('Original content → New content (edit_test.py), new_str omitted deletes', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/test/file.txt', old_str: 'Original', new_str: 'New' }, { 'test/file.txt': 'Original content' });
    expect(output(r)).toBe("The file /test/file.txt has been edited. Here's the result of running `cat -n` on a snippet of /test/file.txt:\n     1\tNew content\n" + REVIEW);
    expect(r.after['test/file.txt']).toBe('New content');
    expect((await run(TOOL, { command: 'str_replace', path: '/f', old_str: ' content' }, { f: 'Original content' })).after.f).toBe('Original');
  });

  it('not found: the message quotes old_str after expandtabs', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/f', old_str: 'zz\tq', new_str: '' }, { f: 'a\tb\n' });
    expect(toolError(r)).toEqual(ToolError('No replacement was performed, old_str `zz      q` did not appear verbatim in /f.'));
  });

  it('several occurrences: the lines holding one, as a Python list ([] when old_str spans lines)', async () => {
    expect(toolError(await run(TOOL, { command: 'str_replace', path: '/f', old_str: 'test', new_str: 'x' }, { f: 'Test test test\nno\ntest\n' }))).toEqual(
      ToolError('No replacement was performed. Multiple occurrences of old_str `test` in lines [1, 3]. Please ensure it is unique'),
    );
    expect(toolError(await run(TOOL, { command: 'str_replace', path: '/f', old_str: 'a\nb', new_str: 'x' }, { f: 'a\nb\na\nb\n' }))).toEqual(
      ToolError('No replacement was performed. Multiple occurrences of old_str `a\nb` in lines []. Please ensure it is unique'),
    );
    expect(toolError(await run(TOOL, { command: 'str_replace', path: '/f', old_str: '', new_str: 'x' }, { f: 'a\nb' }))).toEqual(
      ToolError('No replacement was performed. Multiple occurrences of old_str `` in lines [1, 2]. Please ensure it is unique'),
    );
  });

  it('occurrences are counted without overlap: "aa" occurs once in "aaa"', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/f', old_str: 'aa', new_str: 'X' }, { f: 'aaa\n' });
    expect(r.after.f).toBe('Xa\n');
  });

  it('an empty old_str in an empty file: the reference writes, then raises ValueError; nothing is written here', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/e', old_str: '', new_str: 'Q' }, { e: '' });
    expect(toolError(r)).toEqual({ code: 'ValueError', message: 'empty separator' });
    expect(r.outcome.warnings).toEqual([UNCAUGHT_WARNING, 'The reference would have written /e with new_str as its whole content before raising']);
  });

  it('needs old_str', async () => {
    expect(toolError(await run(TOOL, { command: 'str_replace', path: '/f', new_str: 'x' }, { f: '' }))).toEqual(ToolError('Parameter `old_str` is required for command: str_replace'));
  });

  it('new_str is literal: $& and $1 are written as they are', async () => {
    expect((await run(TOOL, { command: 'str_replace', path: '/f', old_str: 'b', new_str: '$& $1 $$' }, { f: 'a b\n' })).after.f).toBe('a $& $1 $$\n');
  });
});

describe('bytes no edit asked for: the stage shows them, a warning names them', () => {
  it('a tab-indented file comes back with spaces everywhere: an expandtabs step precedes the edit', async () => {
    const file = 'def f():\n\tif x:\n\t\treturn 1\n';
    const r = await run(TOOL, { command: 'str_replace', path: '/t.py', old_str: '\t\treturn 1', new_str: '\t\treturn 2' }, { 't.py': file });
    expect(r.after['t.py']).toBe('def f():\n        if x:\n                return 2\n');
    const f = stagedFile(r);
    expect(f.steps).toEqual([
      {
        editIndex: 0,
        replacements: [
          { start: 9, end: 10, text: '        ' },
          { start: 16, end: 18, text: '                ' },
        ],
        lineRanges: [
          { start: 2, end: 2 },
          { start: 3, end: 3 },
        ],
        strategy: 'expandtabs',
        rewrite: true,
        label: 'expandtabs(): every tab becomes spaces',
      },
      { editIndex: 0, replacements: [{ start: 23, end: 47, text: '                return 2' }], lineRanges: [{ start: 3, end: 3 }], strategy: 'exact' },
    ]);
    expect(r.outcome.warnings).toEqual([
      '/t.py: the reference runs expandtabs() on the whole file: 3 tabs on 2 lines became spaces (tab stops every 8 columns)',
      'old_str: the reference expands its 2 tabs to spaces before matching (expandtabs())',
      'new_str: the reference expands its 2 tabs to spaces (expandtabs())',
    ]);
  });

  it('a CRLF file is written whole with LF', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/w.txt', old_str: 'two', new_str: '2' }, { 'w.txt': 'one\r\ntwo\r\nthree\r\n' });
    expect(r.after['w.txt']).toBe('one\n2\nthree\n');
    expect(stagedFile(r).wholeWrite).toBe(true);
    expect(r.outcome.warnings).toEqual(['/w.txt: the reference reads the file with universal newlines and writes it with LF: 3 CRLF line endings become LF']);
  });

  it('a lone CR becomes LF in a step of its own', async () => {
    const r = await run(TOOL, { command: 'insert', path: '/m.txt', insert_line: 2, new_str: 'X' }, { 'm.txt': 'a\rb\rc' });
    expect(r.after['m.txt']).toBe('a\nb\nX\nc');
    expect(stagedFile(r).steps[0]).toEqual({
      editIndex: 0,
      replacements: [
        { start: 1, end: 2, text: '\n' },
        { start: 3, end: 4, text: '\n' },
      ],
      lineRanges: [
        { start: 1, end: 1 },
        { start: 1, end: 1 },
      ],
      strategy: 'universal-newlines',
      rewrite: true,
      label: 'Universal newlines: each lone CR becomes LF',
    });
    expect(r.outcome.warnings).toEqual(['/m.txt: the reference reads a lone CR as a line break and writes LF: 2 lone CR line endings become LF']);
  });

  it('old_str with CRLF never matches a file read with universal newlines', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/w.txt', old_str: 'one\r\ntwo', new_str: 'x' }, { 'w.txt': 'one\r\ntwo\r\n' });
    expect(toolError(r)).toEqual(ToolError('No replacement was performed, old_str `one\r\ntwo` did not appear verbatim in /w.txt.'));
  });

  it('a BOM is an ordinary character: kept in place, and moved by an insert at line 0', async () => {
    const files = { 'b.txt': utf8('\uFEFFhello\n') };
    expect((await run(TOOL, { command: 'str_replace', path: '/b.txt', old_str: 'hello', new_str: 'HI' }, files)).after['b.txt']).toBe('\u00ef\u00bb\u00bfHI\n');
    const r = await run(TOOL, { command: 'insert', path: '/b.txt', insert_line: 0, new_str: 'first' }, files);
    expect(r.after['b.txt']).toBe('first\n\u00ef\u00bb\u00bfhello\n');
    expect(r.outcome.warnings).toEqual(['/b.txt: the reference reads the UTF-8 byte order mark as an ordinary character (U+FEFF); it is no longer at the start of the file']);
  });
});

describe('insert', () => {
  it('inserts after line 2 (edit_test.py) and shows the snippet', async () => {
    const r = await run(TOOL, { command: 'insert', path: '/test/file.txt', insert_line: 2, new_str: 'New Line' }, { 'test/file.txt': 'Line 1\nLine 2\nLine 3' });
    expect(r.after['test/file.txt']).toBe('Line 1\nLine 2\nNew Line\nLine 3');
    expect(output(r)).toBe(
      "The file /test/file.txt has been edited. Here's the result of running `cat -n` on a snippet of the edited file:\n     1\tLine 1\n     2\tLine 2\n     3\tNew Line\n     4\tLine 3\n" +
        REVIEW_INSERT,
    );
  });

  it('line 0 is the top; the line count is the end; the snippet starts 3 lines above', async () => {
    expect((await run(TOOL, { command: 'insert', path: '/f', insert_line: 0, new_str: 'New First Line' }, { f: 'Line 1\nLine 2' })).after.f).toBe('New First Line\nLine 1\nLine 2');
    expect((await run(TOOL, { command: 'insert', path: '/f', insert_line: 2, new_str: 'New Last Line' }, { f: 'Line 1\nLine 2' })).after.f).toBe('Line 1\nLine 2\nNew Last Line');
    const r = await run(TOOL, { command: 'insert', path: '/f', insert_line: 6, new_str: 'X' }, { f: FIVE });
    expect(r.after.f).toBe(`${FIVE}\nX`);
    expect(output(r)).toBe(
      "The file /f has been edited. Here's the result of running `cat -n` on a snippet of the edited file:\n     3\tLine 3\n     4\tLine 4\n     5\tLine 5\n     6\t\n     7\tX\n" + REVIEW_INSERT,
    );
  });

  it('insert_line outside [0, lines] is refused', async () => {
    expect(toolError(await run(TOOL, { command: 'insert', path: '/f', insert_line: 5, new_str: 'Invalid Line' }, { f: 'Line 1\nLine 2' }))).toEqual(
      ToolError('Invalid `insert_line` parameter: 5. It should be within the range of lines of the file: [0, 2]'),
    );
    expect(toolError(await run(TOOL, { command: 'insert', path: '/f', insert_line: -1, new_str: 'x' }, { f: 'a\n' }))).toEqual(
      ToolError('Invalid `insert_line` parameter: -1. It should be within the range of lines of the file: [0, 2]'),
    );
  });

  it('needs insert_line, then new_str', async () => {
    expect(toolError(await run(TOOL, { command: 'insert', path: '/f' }, { f: '' }))).toEqual(ToolError('Parameter `insert_line` is required for command: insert'));
    expect(toolError(await run(TOOL, { command: 'insert', path: '/f', insert_line: 0 }, { f: '' }))).toEqual(ToolError('Parameter `new_str` is required for command: insert'));
  });

  it('insert_text (what Claude 4 models are reported to send) is not new_str: the reference asks for new_str', async () => {
    const r = await run(TOOL, { command: 'insert', path: '/f', insert_line: 0, insert_text: 'x' }, { f: '' });
    expect(toolError(r)).toEqual(ToolError('Parameter `new_str` is required for command: insert'));
    expect(r.outcome.warnings).toEqual(['The tool ignores a field it does not know: insert_text']);
  });
});

describe('undo_edit keeps the reference\'s per-file history (a parameter, for sessions)', () => {
  it('in a single call there is no history', async () => {
    expect(toolError(await run(OLD_TOOL, { command: 'undo_edit', path: '/test/file.txt' }, { 'test/file.txt': 'x' }))).toEqual(ToolError('No edit history found for /test/file.txt.'));
  });

  it('with a history, it writes back the text before the last edit (tabs already expanded)', async () => {
    const fs = new MemoryFs({ 'a.txt': 'one\ttwo\n' });
    const variant = TEXT_EDITOR_VARIANTS.str_replace_editor;
    const schema = textEditorSchema(variant);
    const history = new MemoryEditHistory();
    const ctx = profileContext(fs);
    const edit = await runTextEditor(variant, schema, { command: 'str_replace', path: '/a.txt', old_str: 'two', new_str: '2' }, ctx, history);
    expect(edit.ok).toBe(true);
    fs.files.set('a.txt', utf8('one     2\n'));
    const undo = await runTextEditor(variant, schema, { command: 'undo_edit', path: '/a.txt' }, ctx, history);
    expect(undo.ok && undo.result).toEqual({ output: "Last edit to /a.txt undone successfully. Here's the result of running `cat -n` on /a.txt:\n     1\tone     two\n     2\t\n" });
    expect(undo.ok && undo.stage.files[0]!.finalText).toBe('one     two\n');
    const again = await runTextEditor(variant, schema, { command: 'undo_edit', path: '/a.txt' }, ctx, history);
    expect(!again.ok && again.error).toEqual(ToolError('No edit history found for /a.txt.'));
  });
});

describe('input the reference cannot bind or does not check', () => {
  it('a missing command or path is the TypeError Python raises when binding the call', async () => {
    const r = await run(TOOL, { path: '/a' });
    expect(toolError(r)).toEqual({ code: 'TypeError', message: "EditTool20250429.__call__() missing 1 required keyword-only argument: 'command'" });
    expect(r.outcome.warnings).toEqual([UNCAUGHT_WARNING]);
    expect(toolError(await run(OLD_TOOL, {}))).toEqual({ code: 'TypeError', message: "EditTool20250124.__call__() missing 2 required keyword-only arguments: 'command' and 'path'" });
  });

  it('a value of the wrong JSON type is invalid input naming the field', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/f', old_str: 5 }, { f: '' });
    expect(toolError(r)).toEqual({ code: 'InvalidInput', message: 'Invalid input: old_str: expected string, received number' });
    expect(r.outcome.warnings).toEqual([INVALID_INPUT]);
    expect(toolError(await run(TOOL, [1, 2]))).toEqual({ code: 'InvalidInput', message: 'Invalid input: input: expected an object of arguments' });
  });

  it('null is invalid input, though the reference would take it for an omitted argument', async () => {
    const r = await run(TOOL, { command: 'create', path: '/n', file_text: null });
    expect(toolError(r)).toEqual({ code: 'InvalidInput', message: 'Invalid input: file_text: expected string, received null' });
    expect(r.outcome.warnings).toEqual([INVALID_INPUT]);
  });

  it('keys named like Object.prototype members are plain unknown fields', async () => {
    const input = JSON.parse('{"command":"view","path":"/f","constructor":1,"__proto__":{"file_text":"x"},"toString":2}');
    const r = await run(TOOL, input, { f: 'x' });
    expect(output(r)).toBe("Here's the result of running `cat -n` on /f:\n     1\tx\n");
  });
});

describe('the mount', () => {
  it('call paths under the mount reach the workspace and keep their full form in the texts', async () => {
    const r = await run(TOOL, { command: 'view', path: '/home/me/proj/a.txt' }, { 'a.txt': 'x' }, { options: { mount: '/home/me/proj' } });
    expect(output(r)).toBe("Here's the result of running `cat -n` on /home/me/proj/a.txt:\n     1\tx\n");
  });

  it('outside the mount nothing exists and nothing can be created', async () => {
    const options = { mount: '/home/me/proj' };
    const warning = '/etc/passwd is outside the mount /home/me/proj: the playground sees nothing there and writes nothing there';
    const view = await run(TOOL, { command: 'view', path: '/etc/passwd' }, {}, { options });
    expect(toolError(view)).toEqual(ToolError('The path /etc/passwd does not exist. Please provide a valid path.'));
    expect(view.outcome.warnings).toEqual([warning]);
    const create = await run(TOOL, { command: 'create', path: '/etc/passwd', file_text: 'x' }, {}, { options });
    expect(toolError(create)).toEqual(ToolError("Ran into [Errno 13] Permission denied: '/etc/passwd' while trying to write to /etc/passwd"));
    expect(create.outcome.warnings).toEqual([warning]);
  });
});
