// Contract cases for the `diff` format, re-expressed from aider's tests/basic/test_editblock.py
// (Aider-AI/aider @5dc9490bb35f9729ef2c95d00a19ccd30c26339c, Apache-2.0). The reference tests call
// aider's functions directly (find_filename, replace_most_similar_chunk, strip_quoted_wrapping,
// find_original_update_blocks) or run a Coder on a temp folder; each becomes a call of the tool on
// an in-memory workspace mounted at /repo, with the texts aider writes and sends back in full.

import { at, blocks, type AiderCase } from './case-kit';

const DOC = 'Aider-AI/aider@5dc9490b tests/basic/test_editblock.py';
const src = (test: string, detail?: string) => ({ document: DOC, case: detail === undefined ? `TestUtils.${test}` : `TestUtils.${test} (${detail})` });

const VALID = ['file1.py', 'file2.py', 'dir/file3.py', '\\windows\\__init__.py'];
const validFiles = at(Object.fromEntries(VALID.map((f) => [f, 'one\n'])));

/** test_find_filename: the lines before a block name its file; each assertion edits the file it names. */
const findFilename: AiderCase[] = [
  ['alone', 'file1.py\n```\n', 'file1.py', 'filename on a single line'],
  ['in-fence', '```python\nfile3.py\n```\n', 'dir/file3.py', 'filename in fence: the chat file with that base name'],
  ['multiple-fences', '```python\nfile1.py\n```\n```\nfile2.py\n```\n', 'file2.py', 'multiple fences: only the three lines before count'],
  ['hash', '# file1.py\n```\n', 'file1.py', 'filename having extra characters'],
  ['fuzzy', 'file1_py\n```\n', 'file1.py', 'fuzzy matching'],
  ['fuzzy-windows', '\\windows__init__.py\n```\n', '\\windows\\__init__.py', 'fuzzy matching a Windows path'],
].map(([id, before, file, detail]) => ({
  id: `find-filename-${id}`,
  title: `find_filename: ${detail} → ${file}`,
  source: src('test_find_filename', detail),
  given: { files: validFiles },
  when: { reply: `${before}<<<<<<< SEARCH\none\n=======\nuno\n>>>>>>> REPLACE\n\`\`\`\n`, chat_files: VALID },
  then: { result: { output: `Applied edit to ${file}` }, files: at({ [file!]: 'uno\n' }), warnings: [] },
}));

const NOT_FOUND_REPLY = '```\ninvalid_file.py\n```\n<<<<<<< SEARCH\nzero\n=======\nnil\n>>>>>>> REPLACE\n```\n';
findFilename.push({
  id: 'find-filename-no-valid',
  title: 'find_filename: no chat file matches, so the name as written (aider creates it empty, then the block fails)',
  source: src('test_find_filename', 'no valid filename'),
  given: { files: validFiles },
  when: { reply: NOT_FOUND_REPLY, chat_files: VALID },
  then: {
    error: {
      code: 'ValueError',
      message:
        '# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in invalid_file.py\n<<<<<<< SEARCH\nzero\n=======\nnil\n>>>>>>> REPLACE\n\n' +
        'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n',
    },
    files: at({ 'invalid_file.py': null }),
    warnings: ['aider writes each edit that applies as it goes and creates a missing file before editing it; it would have left on disk: invalid_file.py (created empty)'],
  },
});

const WRAPPED = 'We just want this content\nNot the filename and triple quotes\n';
const stripWrapping: AiderCase[] = [
  ['filename', 'filename.ext\n```\nWe just want this content\nNot the filename and triple quotes\n```\n', 'test_strip_quoted_wrapping'],
  ['no-filename', '```\nWe just want this content\nNot the filename and triple quotes\n```\n', 'test_strip_quoted_wrapping_no_filename'],
  ['no-wrapping', WRAPPED, 'test_strip_quoted_wrapping_no_wrapping'],
].map(([id, search, test]) => ({
  id: `strip-wrapping-${id}`,
  title: `strip_quoted_wrapping: a SEARCH ${id === 'no-wrapping' ? 'without wrapping is used as is' : 'wrapped in its file name and a fence is unwrapped'}`,
  source: src(test!),
  given: { files: at({ 'filename.ext': `first\n${WRAPPED}last\n` }) },
  when: { reply: blocks(['filename.ext', search!, 'Replaced\n']) },
  then: { result: { output: 'Applied edit to filename.ext' }, files: at({ 'filename.ext': 'first\nReplaced\nlast\n' }), warnings: [] },
}));

