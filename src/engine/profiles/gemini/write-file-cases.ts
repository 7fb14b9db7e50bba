// Gemini CLI's `write_file` (SPEC 11), reference google-gemini/gemini-cli
// packages/core/src/tools/write-file.ts at 5411f113cafae26161b4969b0237b8e1e024e2c2. Its tests
// (write-file.test.ts) run on a temp folder with ensureCorrectFileContent mocked to return the
// content; each is re-expressed on an in-memory workspace mounted at /root with the full text the
// model receives. Tests of the model correction, the confirmation diff, the IDE, JIT context, plan
// mode and injected write failures (ENOSPC, a mocked writeTextFile) are left out. The releases
// before 0.31 (no updated code, the fixed unescape, the trim) are tested in write-file.test.ts:
// the suite runs as the reference.

import type { ContractCaseData, ProfileSuite } from '../profile';

const R = '/root';
const TESTS = 'packages/core/src/tools/write-file.test.ts';
const src = (...titles: string[]) => ({ document: TESTS, case: ['WriteFileTool', ...titles].join(' > ') });
const created = (file: string, snippet: string) => ({ output: `Successfully created and wrote to new file: ${R}/${file}. Here is the updated code:\n${snippet}` });
const overwrote = (file: string, snippet: string) => ({ output: `Successfully overwrote file: ${R}/${file}. Here is the updated code:\n${snippet}` });
const at = <T extends string | null>(files: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(files).map(([k, v]) => [`${R}/${k}`, v]));
const invalid = (message: string) => ({ error: { code: 'invalid_tool_params', message } });
const PLACEHOLDER = "`content` contains an omission placeholder (for example 'rest of methods ...'). Provide complete file content.";

const LINES = Array.from({ length: 100 }, (_, i) => `Line ${i + 1}`);
const MODIFIED = LINES.map((l, i) => (i === 50 ? 'Line 51 Modified' : l));

const buildCases: ContractCaseData[] = [
  {
    id: 'build-absolute',
    title: 'an absolute path inside the root creates the file',
    source: src('build', 'should return an invocation for a valid absolute path within root'),
    given: { files: {} },
    when: { file_path: `${R}/test_file.txt`, content: 'Hello World' },
    then: { result: created('test_file.txt', 'Hello World'), files: at({ 'test_file.txt': 'Hello World' }), warnings: [] },
  },
  {
    id: 'build-relative',
    title: 'a relative path is taken under the root',
    source: src('build', 'should return an invocation for a valid relative path within root'),
    given: { files: {} },
    when: { file_path: 'test_file.txt', content: 'Hello World' },
    then: { result: created('test_file.txt', 'Hello World'), files: at({ 'test_file.txt': 'Hello World' }) },
  },
  {
    id: 'build-outside-root',
    title: 'a path outside the root is refused at build',
    source: src('build', 'should throw an error for a path outside root'),
    given: { files: {} },
    when: { file_path: '/tmp/outside-root.txt', content: 'hello' },
    then: invalid(`Path not in workspace: Attempted path "/tmp/outside-root.txt" resolves outside the allowed workspace directories: ${R} or the project temp directory: /home/user/.gemini/tmp/project`),
  },
  {
    id: 'build-directory',
    title: 'a directory is refused at build',
    source: src('build', 'should throw an error if path is a directory'),
    given: { files: at({ 'a_directory/keep.txt': 'x' }) },
    when: { file_path: `${R}/a_directory`, content: 'hello' },
    then: invalid(`Path is a directory, not a file: ${R}/a_directory`),
  },
  {
    id: 'build-content-null',
    title: 'a null content fails the schema',
    source: src('build', 'should throw an error if the content is null'),
    given: { files: {} },
    when: { file_path: `${R}/a_directory`, content: null },
    then: invalid('params/content must be string'),
  },
  {
    id: 'build-empty-path',
    title: 'an empty file_path is refused',
    source: src('build', 'should throw error if the file_path is empty'),
    given: { files: {} },
    when: { file_path: '', content: '' },
    then: invalid('Missing or empty "file_path"'),
  },
  {
    id: 'build-placeholder',
    title: 'content that is an omission placeholder is refused',
    source: src('build', 'should throw an error if content includes an omission placeholder'),
    given: { files: {} },
    when: { file_path: `${R}/placeholder.txt`, content: '(rest of methods ...)' },
    then: invalid(PLACEHOLDER),
  },
  {
    id: 'build-placeholder-multiline',
    title: 'an omission placeholder line among others is refused',
    source: src('build', 'should throw an error when multiline content includes omission placeholders'),
    given: { files: {} },
    when: { file_path: `${R}/service.ts`, content: 'class Service {\n  execute() {\n    return "run";\n  }\n\n  // rest of methods ...\n}' },
    then: invalid(PLACEHOLDER),
  },
  {
    id: 'build-placeholder-in-string',
    title: 'placeholder text inside a string literal is content like any other',
    source: src('build', 'should allow content with placeholder text in a normal string literal'),
    given: { files: {} },
    when: { file_path: `${R}/valid-content.ts`, content: 'const note = "(rest of methods ...)";' },
    then: { result: created('valid-content.ts', 'const note = "(rest of methods ...)";'), files: at({ 'valid-content.ts': 'const note = "(rest of methods ...)";' }) },
  },
];

