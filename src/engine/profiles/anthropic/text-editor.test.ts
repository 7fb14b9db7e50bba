// The Anthropic text editor profiles: validate_path, view and create (SPEC 11; reference:
// anthropic-quickstarts computer-use-demo/computer_use_demo/tools/edit.py). Expected texts are the
// reference's, as CPython 3.11 running that file prints them. The harness checks that every staged diff applies
// and that a failed call changes no byte.

import { describe, expect, it } from 'vitest';
import { okResult, run, stagedFile, toolError, utf8, type Ran } from '../../../../tests/support/harness';

const TOOL = 'str_replace_based_edit_tool';
const OLD_TOOL = 'str_replace_editor';
const output = (r: Ran): string => okResult<{ output: string }>(r).output;
const ToolError = (message: string) => ({ code: 'ToolError', message });
const INVALID_INPUT =
  'The reference checks no input types: a value of another JSON type (null included) reaches its Python code as it is, where it is taken for an omitted argument (null) or mostly fails with an exception its agent loop does not catch';

describe('validate_path runs first, in the reference\'s order', () => {
  it('a relative path is refused with the suggestion (the same path: the reference joins it to an empty Path)', async () => {
    const r = await run(TOOL, { command: 'view', path: 'relative/path.txt' });
    expect(toolError(r)).toEqual(ToolError('The path relative/path.txt is not an absolute path, it should start with `/`. Maybe you meant relative/path.txt?'));
    expect(toolError(await run(TOOL, { command: 'view', path: '' }))).toEqual(ToolError('The path . is not an absolute path, it should start with `/`. Maybe you meant .?'));
  });

  it('a missing path is refused for every command but create, before the command is even recognised', async () => {
    const message = 'The path /nonexistent/file.txt does not exist. Please provide a valid path.';
    expect(toolError(await run(TOOL, { command: 'view', path: '/nonexistent/file.txt' }))).toEqual(ToolError(message));
    expect(toolError(await run(TOOL, { command: 'no_such_command', path: '/nonexistent/file.txt' }))).toEqual(ToolError(message));
  });

  it('create never overwrites, not even a folder', async () => {
    const files = { 'existing/file.txt': 'x' };
    expect(toolError(await run(TOOL, { command: 'create', path: '/existing/file.txt', file_text: 'y' }, files))).toEqual(
      ToolError('File already exists at: /existing/file.txt. Cannot overwrite files using command `create`.'),
    );
    expect(toolError(await run(TOOL, { command: 'create', path: '/existing' }, files))).toEqual(
      ToolError('File already exists at: /existing. Cannot overwrite files using command `create`.'),
    );
  });

  it('a folder takes only view', async () => {
    const r = await run(TOOL, { command: 'str_replace', path: '/directory/path/', old_str: 'x' }, { 'directory/path/a': '' });
    expect(toolError(r)).toEqual(ToolError('The path /directory/path is a directory and only the `view` command can be used on directories'));
  });

  it('an unknown command lists the version\'s commands; undo_edit exists only in str_replace_editor', async () => {
    const files = { 'a.txt': 'x' };
    expect(toolError(await run(TOOL, { command: 'undo_edit', path: '/a.txt' }, files))).toEqual(
      ToolError('Unrecognized command undo_edit. The allowed commands for the str_replace_based_edit_tool tool are: view, create, str_replace, insert'),
    );
    expect(toolError(await run(OLD_TOOL, { command: 'VIEW', path: '/a.txt' }, files))).toEqual(
      ToolError('Unrecognized command VIEW. The allowed commands for the str_replace_editor tool are: view, create, str_replace, insert, undo_edit'),
    );
  });

  it('paths read as str(Path) does: repeated slashes, `.` and a trailing slash go, `..` stays', async () => {
    const r = await run(TOOL, { command: 'view', path: '/test//./file.txt/' }, { 'test/file.txt': 'x' });
    expect(output(r)).toBe("Here's the result of running `cat -n` on /test/file.txt:\n     1\tx\n");
    expect(toolError(await run(TOOL, { command: 'view', path: '/a/../b.txt' }))).toEqual(ToolError('The path /a/../b.txt does not exist. Please provide a valid path.'));
  });
});

