// Anthropic's text editor tool (SPEC 11), reference anthropics/anthropic-quickstarts
// computer-use-demo/computer_use_demo/tools/edit.py at 44c2b5c97d6d91a07033691f12b3b5c5ca464c35.
// The reference's own tests (computer-use-demo/tests/tools/edit_test.py) mock pathlib and assert
// substrings; each is re-expressed here on a real in-memory workspace with the full text the
// reference returns (checked against the reference running under CPython 3.11). Cases citing
// edit.py cover the error rows its tests leave out. The two undo_edit tests that undo an earlier
// call need a session's history (issue 10); a single call has none.

import type { CaseError, ContractCaseData, ProfileSuite } from '../profile';
import { sweAgentCases } from './cases-swe-agent';

const TESTS = 'computer-use-demo/tests/tools/edit_test.py';
const EDIT = 'computer-use-demo/computer_use_demo/tools/edit.py';
const FOUR = 'Line 1\nLine 2\nLine 3\nLine 4';
const CAT = "Here's the result of running `cat -n` on";
const EDITED = 'Review the changes and make sure they are as expected. Edit the file again if necessary.';
const INSERTED = 'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.';
const UNCAUGHT =
  "The reference raises this exception outside its ToolError handling: it escapes the tool and stops the computer-use demo's agent loop, so the model receives no tool result";
const toolError = (message: string): CaseError => ({ code: 'ToolError', message });

type Case = ContractCaseData;