const parsing: AiderCase[] = [
  {
    id: 'blocks-name-in-fence',
    title: 'find_original_update_blocks: the name inside the fence (diff-fenced)',
    source: src('test_find_original_update_blocks'),
    given: { files: at({ 'foo.txt': 'One\nTwo\nThree\n' }) },
    when: { reply: "\nHere's the change:\n\n```text\nfoo.txt\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n>>>>>>> REPLACE\n```\n\nHope you like it!\n", format: 'diff-fenced' },
    then: { result: { output: 'Applied edit to foo.txt' }, files: at({ 'foo.txt': 'One\nTooooo\nThree\n' }), warnings: [] },
  },
  {
    id: 'blocks-quote-below-filename',
    title: 'find_original_update_blocks: the name on the line before the fence',
    source: src('test_find_original_update_blocks_quote_below_filename'),
    given: { files: at({ 'foo.txt': 'One\nTwo\nThree\n' }) },
    when: { reply: "\nHere's the change:\n\nfoo.txt\n```text\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n>>>>>>> REPLACE\n```\n\nHope you like it!\n" },
    then: { result: { output: 'Applied edit to foo.txt' }, files: at({ 'foo.txt': 'One\nTooooo\nThree\n' }), warnings: [] },
  },
  {
    id: 'blocks-unclosed',
    title: 'find_original_update_blocks: a block without its end is a format error quoting the reply read so far',
    source: src('test_find_original_update_blocks_unclosed'),
    given: { files: at({ 'foo.txt': 'Two\n' }) },
    when: { reply: "\nHere's the change:\n\n```text\nfoo.txt\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n\n\noops!\n" },
    then: {
      error: { code: 'ValueError', message: "\nHere's the change:\n\n```text\nfoo.txt\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n\n\noops!\n\n^^^ Expected `>>>>>>> REPLACE` or `=======`" },
      files: at({ 'foo.txt': 'Two\n' }),
      warnings: [],
    },
  },
  {
    id: 'blocks-missing-filename',
    title: 'find_original_update_blocks: a first block without a file name',
    source: src('test_find_original_update_blocks_missing_filename'),
    given: { files: at({ 'foo.txt': 'Two\n' }) },
    when: { reply: "\nHere's the change:\n\n```text\n<<<<<<< SEARCH\nTwo\n=======\nTooooo\n\n\noops!\n>>>>>>> REPLACE\n" },
    then: {
      error: { code: 'ValueError', message: "\nHere's the change:\n\n```text\n<<<<<<< SEARCH\n\n^^^ Bad/missing filename. The filename must be alone on the line before the opening fence ```" },
      warnings: [],
    },
  },
];


/** The replace_most_similar_chunk tests: the file is `whole`, the block's SEARCH `part`, its REPLACE `replace`. */
const chunk = (id: string, test: string, title: string, whole: string, part: string, replace: string, expected: string): AiderCase => ({
  id,
  title,
  source: src(test),
  given: { files: at({ 'f.txt': whole }) },
  when: { reply: blocks(['f.txt', part, replace]) },
  then: { result: { output: 'Applied edit to f.txt' }, files: at({ 'f.txt': expected }), warnings: [] },
});

const matching: AiderCase[] = [
  chunk(
    'whitespace-varied',
    'test_replace_part_with_missing_varied_leading_whitespace',
    'SEARCH missing the same leading whitespace on lines of varied indentation',
    '\n    line1\n    line2\n        line3\n    line4\n',
    'line2\n    line3\n',
    'new_line2\n    new_line3\n',
    '\n    line1\n    new_line2\n        new_line3\n    line4\n',
  ),
  chunk('whitespace-missing', 'test_replace_part_with_missing_leading_whitespace', 'SEARCH missing all leading whitespace', '    line1\n    line2\n    line3\n', 'line1\nline2\n', 'new_line1\nnew_line2\n', '    new_line1\n    new_line2\n    line3\n'),
  chunk('multiple-matches', 'test_replace_multiple_matches', 'only the first occurrence is replaced', 'line1\nline2\nline1\nline3\n', 'line1\n', 'new_line\n', 'new_line\nline2\nline1\nline3\n'),
  chunk(
    'multiple-matches-whitespace',
    'test_replace_multiple_matches_missing_whitespace',
    'only the first occurrence is replaced, leading whitespace restored',
    '    line1\n    line2\n    line1\n    line3\n',
    'line1\n',
    'new_line\n',
    '    new_line\n    line2\n    line1\n    line3\n',
  ),
  chunk(
    'whitespace-some-missing',
    'test_replace_part_with_just_some_missing_leading_whitespace',
    'SEARCH missing part of the leading whitespace; REPLACE shifted by the same amount',
    '    line1\n    line2\n    line3\n',
    ' line1\n line2\n',
    ' new_line1\n     new_line2\n',
    '    new_line1\n        new_line2\n    line3\n',
  ),
  chunk(
    'whitespace-blank-first-line',
    'test_replace_part_with_missing_leading_whitespace_including_blank_line',
    'a spurious blank first line in SEARCH (aider issue #25)',
    '    line1\n    line2\n    line3\n',
    '\n  line1\n  line2\n',
    '  new_line1\n  new_line2\n',
    '    new_line1\n    new_line2\n    line3\n',
  ),
];