describe('view of a file: cat -n, never writing', () => {
  it('numbers every line and expands tabs in the text it shows', async () => {
    const r = await run(TOOL, { command: 'view', path: '/test/file.txt' }, { 'test/file.txt': 'File content\n\tindented\n' });
    expect(output(r)).toBe("Here's the result of running `cat -n` on /test/file.txt:\n     1\tFile content\n     2\t        indented\n     3\t\n");
    expect(r.outcome.ok && r.outcome.writes).toBe(false);
    expect(r.outcome.stage.files).toEqual([]);
  });

  it('view_range [2, 3] shows lines 2-3 numbered from 2; -1 reads to the end', async () => {
    const files = { 'test/file.txt': 'Line 1\nLine 2\nLine 3\nLine 4' };
    expect(output(await run(TOOL, { command: 'view', path: '/test/file.txt', view_range: [2, 3] }, files))).toBe(
      "Here's the result of running `cat -n` on /test/file.txt:\n     2\tLine 2\n     3\tLine 3\n",
    );
    expect(output(await run(TOOL, { command: 'view', path: '/test/file.txt', view_range: [3, -1] }, files))).toBe(
      "Here's the result of running `cat -n` on /test/file.txt:\n     3\tLine 3\n     4\tLine 4\n",
    );
  });

  it('view_range errors, each with its own text', async () => {
    const files = { 'test/file.txt': 'Line 1\nLine 2\nLine 3\nLine 4' };
    const view = async (view_range: unknown) => toolError(await run(TOOL, { command: 'view', path: '/test/file.txt', view_range }, files));
    expect(await view([3, 2])).toEqual(ToolError('Invalid `view_range`: [3, 2]. Its second element `2` should be larger or equal than its first `3`'));
    expect(await view([0, 2])).toEqual(ToolError('Invalid `view_range`: [0, 2]. Its first element `0` should be within the range of lines of the file: [1, 4]'));
    expect(await view([5, 5])).toEqual(ToolError('Invalid `view_range`: [5, 5]. Its first element `5` should be within the range of lines of the file: [1, 4]'));
    expect(await view([2, 9])).toEqual(ToolError('Invalid `view_range`: [2, 9]. Its second element `9` should be smaller than the number of lines in the file: `4`'));
    expect(await view([false, 2])).toEqual(ToolError('Invalid `view_range`: [False, 2]. Its first element `False` should be within the range of lines of the file: [1, 4]'));
    for (const bad of [[1, 2, 3], [1], ['1', 2], [1, 2.5], [null, 2]]) {
      expect(await view(bad)).toEqual(ToolError('Invalid `view_range`. It should be a list of two integers.'));
    }
  });

  it('an empty view_range shows the whole file; a view_range that is no list is invalid input', async () => {
    const files = { 'f.txt': 'x' };
    expect(output(await run(TOOL, { command: 'view', path: '/f.txt', view_range: [] }, files))).toBe("Here's the result of running `cat -n` on /f.txt:\n     1\tx\n");
    expect(output(await run(TOOL, { command: 'view', path: '/f.txt', view_range: [true, true] }, files))).toBe("Here's the result of running `cat -n` on /f.txt:\n     1\tx\n");
    const r = await run(TOOL, { command: 'view', path: '/f.txt', view_range: '1,2' }, files);
    expect(toolError(r)).toEqual({ code: 'InvalidInput', message: 'Invalid input: view_range: expected array, received string' });
    expect(r.outcome.warnings).toEqual([INVALID_INPUT]);
  });

  it('the shown text is clipped after 16,000 characters with the reference\'s notice; max_characters sets the cut', async () => {
    const files = { 'big.txt': `${'a'.repeat(16000)}bc` };
    const clipped = '<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>';
    expect(output(await run(TOOL, { command: 'view', path: '/big.txt' }, files))).toBe(`Here's the result of running \`cat -n\` on /big.txt:\n     1\t${'a'.repeat(16000)}${clipped}\n`);
    expect(output(await run(TOOL, { command: 'view', path: '/big.txt', max_characters: 3 }, files))).toBe(`Here's the result of running \`cat -n\` on /big.txt:\n     1\taaa${clipped}\n`);
    const r = await run(OLD_TOOL, { command: 'view', path: '/big.txt', max_characters: 3 }, files);
    expect(output(r)).toBe(`Here's the result of running \`cat -n\` on /big.txt:\n     1\t${'a'.repeat(16000)}${clipped}\n`);
    expect(r.outcome.warnings).toEqual(['The tool ignores a field it does not know: max_characters']);
  });

  it('reads as Python does: CRLF and a lone CR are line breaks, a BOM is a character, NUL is text', async () => {
    const r = await run(TOOL, { command: 'view', path: '/w.txt' }, { 'w.txt': utf8('\uFEFFa\r\nb\rc\u0000\n') });
    expect(output(r)).toBe("Here's the result of running `cat -n` on /w.txt:\n     1\t\uFEFFa\n     2\tb\n     3\tc\u0000\n     4\t\n");
  });

  it('bytes that are not UTF-8 answer with Python\'s UnicodeDecodeError text', async () => {
    const r = await run(TOOL, { command: 'view', path: '/x.bin' }, { 'x.bin': Uint8Array.of(0x6f, 0x6b, 0xe4, 0xb8) });
    expect(toolError(r)).toEqual(ToolError("Ran into 'utf-8' codec can't decode bytes in position 2-3: unexpected end of data while trying to read /x.bin"));
  });

  it('an unreadable file answers with Python\'s PermissionError text', async () => {
    const r = await run(TOOL, { command: 'view', path: '/secret' }, { secret: 'x' }, { fs: { denyRead: ['secret'] } });
    expect(toolError(r)).toEqual(ToolError("Ran into [Errno 13] Permission denied: '/secret' while trying to read /secret"));
  });
});

