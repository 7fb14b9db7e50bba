// Contract cases for the `diff` format, part 2: whole replies from aider's
// tests/basic/test_editblock.py (Aider-AI/aider @5dc9490bb35f9729ef2c95d00a19ccd30c26339c,
// Apache-2.0), each applied to files holding the lines its blocks search for.

import { at, type AiderCase } from './case-kit';

const DOC = 'Aider-AI/aider@5dc9490b tests/basic/test_editblock.py';
const src = (test: string) => ({ document: DOC, case: `TestUtils.${test}` });

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

export const EDITBLOCK_REPLY_CASES: AiderCase[] = [
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
