// Claude Code's Edit and Write tools (src/engine/profiles/claude-code/Edit.md, Write.md). Claude Code ships no tests
// of these texts; the reference is the source of @anthropic-ai/claude-code 2.1.88 as extracted from
// its npm package (github.com/Jayleonc/claude-code-source-code). Each case cites the file and the
// branch whose behaviour it pins (validateInput's errorCode where there is one).

import type { CaseError, ContractCaseData, ProfileSuite } from '../profile';
import { editReleaseCases } from './cases-releases';

const EDIT_TOOL = 'src/tools/FileEditTool/FileEditTool.ts';
const EDIT_UTILS = 'src/tools/FileEditTool/utils.ts';
const WRITE_TOOL = 'src/tools/FileWriteTool/FileWriteTool.ts';
const API = 'src/utils/api.ts';
const EXECUTION = 'src/services/tools/toolExecution.ts';
const FILE = 'src/utils/file.ts';

type Case = ContractCaseData;
const useError = (text: string): CaseError => ({ code: 'tool_use_error', message: `<tool_use_error>${text}</tool_use_error>` });
const UPDATED = (p: string) => ({ output: `The file ${p} has been updated successfully.` });
const STRIPPED = (field: string, n: number) =>
  `${field}: Claude Code strips trailing whitespace from every line before it runs the tool (in any file but .md and .mdx): ${n} ${n === 1 ? 'line' : 'lines'} lost trailing whitespace`;
const MULTIPLE =
  'Found 2 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ';