describe('view of a folder: find -maxdepth 2 without hidden paths, siblings sorted', () => {
  const tree = { 'test/dir/file2.txt': '', 'test/dir/file1.txt': '', 'test/dir/.hidden': '', 'test/dir/.git/config': '', 'test/dir/sub/b.txt': '', 'test/dir/sub/deep/c.txt': '' };

  it('lists the folder, its entries and theirs, in pre-order', async () => {
    const r = await run(TOOL, { command: 'view', path: '/test/dir' }, tree);
    expect(output(r)).toBe(
      "Here's the files and directories up to 2 levels deep in /test/dir, excluding hidden items:\n" +
        '/test/dir\n/test/dir/file1.txt\n/test/dir/file2.txt\n/test/dir/sub\n/test/dir/sub/b.txt\n/test/dir/sub/deep\n\n',
    );
    expect(r.outcome.ok && r.outcome.writes).toBe(false);
  });

  it('a hidden folder lists nothing, not even itself (every path has "/." in it)', async () => {
    expect(output(await run(TOOL, { command: 'view', path: '/test/dir/.git' }, tree))).toBe(
      "Here's the files and directories up to 2 levels deep in /test/dir/.git, excluding hidden items:\n\n",
    );
  });

  it('view_range is refused for a folder', async () => {
    expect(toolError(await run(TOOL, { command: 'view', path: '/test/dir', view_range: [1, 2] }, tree))).toEqual(
      ToolError('The `view_range` parameter is not allowed when `path` points to a directory.'),
    );
  });

  it('an unreadable subfolder is find\'s stderr, which the demo returns as the error', async () => {
    const r = await run(TOOL, { command: 'view', path: '/test/dir' }, tree, { fs: { denyRead: ['test/dir/sub'] } });
    expect(toolError(r)).toEqual(ToolError('find: \u2018/test/dir/sub\u2019: Permission denied\n'));
  });
});

describe('create', () => {
  it('writes file_text as given, byte for byte', async () => {
    const r = await run(TOOL, { command: 'create', path: '/test/newfile.txt', file_text: 'New\tfile\r\ncontent' }, { 'test/old': '' });
    expect(output(r)).toBe('File created successfully at: /test/newfile.txt');
    expect(r.after['test/newfile.txt']).toBe('New\tfile\r\ncontent');
    expect(stagedFile(r).created).toBe(true);
  });

  it('needs file_text', async () => {
    expect(toolError(await run(TOOL, { command: 'create', path: '/test/newfile.txt' }))).toEqual(ToolError('Parameter `file_text` is required for command: create'));
  });

  it('creates no folder: a missing parent is ENOENT, a file in the way ENOTDIR', async () => {
    expect(toolError(await run(TOOL, { command: 'create', path: '/no/dir/x.txt', file_text: 'x' }))).toEqual(
      ToolError("Ran into [Errno 2] No such file or directory: '/no/dir/x.txt' while trying to write to /no/dir/x.txt"),
    );
    expect(toolError(await run(TOOL, { command: 'create', path: '/f/x.txt', file_text: 'x' }, { f: '' }))).toEqual(
      ToolError("Ran into [Errno 20] Not a directory: '/f/x.txt' while trying to write to /f/x.txt"),
    );
  });

  it('text that cannot be encoded fails as Python\'s write does, and the warning says the reference left an empty file', async () => {
    const r = await run(TOOL, { command: 'create', path: '/s.txt', file_text: '\u{1F600}\ud800' });
    expect(toolError(r)).toEqual(ToolError("Ran into 'utf-8' codec can't encode character '\\ud800' in position 1: surrogates not allowed while trying to write to /s.txt"));
    expect(r.outcome.warnings).toEqual([
      'The reference would have left /s.txt empty: write_text opens the file for writing (emptying or creating it) before the text fails to encode',
    ]);
  });
});
