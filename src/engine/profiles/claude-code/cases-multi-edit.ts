// Claude Code's own MultiEdit tool (profile claude_code_MultiEdit) as its last release with it,
// @anthropic-ai/claude-code 1.0.128, ran it (src/engine/profiles/claude-code/claude-code-versions.md). Claude Code
// ships no tests of these texts and no source beyond the bundled cli.js; each case cites the part
// of that file whose behaviour it pins (the minified names differ per build, so the citation
// names the tool method and the branch). A contract run has no read state: every file counts as read.

import type { CaseError, ContractCaseData, ProfileSuite } from '../profile';

const CLI = '@anthropic-ai/claude-code@1.0.128 cli.js';

type Case = ContractCaseData;
const useError = (text: string): CaseError => ({ code: 'tool_use_error', message: `<tool_use_error>${text}</tool_use_error>` });
const callError = (text: string): CaseError => ({ code: 'call_error', message: text });
const applied = (path: string, lines: string[]) => ({ output: `Applied ${lines.length} edit${lines.length === 1 ? '' : 's'} to ${path}:\n${lines.join('\n')}` });

const cases: Case[] = [
  {
    id: 'two-edits',
    title: 'edits apply in order; the result lists each one',
    source: { document: CLI, case: 'MultiEdit call() and mapToolResultToToolResultBlockParam ("Applied N edits to")' },
    given: { files: { '/app.toml': 'port = 8080\ndebug = false\n' } },
    when: { file_path: '/app.toml', edits: [{ old_string: 'port = 8080', new_string: 'port = 3000' }, { old_string: 'debug = false', new_string: 'debug = true' }] },
    then: {
      result: applied('/app.toml', ['1. Replaced "port = 8080" with "port = 3000"', '2. Replaced "debug = false" with "debug = true"']),
      files: { '/app.toml': 'port = 3000\ndebug = true\n' },
      warnings: [],
    },
  },
  {
    id: 'cut-at-50',
    title: 'a string longer than 50 characters is cut, with "..."',
    source: { document: CLI, case: 'MultiEdit mapToolResultToToolResultBlockParam: substring(0, 50) and "..."' },
    given: { files: { '/a.txt': 'x\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'x', new_string: 'y'.repeat(51) }] },
    then: { result: applied('/a.txt', [`1. Replaced "x" with "${'y'.repeat(50)}..."`]) },
  },
  {
    id: 'replace-all',
    title: 'replace_all replaces every occurrence in the text so far',
    source: { document: CLI, case: 'applyEdits: replaceAll when replace_all, else replace (first occurrence)' },
    given: { files: { '/a.txt': 'foo bar foo\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'foo', new_string: 'baz', replace_all: true }] },
    then: { result: applied('/a.txt', ['1. Replaced "foo" with "baz"']), files: { '/a.txt': 'baz bar baz\n' } },
  },
  {
    id: 'validated-against-original',
    title: 'each edit is validated against the file before the call: text only an earlier edit writes is not found',
    source: { document: CLI, case: 'MultiEdit validateInput: Edit validateInput for each edit, errorCode 8' },
    given: { files: { '/a.txt': 'alpha\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'alpha', new_string: 'beta' }, { old_string: 'beta', new_string: 'gamma' }] },
    then: { error: useError('String to replace not found in file.\nString: beta') },
  },
  {
    id: 'multiple-matches',
    title: 'an edit matching twice without replace_all is refused (Edit errorCode 9)',
    source: { document: CLI, case: 'MultiEdit validateInput: Edit validateInput errorCode 9' },
    given: { files: { '/a.txt': 'x x\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'x', new_string: 'y' }] },
    then: {
      error: useError(
        'Found 2 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: x',
      ),
    },
  },
  {
    id: 'identical',
    title: 'an edit whose strings are equal is refused (Edit errorCode 1)',
    source: { document: CLI, case: 'MultiEdit validateInput: Edit validateInput errorCode 1' },
    given: { files: { '/a.txt': 'a\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'a', new_string: 'a' }] },
    then: { error: useError('No changes to make: old_string and new_string are exactly the same.') },
  },
  {
    id: 'substring-of-earlier-new',
    title: 'an old_string inside an earlier new_string fails in call(), unwrapped',
    source: { document: CLI, case: 'applyEdits: "Cannot edit file: old_string is a substring of a new_string from a previous edit."' },
    given: { files: { '/a.txt': 'a b\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'a', new_string: 'b a' }, { old_string: 'b', new_string: 'c' }] },
    then: { error: callError('Cannot edit file: old_string is a substring of a new_string from a previous edit.') },
  },
  {
    id: 'gone-after-earlier-edit',
    title: 'an edit whose text an earlier edit replaced fails in call(), unwrapped',
    source: { document: CLI, case: 'applyEdits: "String not found in file. Failed to apply edit."' },
    given: { files: { '/a.txt': 'a b\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'a', new_string: 'c' }, { old_string: 'a', new_string: 'd' }] },
    then: { error: callError('String not found in file. Failed to apply edit.') },
  },
  {
    id: 'curly-quotes-fail-in-call',
    title: 'straight quotes match curly ones in validation, but call() applies old_string as given',
    source: { document: CLI, case: 'Edit validateInput findActualString; MultiEdit call() applies the edits unnormalised' },
    given: { files: { '/a.txt': 'say \u201Chi\u201D\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: '"hi"', new_string: '"bye"' }] },
    then: { error: callError('String not found in file. Failed to apply edit.') },
  },
  {
    id: 'create',
    title: 'a single edit with an empty old_string creates a missing file',
    source: { document: CLI, case: 'Edit validateInput: missing file and empty old_string pass; applyEdits: empty old_string sets the content' },
    when: { file_path: '/new/notes.md', edits: [{ old_string: '', new_string: '# Notes\n' }] },
    then: { result: applied('/new/notes.md', ['1. Replaced "" with "# Notes\n"']), files: { '/new/notes.md': '# Notes\n' } },
  },
  {
    id: 'create-then-edit',
    title: 'a later edit of a file the call would create is refused: the file does not exist yet',
    source: { document: CLI, case: 'MultiEdit validateInput: Edit validateInput errorCode 4 for the second edit' },
    when: { file_path: '/new.txt', edits: [{ old_string: '', new_string: 'a\n' }, { old_string: 'a', new_string: 'b' }] },
    then: { error: useError('File does not exist.') },
  },
  {
    id: 'create-over-existing',
    title: 'an empty old_string on a file with content is refused (Edit errorCode 3)',
    source: { document: CLI, case: 'MultiEdit validateInput: Edit validateInput errorCode 3' },
    given: { files: { '/a.txt': 'x\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: '', new_string: 'y' }] },
    then: { error: useError('Cannot create new file - file already exists.') },
  },
  {
    id: 'notebook',
    title: 'a notebook is refused (Edit errorCode 5)',
    source: { document: CLI, case: 'MultiEdit validateInput: Edit validateInput errorCode 5' },
    given: { files: { '/n.ipynb': '{}' } },
    when: { file_path: '/n.ipynb', edits: [{ old_string: '{', new_string: '[' }] },
    then: { error: useError('File is a Jupyter Notebook. Use the NotebookEdit to edit this file.') },
  },
  {
    id: 'strip-trailing-whitespace',
    title: 'every new_string of an existing file loses trailing whitespace, in Markdown too',
    source: { document: CLI, case: 'normalizeToolInput MultiEdit: each new_string stripped of trailing whitespace' },
    given: { files: { '/a.md': 'one\n' } },
    when: { file_path: '/a.md', edits: [{ old_string: 'one', new_string: 'two  \nthree\t' }] },
    then: {
      files: { '/a.md': 'two\nthree\n' },
      result: applied('/a.md', ['1. Replaced "one" with "two\nthree"']),
      warnings: ['edits[0].new_string: Claude Code strips trailing whitespace from every line before it runs the tool: 2 lines lost trailing whitespace'],
    },
  },
  {
    id: 'delete-line',
    title: 'an empty new_string takes the line break after old_string too',
    source: { document: CLI, case: 'applyEdit: empty new_string and old_string + "\\n" in the file' },
    given: { files: { '/a.txt': 'a\nb\nc\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'b', new_string: '' }] },
    then: { files: { '/a.txt': 'a\nc\n' } },
  },
  {
    id: 'crlf-kept',
    title: 'a CRLF file is written back with CRLF',
    source: { document: CLI, case: 'MultiEdit call(): writeTextContent with the detected line endings' },
    given: { files: { '/a.txt': 'a\r\nb\r\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'b', new_string: 'c\nd' }] },
    then: { files: { '/a.txt': 'a\r\nc\r\nd\r\n' } },
  },
  {
    id: 'no-edits',
    title: 'an empty edits array: zod 3\'s own message, as JSON',
    source: { document: CLI, case: 'formatZodValidationError: no categorised issue, so the ZodError message' },
    given: { files: { '/a.txt': 'a\n' } },
    when: { file_path: '/a.txt', edits: [] },
    then: {
      error: useError(
        'InputValidationError: [\n  {\n    "code": "too_small",\n    "minimum": 1,\n    "type": "array",\n    "inclusive": true,\n    "exact": false,\n    "message": "At least one edit is required",\n    "path": [\n      "edits"\n    ]\n  }\n]',
      ),
    },
  },
  {
    id: 'schema-problems',
    title: 'a missing and an unknown field of an edit are named, the missing one by its path',
    source: { document: CLI, case: 'formatZodValidationError: missing, then unexpected parameters' },
    given: { files: { '/a.txt': 'a\n' } },
    when: { file_path: '/a.txt', edits: [{ old_string: 'a', replace: true }] },
    then: {
      error: useError('InputValidationError: MultiEdit failed due to the following issues:\nThe required parameter `edits[0].new_string` is missing\nAn unexpected parameter `replace` was provided'),
    },
  },
];

export const claudeCodeMultiEditSuite: ProfileSuite = {
  description: "Claude Code's own MultiEdit tool (@anthropic-ai/claude-code 1.0.128, its last release): results and errors as the model received them.",
  cases,
};