const editCases: Case[] = [
  {
    id: 'replace-once',
    title: 'a unique old_string is replaced; the result names the path as given',
    source: { document: EDIT_TOOL, case: 'mapToolResultToToolResultBlockParam, replaceAll false' },
    given: { files: { '/src/app.ts': 'const a = 1;\nconst b = 2;\n' } },
    when: { file_path: '/src/app.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' },
    then: { result: UPDATED('/src/app.ts'), files: { '/src/app.ts': 'const a = 1;\nconst b = 3;\n' }, warnings: [] },
  },
  {
    id: 'replace-all',
    title: 'replace_all replaces every occurrence and says so',
    source: { document: EDIT_TOOL, case: 'mapToolResultToToolResultBlockParam, replaceAll true' },
    given: { files: { '/a.txt': 'foo bar foo\nfoo\n' } },
    when: { file_path: '/a.txt', old_string: 'foo', new_string: 'baz', replace_all: true },
    then: { result: { output: 'The file /a.txt has been updated. All occurrences were successfully replaced.' }, files: { '/a.txt': 'baz bar baz\nbaz\n' } },
  },
  {
    id: 'replace-all-quoted-boolean',
    title: 'replace_all "true" (a quoted boolean) counts as true',
    source: { document: 'src/utils/semanticBoolean.ts', case: 'semanticBoolean: "true"/"false" string literals' },
    given: { files: { '/a.txt': 'x x\n' } },
    when: { file_path: '/a.txt', old_string: 'x', new_string: 'y', replace_all: 'true' },
    then: { files: { '/a.txt': 'y y\n' } },
  },
  {
    id: 'not-found',
    title: 'old_string absent: errorCode 8 quotes it',
    source: { document: EDIT_TOOL, case: 'validateInput errorCode 8 (String to replace not found)' },
    given: { files: { '/a.txt': 'hello\n' } },
    when: { file_path: '/a.txt', old_string: 'goodbye', new_string: 'hi' },
    then: { error: useError('String to replace not found in file.\nString: goodbye') },
  },
  {
    id: 'multiple-matches',
    title: 'two matches without replace_all: errorCode 9 counts them',
    source: { document: EDIT_TOOL, case: 'validateInput errorCode 9 (multiple matches, replace_all false)' },
    given: { files: { '/a.txt': '---\ntitle\n---\nbody\n' } },
    when: { file_path: '/a.txt', old_string: '---', new_string: '+++' },
    then: { error: useError(`${MULTIPLE}---`) },
  },
  {
    id: 'identical',
    title: 'old_string equal to new_string: errorCode 1',
    source: { document: EDIT_TOOL, case: 'validateInput errorCode 1 (No changes to make)' },
    given: { files: { '/a.txt': 'same\n' } },
    when: { file_path: '/a.txt', old_string: 'same', new_string: 'same' },
    then: { error: useError('No changes to make: old_string and new_string are exactly the same.') },
  },
  {
    id: 'identical-after-strip',
    title: 'new_string equal to old_string once its trailing spaces are stripped: errorCode 1',
    source: { document: API, case: 'normalizeToolInput FileEditTool: stripTrailingWhitespace(new_string) before validation' },
    given: { files: { '/a.py': 'x = 1\n' } },
    when: { file_path: '/a.py', old_string: 'x = 1', new_string: 'x = 1   ' },
    then: { error: useError('No changes to make: old_string and new_string are exactly the same.'), warnings: [STRIPPED('new_string', 1)] },
  },
  {
    id: 'markdown-keeps-trailing-spaces',
    title: 'in a .md file new_string keeps its trailing spaces (a hard line break)',
    source: { document: EDIT_UTILS, case: 'normalizeFileEditInput: isMarkdown skips stripTrailingWhitespace' },
    given: { files: { '/README.md': 'line one\nline two\n' } },
    when: { file_path: '/README.md', old_string: 'line one', new_string: 'line one  ' },
    then: { files: { '/README.md': 'line one  \nline two\n' }, warnings: [] },
  },
  {
    id: 'missing-file',
    title: 'a missing file: errorCode 4 names the working directory (the mount)',
    source: { document: EDIT_TOOL, case: 'validateInput errorCode 4 (File does not exist)' },
    mount: '/repo',
    given: { files: { '/repo/src/other.ts': '' } },
    when: { file_path: '/repo/src/missing.ts', old_string: 'a', new_string: 'b' },
    then: { error: useError('File does not exist. Note: your current working directory is /repo.') },
  },
  {
    id: 'missing-file-similar',
    title: 'a missing file with a namesake of another extension: "Did you mean"',
    source: { document: FILE, case: 'findSimilarFile: same base name, different extension' },
    given: { files: { '/src/index.ts': 'x\n' } },
    when: { file_path: '/src/index.js', old_string: 'x', new_string: 'y' },
    then: { error: useError('File does not exist. Note: your current working directory is /. Did you mean index.ts?') },
  },
  {
    id: 'create-with-empty-old-string',
    title: 'an empty old_string creates a missing file with new_string as given, folders included',
    source: { document: EDIT_TOOL, case: 'validateInput: empty old_string on a nonexistent file is file creation' },
    when: { file_path: '/new/dir/f.txt', old_string: '', new_string: 'hello  \nworld\n' },
    then: { result: UPDATED('/new/dir/f.txt'), files: { '/new/dir/f.txt': 'hello  \nworld\n' }, warnings: [] },
  },
  {
    id: 'create-existing',
    title: 'an empty old_string on a file with content: errorCode 3',
    source: { document: EDIT_TOOL, case: 'validateInput errorCode 3 (Cannot create new file - file already exists)' },
    given: { files: { '/a.txt': 'content\n' } },
    when: { file_path: '/a.txt', old_string: '', new_string: 'x' },
    then: { error: useError('Cannot create new file - file already exists.') },
  },
  {
    id: 'fill-blank-file',
    title: 'an empty old_string fills a whitespace-only file',
    source: { document: EDIT_TOOL, case: 'validateInput: empty file with empty old_string is valid' },
    given: { files: { '/a.txt': '  \n' } },
    when: { file_path: '/a.txt', old_string: '', new_string: 'filled\n' },
    then: { result: UPDATED('/a.txt'), files: { '/a.txt': 'filled\n' } },
  },
  {
    id: 'notebook',
    title: 'a .ipynb file: errorCode 5 points to NotebookEdit',
    source: { document: EDIT_TOOL, case: 'validateInput errorCode 5 (Jupyter Notebook)' },
    given: { files: { '/nb.ipynb': '{"cells": []}\n' } },
    when: { file_path: '/nb.ipynb', old_string: 'cells', new_string: 'x' },
    then: { error: useError('File is a Jupyter Notebook. Use the NotebookEdit to edit this file.') },
  },
  {
    id: 'quote-normalised',
    title: "straight quotes in old_string match the file's curly ones; new_string takes curly quotes",
    source: { document: EDIT_UTILS, case: 'findActualString and preserveQuoteStyle' },
    given: { files: { '/a.txt': 'She said \u201Chello\u201D.\n' } },
    when: { file_path: '/a.txt', old_string: 'said "hello"', new_string: 'said "goodbye"' },
    then: {
      files: { '/a.txt': 'She said \u201Cgoodbye\u201D.\n' },
      warnings: ["old_string matched only with the file's curly quotes read as straight ones; new_string was written with curly quotes in their place"],
    },
  },
  {
    id: 'apostrophe',
    title: 'a single quote between letters becomes a right single quote (an apostrophe)',
    source: { document: EDIT_UTILS, case: 'applyCurlySingleQuotes: contraction' },
    given: { files: { '/a.txt': 'it\u2019s \u2018fine\u2019\n' } },
    when: { file_path: '/a.txt', old_string: "it's 'fine'", new_string: "don't 'worry'" },
    then: { files: { '/a.txt': 'don\u2019t \u2018worry\u2019\n' } },
  },
  {
    id: 'desanitised',
    title: 'old_string written in the API\'s short form (<fnr>) matches the full tag, and new_string follows',
    source: { document: EDIT_UTILS, case: 'normalizeFileEditInput: desanitizeMatchString' },
    given: { files: { '/p.txt': 'see <function_results> here\n' } },
    when: { file_path: '/p.txt', old_string: 'see <fnr> here', new_string: 'saw <fnr> there' },
    then: {
      files: { '/p.txt': 'saw <function_results> there\n' },
      warnings: ['old_string did not occur in the file until Claude Code desanitised it ("<fnr>" → "<function_results>"); new_string took the same replacements'],
    },
  },
  {
    id: 'delete-takes-newline',
    title: 'an empty new_string also deletes the line break after old_string',
    source: { document: EDIT_UTILS, case: 'applyEditToFile: stripTrailingNewline' },
    given: { files: { '/a.txt': 'keep\ndrop\nkeep too\n' } },
    when: { file_path: '/a.txt', old_string: 'drop', new_string: '' },
    then: {
      files: { '/a.txt': 'keep\nkeep too\n' },
      warnings: ['new_string is empty and old_string does not end with a line break: Claude Code deletes the line break that follows the match too'],
    },
  },
  {
    id: 'crlf-file',
    title: 'a CRLF file is written back with CRLF throughout, its odd LF ending too',
    source: { document: FILE, case: 'writeTextContent with detectLineEndingsForString CRLF' },
    given: { files: { '/w.txt': 'one\r\ntwo\r\nthree\n' } },
    when: { file_path: '/w.txt', old_string: 'two', new_string: '2' },
    then: {
      files: { '/w.txt': 'one\r\n2\r\nthree\r\n' },
      warnings: ['/w.txt: Claude Code writes the whole file back with CRLF line endings (the kind most used in its first 4096 characters): 1 LF line ending of the file becomes CRLF'],
    },
  },
  {
    id: 'unknown-field',
    title: 'an unknown field fails the strict schema',
    source: { document: EXECUTION, case: 'checkPermissionsAndCallTool: InputValidationError (formatZodValidationError)' },
    given: { files: { '/a.txt': 'a\n' } },
    when: { file_path: '/a.txt', old_string: 'a', new_string: 'b', expected_replacements: 1 },
    then: { error: useError('InputValidationError: Edit failed due to the following issue:\nAn unexpected parameter `expected_replacements` was provided'), warnings: [] },
  },
  {
    id: 'missing-parameter',
    title: 'a missing new_string is named',
    source: { document: EXECUTION, case: 'checkPermissionsAndCallTool: InputValidationError, missing parameter' },
    given: { files: { '/a.txt': 'a\n' } },
    when: { file_path: '/a.txt', old_string: 'a' },
    then: { error: useError('InputValidationError: Edit failed due to the following issue:\nThe required parameter `new_string` is missing') },
  },
];