const FUZZY_WHOLE = 'This is a sample text.\nAnother line of text.\nYet another line.\n';
/** aider's fuzzy matching is disabled (v0.11.2-dev), and so are these two tests: the block fails with the hint. */
const fuzzyDisabled: AiderCase[] = [
  {
    id: 'fuzzy-disabled-one-line',
    title: 'no fuzzy matching: a near miss fails, with the closest lines as the hint',
    source: src('__test_replace_most_similar_chunk', 'disabled in aider: fuzzy logic disabled v0.11.2-dev'),
    given: { files: at({ 'f.txt': FUZZY_WHOLE }) },
    when: { reply: blocks(['f.txt', 'This is a sample text\n', 'This is a replaced text.\n']) },
    then: {
      error: {
        code: 'ValueError',
        message:
          '# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in f.txt\n<<<<<<< SEARCH\nThis is a sample text\n=======\nThis is a replaced text.\n>>>>>>> REPLACE\n\n' +
          'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n',
      },
      warnings: [],
    },
  },
  {
    id: 'fuzzy-disabled-two-lines',
    title: 'no fuzzy matching: two near-miss lines fail; the REPLACE-lines hint is absent as they are not in the file',
    source: src('__test_replace_most_similar_chunk_not_perfect_match', 'disabled in aider: fuzzy logic disabled v0.11.2-dev'),
    given: { files: at({ 'f.txt': FUZZY_WHOLE }) },
    when: { reply: blocks(['f.txt', 'This was a sample text.\nAnother line of txt\n', 'This is a replaced text.\nModified line of text.\n']) },
    then: {
      error: {
        code: 'ValueError',
        message:
          '# 1 SEARCH/REPLACE block failed to match!\n\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in f.txt\n<<<<<<< SEARCH\nThis was a sample text.\nAnother line of txt\n=======\nThis is a replaced text.\nModified line of text.\n>>>>>>> REPLACE\n\n' +
          'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n',
      },
      warnings: [],
    },
  },
];

const CODER = `            self.console.print("[red]^C again to quit")
            self.io.tool_error("Malformed ORIGINAL/UPDATE blocks, retrying...")
            self.io.tool_error(err)
            self.console.print("[red]Unable to get commit message from gpt-3.5-turbo. Use /commit to try again.\n")
            self.console.print("[red]Skipped commit.")
`;
const REPOMAP = `    def test_check_for_ctags_failure(self):
        with patch("subprocess.run") as mock_run:
            mock_run.side_effect = Exception("ctags not found")

    def test_check_for_ctags_success(self):
        with patch("subprocess.run") as mock_run:
            mock_run.return_value = CompletedProcess(args=["ctags", "--version"], returncode=0, stdout='''{
  "_type": "tag",
  "name": "status",
  "path": "aider/main.py",
  "pattern": "/^    status = main()$/",
  "kind": "variable"
}''')
`;
const HELLO = `#!/bin/bash
# Check if exactly one argument is provided
if [ "$#" -ne 1 ]; then
    echo "Usage: $0 <argument>" >&2
    exit 1
fi

# Echo the first argument
echo "$1"

exit 0
`;