const executeCases: ContractCaseData[] = [
  {
    id: 'execute-relative-new',
    title: 'a new file at a relative path is written as given',
    source: src('execute', 'should write a new file with a relative path'),
    given: { files: {} },
    when: { file_path: 'execute_relative_new_file.txt', content: 'Content for relative path file.' },
    then: { result: created('execute_relative_new_file.txt', 'Content for relative path file.'), files: at({ 'execute_relative_new_file.txt': 'Content for relative path file.' }) },
  },
  {
    id: 'execute-overwrite',
    title: 'an existing file is overwritten; the updated code is the changed lines with context',
    source: src('execute', 'should overwrite an existing file with corrected content and return diff'),
    given: { files: at({ 'execute_existing_file.txt': 'Original content for execute.' }) },
    when: { file_path: `${R}/execute_existing_file.txt`, content: 'Corrected overwrite for execute.' },
    then: { result: overwrote('execute_existing_file.txt', 'Corrected overwrite for execute.'), files: at({ 'execute_existing_file.txt': 'Corrected overwrite for execute.' }) },
  },
  {
    id: 'execute-new-dir',
    title: 'missing folders are created',
    source: src('execute', 'should create directory if it does not exist'),
    given: { files: {} },
    when: { file_path: `${R}/new_dir_for_write/file_in_new_dir.txt`, content: 'Content in new directory' },
    then: { result: created('new_dir_for_write/file_in_new_dir.txt', 'Content in new directory'), files: at({ 'new_dir_for_write/file_in_new_dir.txt': 'Content in new directory' }) },
  },
  {
    id: 'execute-modified-by-user',
    title: 'modified_by_user: true adds the user-modified sentence before the updated code',
    source: src('execute', 'should when modified_by_user is true include modification message'),
    given: { files: {} },
    when: { file_path: `${R}/new_file_true.txt`, content: 'New file content', modified_by_user: true },
    then: {
      result: { output: `Successfully created and wrote to new file: ${R}/new_file_true.txt. User modified the \`content\` to be: New file content Here is the updated code:\nNew file content` },
      files: at({ 'new_file_true.txt': 'New file content' }),
    },
  },
  {
    id: 'execute-not-modified-by-user',
    title: 'modified_by_user: false adds nothing',
    source: src('execute', 'should when modified_by_user is false include modification message'),
    given: { files: {} },
    when: { file_path: `${R}/new_file_false.txt`, content: 'New file content', modified_by_user: false },
    then: { result: created('new_file_false.txt', 'New file content') },
  },
  {
    id: 'execute-content-in-answer',
    title: 'a new file: the updated code is the whole content',
    source: src('execute', 'should include the file content in llmContent'),
    given: { files: {} },
    when: { file_path: `${R}/content_check.txt`, content: 'This is the content that should be returned.' },
    then: { result: created('content_check.txt', 'This is the content that should be returned.') },
  },
  {
    id: 'execute-large-update',
    title: 'a large update shows the changed line with five lines of context and ... around',
    source: src('execute', 'should return only changed lines plus context for large updates'),
    given: { files: at({ 'large_update.txt': LINES.join('\n') }) },
    when: { file_path: `${R}/large_update.txt`, content: MODIFIED.join('\n') },
    then: { result: overwrote('large_update.txt', ['...', ...MODIFIED.slice(45, 56), '...'].join('\n')), files: at({ 'large_update.txt': MODIFIED.join('\n') }) },
  },
  {
    id: 'execute-crlf-kept',
    title: 'an existing CRLF file gets every line ending of content as CRLF (detectLineEnding)',
    source: { document: 'packages/core/src/tools/write-file.ts', case: 'execute: useCRLF from detectLineEnding(originalContent)' },
    given: { files: at({ 'win.txt': 'a\r\nb\r\n' }) },
    when: { file_path: `${R}/win.txt`, content: 'a\nc\n' },
    then: { result: overwrote('win.txt', 'a\nc\n'), files: at({ 'win.txt': 'a\r\nc\r\n' }) },
  },
];

export const writeFileSuite: ProfileSuite = {
  description: "Gemini CLI's write_file tool (write-file.ts): its own tests (write-file.test.ts) as contract cases, with the full texts the model receives.",
  mount: R,
  diff_context: 3,
  cases: [...buildCases, ...executeCases],
};