const writeCases: Case[] = [
  {
    id: 'create',
    title: 'a new file (and its folders) is created',
    source: { document: WRITE_TOOL, case: "mapToolResultToToolResultBlockParam type 'create'" },
    when: { file_path: '/src/new/mod.ts', content: 'export const x = 1;\n' },
    then: { result: { output: 'File created successfully at: /src/new/mod.ts' }, files: { '/src/new/mod.ts': 'export const x = 1;\n' }, warnings: [] },
  },
  {
    id: 'update',
    title: 'an existing file is replaced whole',
    source: { document: WRITE_TOOL, case: "mapToolResultToToolResultBlockParam type 'update'" },
    given: { files: { '/a.txt': 'old\n' } },
    when: { file_path: '/a.txt', content: 'new\n' },
    then: { result: { output: 'The file /a.txt has been updated successfully.' }, files: { '/a.txt': 'new\n' } },
  },
  {
    id: 'empty-file-is-created',
    title: 'overwriting an empty file reports a creation (the old content is empty)',
    source: { document: WRITE_TOOL, case: "call: `if (oldContent)` decides between 'update' and 'create'" },
    given: { files: { '/e.txt': '' } },
    when: { file_path: '/e.txt', content: 'x\n' },
    then: { result: { output: 'File created successfully at: /e.txt' }, files: { '/e.txt': 'x\n' } },
  },
  {
    id: 'strip-trailing-whitespace',
    title: 'trailing whitespace is stripped from every line of content',
    source: { document: API, case: 'normalizeToolInput FileWriteTool: stripTrailingWhitespace(content)' },
    when: { file_path: '/a.py', content: 'x = 1   \n\ty = 2\t\n' },
    then: { files: { '/a.py': 'x = 1\n\ty = 2\n' }, warnings: [STRIPPED('content', 2)] },
  },
  {
    id: 'markdown-kept',
    title: 'a .md file keeps trailing spaces',
    source: { document: API, case: 'normalizeToolInput FileWriteTool: isMarkdown' },
    when: { file_path: '/NOTES.md', content: 'a  \nb\n' },
    then: { files: { '/NOTES.md': 'a  \nb\n' }, warnings: [] },
  },
  {
    id: 'own-line-endings',
    title: "content's own line endings are written, not the old file's",
    source: { document: WRITE_TOOL, case: "call: writeTextContent(fullFilePath, content, enc, 'LF')" },
    given: { files: { '/w.txt': 'a\r\nb\r\n' } },
    when: { file_path: '/w.txt', content: 'c\nd\n' },
    then: {
      files: { '/w.txt': 'c\nd\n' },
      warnings: ["/w.txt: the file's CRLF line endings are not kept: Write writes content's own line endings (earlier Claude Code versions kept the old file's)"],
    },
  },
  {
    id: 'relative-path',
    title: 'a relative path is resolved against the working directory and echoed as given',
    source: { document: 'src/utils/path.ts', case: 'expandPath: relative paths resolve against getCwd()' },
    mount: '/repo',
    when: { file_path: 'docs/x.txt', content: 'x\n' },
    then: { result: { output: 'File created successfully at: docs/x.txt' }, files: { '/repo/docs/x.txt': 'x\n' } },
  },
  {
    id: 'missing-content',
    title: 'a missing content is named',
    source: { document: EXECUTION, case: 'checkPermissionsAndCallTool: InputValidationError, missing parameter' },
    when: { file_path: '/a.txt' },
    then: { error: useError('InputValidationError: Write failed due to the following issue:\nThe required parameter `content` is missing') },
  },
];

export const editSuite: ProfileSuite = {
  description: "Claude Code's Edit tool (@anthropic-ai/claude-code 2.1.88): results and errors as the model receives them; as older releases answered (release: the version).",
  cases: [...editCases, ...editReleaseCases],
};

export const writeSuite: ProfileSuite = {
  description: "Claude Code's Write tool (@anthropic-ai/claude-code 2.1.88): results and errors as the model receives them.",
  cases: writeCases,
};
