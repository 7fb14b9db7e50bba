// Gemini CLI's `replace` as other releases answer (release: the Gemini CLI version the case runs
// as). Each text is the published @google/gemini-cli-core's (packages/core/dist/src/tools/edit.js
// and the files it calls), placed at the release tag that changed it in google-gemini/gemini-cli
// (releases.ts); the same texts are pinned per release by releases.test.ts,
// releases-before-0.31.test.ts and releases-0.31-to-0.50.test.ts. Cases run at the root (mount /),
// as those tests do.

import type { ContractCaseData } from '../profile';

const dist = (v: string): string => `@google/gemini-cli-core@${v} dist/src/tools/edit.js`;
const TESTS_029 = 'packages/core/src/tools/edit.test.ts @ v0.29.0';
const TESTS_FIX = 'packages/core/src/tools/edit.test.ts @ 6fee663ddc';
const call = (file_path: string, old_string: string, new_string: string, extra: Record<string, number | boolean> = {}) => ({ file_path, instruction: 'test', old_string, new_string, ...extra });

export const replaceReleaseCases: ContractCaseData[] = [
  {
    id: 'release-0.58.0-miss',
    title: '0.58.0 and later: the "0 occurrences" error names the read window',
    release: '0.58.0',
    mount: '/',
    source: { document: dist('0.58.0'), case: 'EDIT_NO_OCCURRENCE_FOUND: Could not find an exact match' },
    given: { files: { '/main.py': 'print(1)\n' } },
    when: call('/main.py', 'print(2)', 'print(3)'),
    then: {
      error: {
        code: 'edit_no_occurrence_found',
        message:
          "Could not find an exact match for 'old_string' in '/main.py'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.",
      },
    },
  },
  {
    id: 'release-0.58.0-modified-by-user',
    title: '0.58.0 and later: a new_string changed at confirmation is said to be the confirmation step\'s',
    release: '0.58.0',
    mount: '/',
    source: { document: dist('0.58.0'), case: 'modified_by_user' },
    given: { files: { '/main.py': 'print(1)\n' } },
    when: call('/main.py', 'print(1)', 'print(9)', { modified_by_user: true }),
    then: {
      result: { output: 'Successfully modified file: /main.py (1 replacements). Here is the updated code:\nprint(9)\n The confirmation step modified the `new_string` content to be: print(9).' },
      files: { '/main.py': 'print(9)\n' },
    },
  },
  {
    id: 'release-0.44.0-flexible-trailing-newline',
    title: '0.44.0 and later: a flexible match keeps the line break after it',
    release: '0.44.0',
    mount: '/',
    source: { document: TESTS_FIX, case: 'should preserve trailing newlines in flexible replacement (regression)' },
    given: { files: { '/test.txt': '  line1\n  line2\n  line3\n' } },
    when: call('/test.txt', 'line1\nline2', 'line1-replaced\nline2-replaced'),
    then: { files: { '/test.txt': '  line1-replaced\n  line2-replaced\n  line3\n' } },
  },
  {
    id: 'release-0.34.0-flexible-joins-next-line',
    title: '0.31.0 to 0.43.x: a flexible match joins the next line onto the new text',
    release: '0.34.0',
    mount: '/',
    source: { document: TESTS_FIX, case: 'should preserve trailing newlines in flexible replacement (regression), before the fix' },
    given: { files: { '/test.txt': '  line1\n  line2\n  line3\n' } },
    when: call('/test.txt', 'line1\nline2', 'line1-replaced\nline2-replaced'),
    then: { files: { '/test.txt': '  line1-replaced\n  line2-replaced  line3\n' } },
  },
  {
    id: 'release-0.34.0-flexible-allow-multiple',
    title: '0.31.0 to 0.43.x: with allow_multiple, the match after a flexible one is skipped',
    release: '0.34.0',
    mount: '/',
    source: { document: TESTS_FIX, case: 'should correctly increment loop index … when allow_multiple is true (regression), before the fix' },
    given: { files: { '/test.txt': '  match1\n  match2\n  match1\n  match2\n' } },
    when: call('/test.txt', 'match1\nmatch2', 'replaced1\nreplaced2\nreplaced3', { allow_multiple: true }),
    then: {
      result: { output: 'Successfully modified file: /test.txt (1 replacements). Here is the updated code:\n  replaced1\n  replaced2\n  replaced3  match1\n  match2\n' },
      files: { '/test.txt': '  replaced1\n  replaced2\n  replaced3  match1\n  match2\n' },
    },
  },
  {
    id: 'release-0.31.0-relative-not-found',
    title: '0.31.0 to 0.33.x: a relative path that path correction cannot find is refused',
    release: '0.31.0',
    mount: '/',
    source: { document: '@google/gemini-cli-core@0.31.0 dist/src/utils/pathCorrector.js', case: 'correctPath: File not found' },
    given: { files: { '/src/app.py': 'x = 1\n' } },
    when: call('new.py', '', 'print(1)\n'),
    then: { error: { code: 'invalid_tool_params', message: "File not found for 'new.py' and path is not absolute." }, files: { '/new.py': null } },
  },
  {
    id: 'release-0.31.0-ambiguous',
    title: '0.31.0 to 0.33.x: a relative path matching several files is refused and they are listed',
    release: '0.31.0',
    mount: '/',
    source: { document: '@google/gemini-cli-core@0.31.0 dist/src/utils/pathCorrector.js', case: 'correctPath: ambiguous' },
    given: { files: { '/a/util.py': 'x\n', '/b/util.py': 'x\n' } },
    when: call('util.py', 'x', 'y'),
    then: { error: { code: 'invalid_tool_params', message: "The file path 'util.py' is ambiguous and matches multiple files. Please provide a more specific path. Matches: /a/util.py, /b/util.py" } },
  },
  {
    id: 'release-0.29.0-count-only',
    title: 'before 0.31.0: the success text has the count and no updated code',
    release: '0.29.0',
    mount: '/',
    source: { document: TESTS_029, case: 'should edit an existing file and return diff with fileName' },
    given: { files: { '/execute_me.txt': 'This is some old text.' } },
    when: call('/execute_me.txt', 'old', 'new'),
    then: { result: { output: 'Successfully modified file: /execute_me.txt (1 replacements).' }, files: { '/execute_me.txt': 'This is some new text.' } },
  },
  {
    id: 'release-0.29.0-expected-replacements',
    title: 'before 0.31.0: expected_replacements replaces that many occurrences',
    release: '0.29.0',
    mount: '/',
    source: { document: TESTS_029, case: 'expected_replacements > should succeed when occurrences match expected_replacements' },
    given: { files: { '/r.txt': 'foo foo foo' } },
    when: call('/r.txt', 'foo', 'bar', { expected_replacements: 3 }),
    then: { result: { output: 'Successfully modified file: /r.txt (3 replacements).' }, files: { '/r.txt': 'bar bar bar' } },
  },
  {
    id: 'release-0.29.0-expected-mismatch',
    title: 'before 0.31.0: a count other than expected_replacements is refused',
    release: '0.29.0',
    mount: '/',
    source: { document: TESTS_029, case: 'expected_replacements > should fail when occurrences do not match expected_replacements' },
    given: { files: { '/r.txt': 'foo foo foo' } },
    when: call('/r.txt', 'foo', 'bar', { expected_replacements: 2 }),
    then: { error: { code: 'edit_expected_occurrence_mismatch', message: 'Failed to edit, Expected 2 occurrences but found 3 for old_string in file: /r.txt' } },
  },
  {
    id: 'release-0.28.0-created',
    title: '0.28.x and earlier: a created file is said to be created, with nothing after it',
    release: '0.28.0',
    mount: '/',
    source: { document: 'packages/core/src/tools/edit.ts @ v0.28.0', case: 'Created new file' },
    when: call('/new.txt', '', 'a\n'),
    then: { result: { output: 'Created new file: /new.txt with provided content.' }, files: { '/new.txt': 'a\n' } },
  },
];