const replies: AiderCase[] = [
  {
    id: 'no-final-newline',
    title: 'four blocks, the last without a final newline, all applied',
    source: src('test_find_original_update_blocks_no_final_newline'),
    given: { files: at({ 'aider/coder.py': CODER }) },
    when: {
      reply: `
aider/coder.py
<<<<<<< SEARCH
            self.console.print("[red]^C again to quit")
=======
            self.io.tool_error("^C again to quit")
>>>>>>> REPLACE

aider/coder.py
<<<<<<< SEARCH
            self.io.tool_error("Malformed ORIGINAL/UPDATE blocks, retrying...")
            self.io.tool_error(err)
=======
            self.io.tool_error("Malformed ORIGINAL/UPDATE blocks, retrying...")
            self.io.tool_error(str(err))
>>>>>>> REPLACE

aider/coder.py
<<<<<<< SEARCH
            self.console.print("[red]Unable to get commit message from gpt-3.5-turbo. Use /commit to try again.\n")
=======
            self.io.tool_error("Unable to get commit message from gpt-3.5-turbo. Use /commit to try again.")
>>>>>>> REPLACE

aider/coder.py
<<<<<<< SEARCH
            self.console.print("[red]Skipped commit.")
=======
            self.io.tool_error("Skipped commit.")
>>>>>>> REPLACE`,
    },
    then: {
      result: { output: 'Applied edit to aider/coder.py' },
      files: at({
        'aider/coder.py': `            self.io.tool_error("^C again to quit")
            self.io.tool_error("Malformed ORIGINAL/UPDATE blocks, retrying...")
            self.io.tool_error(str(err))
            self.io.tool_error("Unable to get commit message from gpt-3.5-turbo. Use /commit to try again.")
            self.io.tool_error("Skipped commit.")
`,
      }),
      warnings: [],
    },
  },
  {
    id: 'second-block-no-filename',
    title: 'a block without a file name edits the file of the block before it',
    source: src('test_incomplete_edit_block_missing_filename'),
    given: { files: at({ 'tests/test_repomap.py': REPOMAP }) },
    when: {
      reply: `
No problem! Here are the changes to patch \`subprocess.check_output\` instead of \`subprocess.run\` in both tests:

\`\`\`python
tests/test_repomap.py
<<<<<<< SEARCH
    def test_check_for_ctags_failure(self):
        with patch("subprocess.run") as mock_run:
            mock_run.side_effect = Exception("ctags not found")
=======
    def test_check_for_ctags_failure(self):
        with patch("subprocess.check_output") as mock_check_output:
            mock_check_output.side_effect = Exception("ctags not found")
>>>>>>> REPLACE

<<<<<<< SEARCH
    def test_check_for_ctags_success(self):
        with patch("subprocess.run") as mock_run:
            mock_run.return_value = CompletedProcess(args=["ctags", "--version"], returncode=0, stdout='''{
  "_type": "tag",
  "name": "status",
  "path": "aider/main.py",
  "pattern": "/^    status = main()$/",
  "kind": "variable"
}''')
=======
    def test_check_for_ctags_success(self):
        with patch("subprocess.check_output") as mock_check_output:
            mock_check_output.return_value = '''{
  "_type": "tag",
  "name": "status",
  "path": "aider/main.py",
  "pattern": "/^    status = main()$/",
  "kind": "variable"
}'''
>>>>>>> REPLACE
\`\`\`

These changes replace the \`subprocess.run\` patches with \`subprocess.check_output\` patches in both \`test_check_for_ctags_failure\` and \`test_check_for_ctags_success\` tests.
`,
    },
    then: {
      result: { output: 'Applied edit to tests/test_repomap.py' },
      files: at({
        'tests/test_repomap.py': `    def test_check_for_ctags_failure(self):
        with patch("subprocess.check_output") as mock_check_output:
            mock_check_output.side_effect = Exception("ctags not found")

    def test_check_for_ctags_success(self):
        with patch("subprocess.check_output") as mock_check_output:
            mock_check_output.return_value = '''{
  "_type": "tag",
  "name": "status",
  "path": "aider/main.py",
  "pattern": "/^    status = main()$/",
  "kind": "variable"
}'''
`,
      }),
      warnings: [],
    },
  },
  {
    id: 'new-file-other-file-in-chat',
    title: 'an empty SEARCH creates a new file; the chat file is left alone (aider issue #2258)',
    source: src('test_create_new_file_with_other_file_in_chat'),
    given: { files: at({ 'file.txt': 'one\ntwo\nthree\n' }) },
    when: { reply: '\nDo this:\n\nnewfile.txt\n<<<<<<< SEARCH\n=======\ncreating a new file\n>>>>>>> REPLACE\n\n', chat_files: ['file.txt'] },
    then: { result: { output: 'Applied edit to newfile.txt' }, files: at({ 'file.txt': 'one\ntwo\nthree\n', 'newfile.txt': 'creating a new file\n' }), warnings: [] },
  },
  {
    id: 'full-edit',
    title: 'a Coder run: the block replaces one line',
    source: src('test_full_edit'),
    given: { files: at({ tmpfile1: 'one\ntwo\nthree\n' }) },
    when: { reply: '\nDo this:\n\ntmpfile1\n<<<<<<< SEARCH\ntwo\n=======\nnew\n>>>>>>> REPLACE\n\n', chat_files: ['tmpfile1'] },
    then: { result: { output: 'Applied edit to tmpfile1' }, files: at({ tmpfile1: 'one\nnew\nthree\n' }), warnings: [] },
  },
  {
    id: 'multiple-same-file',
    title: 'a second block after a `...` line edits the same file',
    source: src('test_find_original_update_blocks_mupltiple_same_file'),
    given: { files: at({ 'foo.txt': 'one\nthree\n' }) },
    when: { reply: "\nHere's the change:\n\n```text\nfoo.txt\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n\n...\n\n<<<<<<< SEARCH\nthree\n=======\nfour\n>>>>>>> REPLACE\n```\n\nHope you like it!\n" },
    then: { result: { output: 'Applied edit to foo.txt' }, files: at({ 'foo.txt': 'two\nfour\n' }), warnings: [] },
  },
  {
    id: 'deepseek-filename-mangling',
    title: "the name in a fence of its own before the block's fence (Deepseek Coder v2)",
    source: src('test_deepseek_coder_v2_filename_mangling'),
    given: { files: at({ 'foo.txt': 'one\n' }) },
    when: { reply: "\nHere's the change:\n\n ```python\nfoo.txt\n```\n```python\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n```\n\nHope you like it!\n" },
    then: { result: { output: 'Applied edit to foo.txt' }, files: at({ 'foo.txt': 'two\n' }), warnings: [] },
  },
  {
    id: 'new-file-same-folder',
    title: 'a new file beside a chat file keeps its own path',
    source: src('test_new_file_created_in_same_folder'),
    given: { files: at({ 'path/to/a/file1.txt': 'one\n' }) },
    when: {
      reply: "\nHere's the change:\n\npath/to/a/file2.txt\n```python\n<<<<<<< SEARCH\n=======\nthree\n>>>>>>> REPLACE\n```\n\nanother change\n\npath/to/a/file1.txt\n```python\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n```\n\nHope you like it!\n",
      chat_files: ['path/to/a/file1.txt'],
    },
    then: { result: { output: 'Applied edit to path/to/a/file2.txt\nApplied edit to path/to/a/file1.txt' }, files: at({ 'path/to/a/file2.txt': 'three\n', 'path/to/a/file1.txt': 'two\n' }), warnings: [] },
  },
  {
    id: 'quad-backtick-fence',
    title: 'aider fences with four backticks (a chat file has a ``` line), the model still writes three (aider issue #2879)',
    source: src('test_find_original_update_blocks_quad_backticks_with_triples_in_LLM_reply'),
    given: { files: at({ 'README.md': 'Example:\n```\ncode\n```\n' }) },
    when: { reply: "\nHere's the change:\n\nfoo.txt\n```text\n<<<<<<< SEARCH\n=======\nTooooo\n>>>>>>> REPLACE\n```\n\nHope you like it!\n", chat_files: ['README.md'] },
    then: { result: { output: 'Applied edit to foo.txt' }, files: at({ 'foo.txt': 'Tooooo\n', 'README.md': 'Example:\n```\ncode\n```\n' }), warnings: [] },
  },
  {
    id: 'sh-language-block',
    title: 'a ```sh fence holding a SEARCH/REPLACE block is an edit, not a shell command (aider issue #3785)',
    source: src('test_find_original_update_blocks_with_sh_language_identifier'),
    when: { reply: `\nHere's a shell script:\n\n\`\`\`sh\ntest_hello.sh\n<<<<<<< SEARCH\n=======\n${HELLO}>>>>>>> REPLACE\n\`\`\`\n` },
    then: { result: { output: 'Applied edit to test_hello.sh' }, files: at({ 'test_hello.sh': HELLO }), warnings: [] },
  },
  {
    id: 'csharp-language-block',
    title: 'a ```csharp fence',
    source: src('test_find_original_update_blocks_with_csharp_language_identifier'),
    given: { files: at({ 'Program.cs': 'Console.WriteLine("Hello World!");\n' }) },
    when: { reply: `\nHere's a C# code change:\n\n\`\`\`csharp\nProgram.cs\n<<<<<<< SEARCH\nConsole.WriteLine("Hello World!");\n=======\nConsole.WriteLine("Hello, C# World!");\n>>>>>>> REPLACE\n\`\`\`\n` },
    then: { result: { output: 'Applied edit to Program.cs' }, files: at({ 'Program.cs': 'Console.WriteLine("Hello, C# World!");\n' }), warnings: [] },
  },
];

export const EDITBLOCK_CASES: AiderCase[] = [...findFilename, ...stripWrapping, ...parsing, ...matching, ...fuzzyDisabled, ...replies];
