// Contract cases for the `whole` format, re-expressed from aider's tests/basic/test_wholefile.py
// (Aider-AI/aider @5dc9490bb35f9729ef2c95d00a19ccd30c26339c, Apache-2.0). The tests build a
// WholeFileCoder on a temp folder, set its reply and call apply_updates; here the reply is the
// call, on an in-memory workspace mounted at /repo.

import { at, type AiderCase } from './case-kit';

const DOC = 'Aider-AI/aider@5dc9490b tests/basic/test_wholefile.py';
const src = (test: string) => ({ document: DOC, case: `TestWholeFileCoder.${test}` });
const whole = (reply: string, chat_files?: string[]) => ({ reply, format: 'whole' as const, ...(chat_files && { chat_files }) });

const ACCUMULATE = 'def accumulate(collection, operation):\n    return [operation(x) for x in collection]\n';
const EXPLAIN =
  ' function as per the given instructions:\n\n```\n';
const AFTER =
  '```\n\nThis implementation uses a list comprehension to apply the `operation` function to each element of the `collection` and returns the resulting list.';

export const WHOLE_CASES: AiderCase[] = [
  {
    id: 'whole-no-files',
    title: 'no chat file and no name before the fence: the format error aider sends back',
    source: src('test_no_files'),
    when: whole('To print "Hello, World!" in most programming languages, you can use the following code:\n\n```python\nprint("Hello, World!")\n```\n\nThis code will output "Hello, World!" to the console.', []),
    then: { error: { code: 'ValueError', message: 'No filename provided before ``` in file listing' }, warnings: [] },
  },
  {
    id: 'whole-update',
    title: 'the file named before the fence is replaced',
    source: src('test_update_files'),
    given: { files: at({ 'sample.txt': 'Original content\n' }) },
    when: whole('sample.txt\n```\nUpdated content\n```', ['sample.txt']),
    then: { result: { output: 'Applied edit to sample.txt' }, files: at({ 'sample.txt': 'Updated content\n' }), warnings: [] },
  },
  {
    id: 'whole-existing-fence',
    title: 'a chat file holds ``` lines, so aider fences with four backticks',
    source: src('test_update_files_with_existing_fence'),
    given: { files: at({ 'sample.txt': '\nHere is some quoted text:\n```\nQuote!\n```\n' }) },
    when: whole('sample.txt\n````\nUpdated content\n````', ['sample.txt']),
    then: { result: { output: 'Applied edit to sample.txt' }, files: at({ 'sample.txt': 'Updated content\n' }), warnings: [] },
  },
  {
    id: 'whole-bogus-path-prefix',
    title: 'a made-up folder before a chat file name (path/to/ from the prompt) names the chat file',
    source: src('test_update_files_bogus_path_prefix'),
    given: { files: at({ 'sample.txt': 'Original content\n' }) },
    when: whole('path/to/sample.txt\n```\nUpdated content\n```', ['sample.txt']),
    then: { result: { output: 'Applied edit to sample.txt' }, files: at({ 'sample.txt': 'Updated content\n', 'path/to/sample.txt': null }), warnings: [] },
  },
  {
    id: 'whole-not-in-chat',
    title: 'a file not in the chat is edited too (aider asks; the playground answers yes)',
    source: src('test_update_files_not_in_chat'),
    given: { files: at({ 'sample.txt': 'Original content\n' }) },
    when: whole('sample.txt\n```\nUpdated content\n```', []),
    then: { result: { output: 'Applied edit to sample.txt' }, files: at({ 'sample.txt': 'Updated content\n' }), warnings: [] },
  },
  {
    id: 'whole-single-chat-file',
    title: 'no name before the fence: the only chat file',
    source: src('test_update_files_no_filename_single_file_in_chat'),
    given: { files: at({ 'accumulate.py': 'Original content\n' }) },
    when: whole(`Here's the modified \`accumulate.py\` file that implements the \`accumulate\`${EXPLAIN}${ACCUMULATE}${AFTER}`, ['accumulate.py']),
    then: { result: { output: 'Applied edit to accumulate.py' }, files: at({ 'accumulate.py': ACCUMULATE }), warnings: [] },
  },
  {
    id: 'whole-earlier-filename',
    title: 'a chat file quoted in backticks before the fence names the block',
    source: src('test_update_files_earlier_filename'),
    given: { files: at({ 'a.txt': 'before a\n', 'b.txt': 'before b\n' }) },
    when: whole('\nHere is a new version of `a.txt` for you to consider:\n\n```\nafter a\n```\n\nAnd here is `b.txt`:\n\n```\nafter b\n```\n', ['a.txt', 'b.txt']),
    then: { result: { output: 'Applied edit to a.txt\nApplied edit to b.txt' }, files: at({ 'a.txt': 'after a\n', 'b.txt': 'after b\n' }), warnings: [] },
  },
  {
    id: 'whole-hash-filename',
    title: 'a Markdown heading before the fence names the file',
    source: src('test_update_hash_filename'),
    given: { files: at({ 'a.txt': 'before a\n', 'b.txt': 'before b\n' }) },
    when: whole('\n\n### a.txt\n```\nafter a\n```\n\n### b.txt\n```\nafter b\n```\n', ['a.txt', 'b.txt']),
    then: { result: { output: 'Applied edit to a.txt\nApplied edit to b.txt' }, files: at({ 'a.txt': 'after a\n', 'b.txt': 'after b\n' }), warnings: [] },
  },
  {
    id: 'whole-extra-unnamed-block',
    title: 'a later unnamed block (a command to run) loses to the block named by a quoted file name',
    source: src('test_update_named_file_but_extra_unnamed_code_block'),
    given: { files: at({ 'hello.py': 'Original content\n' }) },
    when: whole(
      `Here's the modified \`hello.py\` file that implements the \`accumulate\`${EXPLAIN}new\ncontent\ngoes\nhere\n${AFTER}\nRun it like this:\n\n\`\`\`\npython {sample_file}\n\`\`\`\n\n`,
      ['hello.py'],
    ),
    then: { result: { output: 'Applied edit to hello.py' }, files: at({ 'hello.py': 'new\ncontent\ngoes\nhere\n' }), warnings: [] },
  },
  {
    id: 'whole-full-edit',
    title: 'a Coder run: the file is written whole, ending with a newline',
    source: src('test_full_edit'),
    given: { files: at({ tmpfile1: 'one\ntwo\nthree\n' }) },
    when: whole('\nDo this:\n\ntmpfile1\n```\nnew\ntwo\nthree\n```\n\n', ['tmpfile1']),
    then: { result: { output: 'Applied edit to tmpfile1' }, files: at({ tmpfile1: 'new\ntwo\nthree\n' }), warnings: [] },
  },
  {
    id: 'whole-fence-given',
    title: "the fence given: a recorded session's chat held files with ``` and ```` lines, so aider read the reply in <source>",
    source: { document: 'Aider-AI/aider@5dc9490b aider/coders/base_coder.py', case: 'Coder.choose_fence (all_fences), the fence the reply is read with' },
    when: { reply: 'backend/app.py\n<source>\nprint("up")\n</source>\n', format: 'whole', fence: '<source>' },
    then: { result: { output: 'Applied edit to backend/app.py' }, files: at({ 'backend/app.py': 'print("up")\n' }), warnings: [] },
  },
  {
    id: 'whole-fence-given-differs',
    title: 'a fence given that the chat files named would not make aider choose: applied as given, with a warning',
    source: { document: 'Aider-AI/aider@5dc9490b aider/coders/base_coder.py', case: 'Coder.choose_fence (all_fences), the fence the reply is read with' },
    given: { files: at({ 'sample.txt': 'Original content\n' }) },
    when: { reply: 'sample.txt\n````\nUpdated content\n````\n', format: 'whole', chat_files: ['sample.txt'], fence: '````' },
    then: {
      result: { output: 'Applied edit to sample.txt' },
      files: at({ 'sample.txt': 'Updated content\n' }),
      warnings: ['fence: aider would quote these chat files with ```...```; the call says ````...````, so the chat held files this call does not name'],
    },
  },
];