/** Cases that hold for every version of the tool. */
const shared: Case[] = [
  {
    id: 'view-file',
    title: 'view of a file numbers its lines as cat -n does',
    source: { document: TESTS, case: 'test_view_command: viewing a file that exists' },
    given: { files: { '/test/file.txt': 'File content' } },
    when: { command: 'view', path: '/test/file.txt' },
    then: { result: { output: `${CAT} /test/file.txt:\n     1\tFile content\n` }, warnings: [] },
  },
  {
    id: 'view-directory',
    title: 'view of a folder lists it two levels deep, without hidden entries (siblings sorted by name)',
    source: { document: TESTS, case: 'test_view_command: viewing a directory' },
    given: { files: { '/test/dir/file2.txt': '', '/test/dir/file1.txt': '', '/test/dir/.hidden': '', '/test/dir/sub/deep/x': '' } },
    when: { command: 'view', path: '/test/dir' },
    then: {
      result: {
        output:
          "Here's the files and directories up to 2 levels deep in /test/dir, excluding hidden items:\n" +
          '/test/dir\n/test/dir/file1.txt\n/test/dir/file2.txt\n/test/dir/sub\n/test/dir/sub/deep\n\n',
      },
    },
  },
  {
    id: 'view-range',
    title: 'view_range [2, 3] shows those lines, numbered from 2',
    source: { document: TESTS, case: 'test_view_command: viewing a file with a specific range' },
    given: { files: { '/test/file.txt': FOUR } },
    when: { command: 'view', path: '/test/file.txt', view_range: [2, 3] },
    then: { result: { output: `${CAT} /test/file.txt:\n     2\tLine 2\n     3\tLine 3\n` } },
  },
  {
    id: 'view-range-reversed',
    title: 'view_range [3, 2] is refused',
    source: { document: TESTS, case: 'test_view_command: viewing a file with an invalid range' },
    given: { files: { '/test/file.txt': FOUR } },
    when: { command: 'view', path: '/test/file.txt', view_range: [3, 2] },
    then: { error: toolError('Invalid `view_range`: [3, 2]. Its second element `2` should be larger or equal than its first `3`') },
  },
  {
    id: 'view-missing',
    title: 'view of a path that does not exist',
    source: { document: TESTS, case: 'test_view_command: viewing a non-existent file' },
    when: { command: 'view', path: '/nonexistent/file.txt' },
    then: { error: toolError('The path /nonexistent/file.txt does not exist. Please provide a valid path.') },
  },
  {
    id: 'view-directory-range',
    title: 'view_range is refused for a folder',
    source: { document: TESTS, case: 'test_view_command: viewing a directory with a view_range' },
    given: { files: { '/test/dir/a': '' } },
    when: { command: 'view', path: '/test/dir', view_range: [1, 2] },
    then: { error: toolError('The `view_range` parameter is not allowed when `path` points to a directory.') },
  },
  {
    id: 'view-range-not-two-ints',
    title: 'a view_range that is not two integers',
    source: { document: EDIT, case: 'view: Invalid `view_range`. It should be a list of two integers.' },
    given: { files: { '/test/file.txt': FOUR } },
    when: { command: 'view', path: '/test/file.txt', view_range: [1, 2, 3] },
    then: { error: toolError('Invalid `view_range`. It should be a list of two integers.') },
  },
  {
    id: 'view-range-first',
    title: 'a first line outside the file',
    source: { document: EDIT, case: 'view: Its first element ... should be within the range of lines of the file' },
    given: { files: { '/test/file.txt': FOUR } },
    when: { command: 'view', path: '/test/file.txt', view_range: [0, 2] },
    then: { error: toolError('Invalid `view_range`: [0, 2]. Its first element `0` should be within the range of lines of the file: [1, 4]') },
  },
  {
    id: 'view-range-second',
    title: 'a last line past the end',
    source: { document: EDIT, case: 'view: Its second element ... should be smaller than the number of lines in the file' },
    given: { files: { '/test/file.txt': FOUR } },
    when: { command: 'view', path: '/test/file.txt', view_range: [2, 9] },
    then: { error: toolError('Invalid `view_range`: [2, 9]. Its second element `9` should be smaller than the number of lines in the file: `4`') },
  },
  {
    id: 'view-not-utf8',
    title: 'a file that is not UTF-8: Python\'s UnicodeDecodeError, caught by read_file',
    source: { document: EDIT, case: 'read_file: Ran into {e} while trying to read {path}' },
    given: { binary_files: { '/x.bin': 'YWL/Yg==' } },
    when: { command: 'view', path: '/x.bin' },
    then: { error: toolError("Ran into 'utf-8' codec can't decode byte 0xff in position 2: invalid start byte while trying to read /x.bin") },
  },
  {
    id: 'create',
    title: 'create writes the new file',
    source: { document: TESTS, case: 'test_create_command: creating a new file with content' },
    given: { files: { '/test/other.txt': '' } },
    when: { command: 'create', path: '/test/newfile.txt', file_text: 'New file content' },
    then: { result: { output: 'File created successfully at: /test/newfile.txt' }, files: { '/test/newfile.txt': 'New file content' } },
  },
  {
    id: 'create-no-text',
    title: 'create needs file_text',
    source: { document: TESTS, case: 'test_create_command: creating a file without content' },
    when: { command: 'create', path: '/test/newfile.txt' },
    then: { error: toolError('Parameter `file_text` is required for command: create'), files: { '/test/newfile.txt': null } },
  },
  {
    id: 'create-existing',
    title: 'create refuses an existing file',
    source: { document: TESTS, case: 'test_create_command: creating a file that already exists' },
    given: { files: { '/test/existingfile.txt': 'old' } },
    when: { command: 'create', path: '/test/existingfile.txt', file_text: 'Content' },
    then: { error: toolError('File already exists at: /test/existingfile.txt. Cannot overwrite files using command `create`.') },
  },
  {
    id: 'create-no-folder',
    title: 'create makes no folder: open() fails with ENOENT (the reference\'s tests mock write_text)',
    source: { document: EDIT, case: 'write_file: Ran into {e} while trying to write to {path}' },
    when: { command: 'create', path: '/test/newfile.txt', file_text: 'x' },
    then: { error: toolError("Ran into [Errno 2] No such file or directory: '/test/newfile.txt' while trying to write to /test/newfile.txt") },
  },
  {
    id: 'str-replace',
    title: 'str_replace of a unique string',
    source: { document: TESTS, case: 'test_str_replace_command: replacing a unique string in a file' },
    given: { files: { '/test/file.txt': 'Original content' } },
    when: { command: 'str_replace', path: '/test/file.txt', old_str: 'Original', new_str: 'New' },
    then: {
      result: { output: `The file /test/file.txt has been edited. ${CAT} a snippet of /test/file.txt:\n     1\tNew content\n${EDITED}` },
      files: { '/test/file.txt': 'New content' },
      warnings: [],
      diff: { removed: ['Original content'], added: ['New content'] },
    },
  },
  {
    id: 'str-replace-missing',
    title: 'str_replace of a string that is not there',
    source: { document: TESTS, case: 'test_str_replace_command: replacing a non-existent string' },
    given: { files: { '/test/file.txt': 'Original content' } },
    when: { command: 'str_replace', path: '/test/file.txt', old_str: 'Nonexistent', new_str: 'New' },
    then: { error: toolError('No replacement was performed, old_str `Nonexistent` did not appear verbatim in /test/file.txt.') },
  },
  {
    id: 'str-replace-multiple',
    title: 'str_replace of a string that occurs more than once lists the lines holding it',
    source: { document: TESTS, case: 'test_str_replace_command: replacing a string that appears multiple times' },
    given: { files: { '/test/file.txt': 'Test test test' } },
    when: { command: 'str_replace', path: '/test/file.txt', old_str: 'test', new_str: 'example' },
    then: { error: toolError('No replacement was performed. Multiple occurrences of old_str `test` in lines [1]. Please ensure it is unique') },
  },
  {
    id: 'str-replace-no-old',
    title: 'str_replace needs old_str',
    source: { document: EDIT, case: '__call__: Parameter `old_str` is required for command: str_replace' },
    given: { files: { '/test/file.txt': 'x' } },
    when: { command: 'str_replace', path: '/test/file.txt', new_str: 'y' },
    then: { error: toolError('Parameter `old_str` is required for command: str_replace') },
  },
  {
    id: 'str-replace-tabs',
    title: 'str_replace expands every tab of the file (expandtabs), shown in the stage and named in a warning',
    source: { document: EDIT, case: 'str_replace: file_content = self.read_file(path).expandtabs()' },
    given: { files: { '/t.py': 'def f():\n\tif x:\n\t\treturn 1\n' } },
    when: { command: 'str_replace', path: '/t.py', old_str: 'return 1', new_str: 'return 2' },
    then: {
      files: { '/t.py': 'def f():\n        if x:\n                return 2\n' },
      diff: { removed: ['\tif x:', '\t\treturn 1'], added: ['        if x:', '                return 2'] },
      warnings: ['/t.py: the reference runs expandtabs() on the whole file: 3 tabs on 2 lines became spaces (tab stops every 8 columns)'],
    },
  },
  {
    id: 'str-replace-crlf',
    title: 'a CRLF file comes back LF (universal newlines)',
    source: { document: EDIT, case: 'read_file: path.read_text() / write_file: path.write_text(file)' },
    given: { files: { '/w.txt': 'one\r\ntwo\r\n' } },
    when: { command: 'str_replace', path: '/w.txt', old_str: 'two', new_str: '2' },
    then: { files: { '/w.txt': 'one\n2\n' }, warnings: ['/w.txt: the reference reads the file with universal newlines and writes it with LF: 2 CRLF line endings become LF'] },
  },
  {
    id: 'str-replace-empty-file',
    title: 'an empty old_str in an empty file: the reference writes, then raises ValueError (nothing is written here)',
    source: { document: EDIT, case: 'str_replace: file_content.split(old_str)' },
    given: { files: { '/e.txt': '' } },
    when: { command: 'str_replace', path: '/e.txt', old_str: '', new_str: 'Q' },
    then: {
      error: { code: 'ValueError', message: 'empty separator' },
      warnings: [UNCAUGHT, 'The reference would have written /e.txt with new_str as its whole content before raising'],
    },
  },
  {
    id: 'insert',
    title: 'insert after line 2',
    source: { document: TESTS, case: 'test_insert_command: inserting a string at a valid line number' },
    given: { files: { '/test/file.txt': 'Line 1\nLine 2\nLine 3' } },
    when: { command: 'insert', path: '/test/file.txt', insert_line: 2, new_str: 'New Line' },
    then: {
      result: { output: `The file /test/file.txt has been edited. ${CAT} a snippet of the edited file:\n     1\tLine 1\n     2\tLine 2\n     3\tNew Line\n     4\tLine 3\n${INSERTED}` },
      files: { '/test/file.txt': 'Line 1\nLine 2\nNew Line\nLine 3' },
    },
  },
  {
    id: 'insert-top',
    title: 'insert at line 0',
    source: { document: TESTS, case: 'test_insert_command: inserting a string at the beginning of the file (line 0)' },
    given: { files: { '/test/file.txt': 'Line 1\nLine 2' } },
    when: { command: 'insert', path: '/test/file.txt', insert_line: 0, new_str: 'New First Line' },
    then: { files: { '/test/file.txt': 'New First Line\nLine 1\nLine 2' } },
  },
  {
    id: 'insert-end',
    title: 'insert after the last line',
    source: { document: TESTS, case: 'test_insert_command: inserting a string at the end of the file' },
    given: { files: { '/test/file.txt': 'Line 1\nLine 2' } },
    when: { command: 'insert', path: '/test/file.txt', insert_line: 2, new_str: 'New Last Line' },
    then: { files: { '/test/file.txt': 'Line 1\nLine 2\nNew Last Line' } },
  },
  {
    id: 'insert-invalid-line',
    title: 'insert_line past the end',
    source: { document: TESTS, case: 'test_insert_command: attempting to insert at an invalid line number' },
    given: { files: { '/test/file.txt': 'Line 1\nLine 2' } },
    when: { command: 'insert', path: '/test/file.txt', insert_line: 5, new_str: 'Invalid Line' },
    then: { error: toolError('Invalid `insert_line` parameter: 5. It should be within the range of lines of the file: [0, 2]') },
  },
  {
    id: 'insert-no-line',
    title: 'insert needs insert_line',
    source: { document: EDIT, case: '__call__: Parameter `insert_line` is required for command: insert' },
    given: { files: { '/test/file.txt': 'x' } },
    when: { command: 'insert', path: '/test/file.txt', new_str: 'y' },
    then: { error: toolError('Parameter `insert_line` is required for command: insert') },
  },
  {
    id: 'insert-no-text',
    title: 'insert needs new_str (insert_text, which models are reported to send, is not it)',
    source: { document: EDIT, case: '__call__: Parameter `new_str` is required for command: insert' },
    given: { files: { '/test/file.txt': 'x' } },
    when: { command: 'insert', path: '/test/file.txt', insert_line: 1, insert_text: 'y' },
    then: { error: toolError('Parameter `new_str` is required for command: insert'), warnings: ['The tool ignores a field it does not know: insert_text'] },
  },
  {
    id: 'validate-absolute',
    title: 'a valid absolute path passes validate_path',
    source: { document: TESTS, case: 'test_validate_path: valid absolute paths' },
    given: { files: { '/valid/path.txt': 'ok' } },
    when: { command: 'view', path: '/valid/path.txt' },
    then: { result: { output: `${CAT} /valid/path.txt:\n     1\tok\n` } },
  },
  {
    id: 'validate-relative',
    title: 'a relative path is refused with its suggestion',
    source: { document: TESTS, case: 'test_validate_path: relative paths' },
    when: { command: 'view', path: 'relative/path.txt' },
    then: { error: toolError('The path relative/path.txt is not an absolute path, it should start with `/`. Maybe you meant relative/path.txt?') },
  },
  {
    id: 'validate-create-existing',
    title: 'create on an existing path',
    source: { document: TESTS, case: 'test_validate_path: existing paths for create command' },
    given: { files: { '/existing/file.txt': 'x' } },
    when: { command: 'create', path: '/existing/file.txt', file_text: 'y' },
    then: { error: toolError('File already exists at: /existing/file.txt. Cannot overwrite files using command `create`.') },
  },
  {
    id: 'validate-directory',
    title: 'a folder takes only view',
    source: { document: TESTS, case: 'test_validate_path: directory paths for non-view commands' },
    given: { files: { '/directory/path/a': '' } },
    when: { command: 'str_replace', path: '/directory/path', old_str: 'a', new_str: 'b' },
    then: { error: toolError('The path /directory/path is a directory and only the `view` command can be used on directories') },
  },
  {
    id: 'validate-directory-view',
    title: 'view of a folder passes validate_path',
    source: { document: TESTS, case: 'test_validate_path: directory path for view command' },
    given: { files: { '/directory/path/a': '' } },
    when: { command: 'view', path: '/directory/path' },
    then: { result: { output: "Here's the files and directories up to 2 levels deep in /directory/path, excluding hidden items:\n/directory/path\n/directory/path/a\n\n" } },
  },
  {
    id: 'missing-command',
    title: 'a call without command cannot be bound: Python\'s TypeError, which the demo does not catch',
    source: { document: EDIT, case: '__call__(self, *, command, path, ...)' },
    when: { path: '/a.txt' },
    then: { error: { code: 'TypeError', message: { regex: "^EditTool2025\\d{4}\\.__call__\\(\\) missing 1 required keyword-only argument: 'command'$" } }, warnings: [UNCAUGHT] },
  },
  {
    id: 'outside-mount',
    title: 'outside the mount nothing exists (a playground decision)',
    source: { document: EDIT, case: 'validate_path: The path {path} does not exist. Please provide a valid path.' },
    mount: '/home/me/proj',
    when: { command: 'view', path: '/etc/hosts' },
    then: {
      error: toolError('The path /etc/hosts does not exist. Please provide a valid path.'),
      warnings: ['/etc/hosts is outside the mount /home/me/proj: the playground sees nothing there and writes nothing there'],
    },
  },
];

