// `multiedit.task.md`: the Go reference test (test_multiedit_final.go), plus the reference
// implementations' own behaviour that SPEC 4.4 / 10.8 / 10.9 keep: relative paths, the opencode
// camelCase schema, and the Go validation (0-based) and execution (1-based) messages.
// The mount is the Go test's working directory, so the title is the path relative to it.

import type { ProfileSuite } from '../profile';

const DOC = 'multiedit.task.md';
const CWD = '/Users/williamcory/agent';
const FILE = `${CWD}/test_multiedit_final.txt`;
const BEFORE = 'First\nSecond\nThird';
const AFTER = 'One\nSecond\nThree';

const EDIT_0_DIFF = `--- ${FILE}\n+++ ${FILE}\n@@ -1,3 +1,3 @@\n-First\n+One\n Second\n Third\n\\ No newline at end of file\n`;
const EDIT_1_DIFF =
  `--- ${FILE}\n+++ ${FILE}\n@@ -1,3 +1,3 @@\n One\n Second\n` +
  '-Third\n\\ No newline at end of file\n+Three\n\\ No newline at end of file\n';

const GO_EDITS = [
  { old_string: 'First', new_string: 'One' },
  { old_string: 'Third', new_string: 'Three' },
];

export const multieditTaskSuite: ProfileSuite = {
  description: 'multiedit (fuzzy strategies, relative paths, Go reference messages): the task\'s reference test (SPEC 4.4).',
  mount: CWD,
  diff_context: 3,
  cases: [
    {
      id: 'GO-TEST',
      title: 'First → One, Third → Three gives "One\\nSecond\\nThree"; metadata holds both edits\' results',
      source: { document: DOC, case: 'test_multiedit_final.go' },
      given: { files: { [FILE]: BEFORE } },
      when: { file_path: FILE, edits: GO_EDITS },
      then: {
        result: {
          title: 'test_multiedit_final.txt',
          metadata: {
            results: [
              { strategy: 'exact', replacements: 1, line_ranges: [{ start: 1, end: 1 }], diff: EDIT_0_DIFF },
              { strategy: 'exact', replacements: 1, line_ranges: [{ start: 3, end: 3 }], diff: EDIT_1_DIFF },
            ],
          },
        },
        diff: { removed: ['First', 'Third'], added: ['One', 'Three'] },
        files: { [FILE]: AFTER },
      },
    },
    {
      id: 'GO-RELATIVE',
      title: 'A relative file_path resolves against the working directory (the mount)',
      source: { document: DOC, case: 'Go reference: "Make path absolute if it isn\'t"' },
      given: { files: { [FILE]: BEFORE } },
      when: { file_path: 'test_multiedit_final.txt', edits: GO_EDITS },
      then: {
        result: { title: 'test_multiedit_final.txt' },
        diff: { removed: ['First', 'Third'], added: ['One', 'Three'] },
        files: { [FILE]: AFTER },
      },
    },
    {
      id: 'TS-CAMELCASE',
      title: 'The opencode camelCase input (filePath, oldString, newString, per-edit filePath naming the same file)',
      source: { document: DOC, case: 'TypeScript implementation (opencode multiedit.ts)' },
      given: { files: { [FILE]: BEFORE } },
      when: {
        filePath: FILE,
        edits: [
          { filePath: FILE, oldString: 'First', newString: 'One' },
          { filePath: FILE, oldString: 'Third', newString: 'Three' },
        ],
      },
      then: {
        result: { title: 'test_multiedit_final.txt', metadata: { results: [{ replacements: 1 }, { replacements: 1 }] } },
        files: { [FILE]: AFTER },
      },
    },
    {
      id: 'GO-EMPTY-EDITS',
      title: 'An empty edits array is refused with the Go message',
      source: { document: DOC, case: 'Go reference: edits array cannot be empty' },
      given: { files: { [FILE]: BEFORE } },
      when: { file_path: FILE, edits: [] },
      then: { error: { message: 'edits array cannot be empty' }, files: { [FILE]: BEFORE } },
    },
    {
      id: 'GO-IDENTICAL',
      title: 'Identical strings are refused before any edit, numbered from 0 (Go validation message)',
      source: { document: DOC, case: 'Go reference: edit at index %d has identical old_string and new_string' },
      given: { files: { [FILE]: BEFORE } },
      when: {
        file_path: FILE,
        edits: [
          { old_string: 'First', new_string: 'One' },
          { old_string: 'Second', new_string: 'Second' },
        ],
      },
      then: { error: { message: 'edit at index 1 has identical old_string and new_string' }, files: { [FILE]: BEFORE } },
    },
    {
      id: 'GO-NOT-FOUND',
      title: 'A failing second edit is numbered from 1 (Go execution message) and nothing is written (SPEC 9.6)',
      source: { document: DOC, case: 'Go reference: edit %d failed: %v' },
      given: { files: { [FILE]: BEFORE } },
      when: {
        file_path: FILE,
        edits: [
          { old_string: 'First', new_string: 'One' },
          { old_string: 'Fourth', new_string: 'Four' },
        ],
      },
      then: { error: { message: `edit 2 failed: old_string not found in ${FILE}` }, files: { [FILE]: BEFORE } },
    },
    {
      id: 'GO-MISSING-FILE',
      title: 'A missing file (first old_string not empty) fails as edit 1',
      source: { document: DOC, case: 'Go reference: edit %d failed: %v' },
      given: { files: {} },
      when: { file_path: FILE, edits: GO_EDITS },
      then: { error: { message: `edit 1 failed: file not found: ${FILE}` }, files: { [FILE]: null } },
    },
  ],
};