export const strReplaceBasedEditToolSuite: ProfileSuite = {
  description: "Anthropic text editor (text_editor_20250728 / 20250429): the reference's edit_test.py and every error row of edit.py.",
  mount: '/',
  diff_context: 3,
  cases: [
    ...shared,
    {
      id: 'unknown-command',
      title: 'undo_edit is not a command of this version',
      source: { document: EDIT, case: 'EditTool20250429.__call__: Unrecognized command' },
      given: { files: { '/a.txt': 'x' } },
      when: { command: 'undo_edit', path: '/a.txt' },
      then: { error: toolError('Unrecognized command undo_edit. The allowed commands for the str_replace_based_edit_tool tool are: view, create, str_replace, insert') },
    },
    {
      id: 'max-characters',
      title: 'max_characters (text_editor_20250728) cuts the viewed text with the reference\'s notice',
      source: { document: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/text-editor-tool', case: 'max_characters: truncate the file contents to that length' },
      given: { files: { '/a.txt': 'abcdef' } },
      when: { command: 'view', path: '/a.txt', max_characters: 3 },
      then: {
        result: {
          output:
            `${CAT} /a.txt:\n     1\tabc<response clipped><NOTE>To save on context only part of this file has been shown to you. ` +
            'You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>\n',
        },
      },
    },
  ],
};

export const strReplaceEditorSuite: ProfileSuite = {
  description: "Anthropic text editor (text_editor_20250124, with undo_edit): the reference's edit_test.py and every error row of edit.py; as SWE-agent 1.x's port answers (release swe-agent), its own texts.",
  mount: '/',
  diff_context: 3,
  cases: [
    ...shared,
    {
      id: 'undo-no-history',
      title: 'undo_edit without an earlier edit in the session',
      source: { document: TESTS, case: "test_undo_edit_command: attempting to undo when there's no history" },
      given: { files: { '/test/file.txt': 'x' } },
      when: { command: 'undo_edit', path: '/test/file.txt' },
      then: { error: toolError('No edit history found for /test/file.txt.') },
    },
    {
      id: 'unknown-command',
      title: 'an unknown command lists the five commands',
      source: { document: EDIT, case: 'EditTool20250124.__call__: Unrecognized command' },
      given: { files: { '/a.txt': 'x' } },
      when: { command: 'delete', path: '/a.txt' },
      then: { error: toolError('Unrecognized command delete. The allowed commands for the str_replace_editor tool are: view, create, str_replace, insert, undo_edit') },
    },
    ...sweAgentCases,
  ],
};
