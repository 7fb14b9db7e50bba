// `MultiEdit.story.md`: the five QA scenarios and the three "Specification by Example" examples,
// as SPEC 4.3 decides them. The story gives no file contents; the ones here are written for it.
// SPEC 4.3 fixes the error codes and that a message names the edit (`Edit {i}: `, 0-based); the
// rest of a message's wording is the engine's, so messages are matched on those parts only.

import type { ProfileSuite } from '../profile';

const DOC = 'MultiEdit.story.md';

const APP_PY = 'def greet(name):\n    print("Hello, " + name)\n\ngreet("world")\n';

const README_V1 = '# New Feature\n\nThis new feature introduces improved user authentication.';
const README_V2 = '# New Feature\n\nThis new feature introduces enhanced user authentication.';

const MAIN_GO = [
  'package main',
  '',
  'import "fmt"',
  '',
  'var userCount int',
  '',
  'func calculate() int {',
  '\tuserCount = userCount + 1',
  '\treturn userCount',
  '}',
  '',
  'func main() {',
  '\tfmt.Println(calculate(), userCount)',
  '}',
  '',
].join('\n');

const MAIN_GO_AFTER = [
  'package main',
  '',
  'import "fmt"',
  '',
  'var activeUserCount int',
  '',
  '// calculate calculates the active user count',
  'func calculate() int {',
  '\tactiveUserCount = activeUserCount + 1',
  '\treturn activeUserCount',
  '}',
  '',
  'func main() {',
  '\tfmt.Println(calculate(), activeUserCount)',
  '}',
  '',
].join('\n');

const CONFIG_JS = 'const API_KEY = "123";\nconst DEBUG_MODE = false;\n\nmodule.exports = { API_KEY, DEBUG_MODE };\n';

export const multiEditStorySuite: ProfileSuite = {
  description: 'MultiEdit (single file, exact, replace_all, creation): the story\'s QA scenarios and examples (SPEC 4.3).',
  mount: '/',
  diff_context: 3,
  cases: [
    {
      id: 'QA1',
      title: 'Successful multi-edit on an existing file; edit 2 edits the text edit 0 wrote',
      source: { document: DOC, case: 'Scenario 1 (Successful Multi-Edit on Existing File)' },
      given: { files: { '/src/app.py': APP_PY } },
      when: {
        file_path: '/src/app.py',
        edits: [
          { old_string: 'print("Hello, " + name)', new_string: 'print(f"Hello, {name}!")' },
          { old_string: 'greet("world")', new_string: 'greet("QA")' },
          { old_string: 'f"Hello, {name}!"', new_string: 'f"Hi, {name}!"' },
        ],
      },
      then: {
        result: {
          success: true,
          file_path: '/src/app.py',
          created: false,
          applied_count: 3,
          edits: [
            { index: 0, replacements: 1, line_ranges: [{ start: 2, end: 2 }] },
            { index: 1, replacements: 1, line_ranges: [{ start: 4, end: 4 }] },
            { index: 2, replacements: 1, line_ranges: [{ start: 2, end: 2 }] },
          ],
        },
        diff: {
          equals:
            '--- /src/app.py\n+++ /src/app.py\n@@ -1,4 +1,4 @@\n' +
            ' def greet(name):\n-    print("Hello, " + name)\n+    print(f"Hi, {name}!")\n \n-greet("world")\n+greet("QA")\n',
        },
        files: { '/src/app.py': 'def greet(name):\n    print(f"Hi, {name}!")\n\ngreet("QA")\n' },
      },
    },
    {
      id: 'QA2',
      title: 'New file creation, then a second edit ("improved" → "enhanced") on the created content',
      source: { document: DOC, case: 'Scenario 2 (New File Creation with Multi-Edit)' },
      given: { files: {} },
      when: {
        file_path: '/new_feature/README.md',
        edits: [
          { old_string: '', new_string: README_V1 },
          { old_string: 'improved', new_string: 'enhanced' },
        ],
      },
      then: {
        result: {
          success: true,
          file_path: '/new_feature/README.md',
          created: true,
          applied_count: 2,
          edits: [
            { index: 0, replacements: 1, line_ranges: [{ start: 1, end: 3 }] },
            { index: 1, replacements: 1, line_ranges: [{ start: 3, end: 3 }] },
          ],
        },
        diff: {
          removed: [],
          added: ['# New Feature', '', 'This new feature introduces enhanced user authentication.'],
          equals:
            '--- /dev/null\n+++ /new_feature/README.md\n@@ -0,0 +1,3 @@\n' +
            '+# New Feature\n+\n+This new feature introduces enhanced user authentication.\n\\ No newline at end of file\n',
        },
        files: { '/new_feature/README.md': README_V2 },
      },
    },
    {
      id: 'QA3',
      title: 'Failed multi-edit rolls back: edit 1\'s old_string does not exist, the file is unchanged',
      source: { document: DOC, case: 'Scenario 3 (Failed Multi-Edit with Rollback - Occurrence Not Found)' },
      given: { files: { '/src/app.py': APP_PY } },
      when: {
        file_path: '/src/app.py',
        edits: [
          { old_string: 'greet("world")', new_string: 'greet("QA")' },
          { old_string: 'farewell("world")', new_string: 'farewell("QA")' },
        ],
      },
      then: {
        error: { code: 'STRING_NOT_FOUND', message: { regex: '^Edit 1: ' } },
        files: { '/src/app.py': APP_PY },
      },
    },
    {
      id: 'QA4',
      title: 'Attempt to create an existing file (empty old_string) fails instead of appending',
      source: { document: DOC, case: 'Scenario 4 (Failed Multi-Edit - Attempt to Create Existing File)' },
      given: { files: { '/src/app.py': APP_PY } },
      when: {
        file_path: '/src/app.py',
        edits: [{ old_string: '', new_string: 'print("appended?")\n' }],
      },
      then: {
        error: { code: 'ATTEMPT_TO_CREATE_EXISTING_FILE', message: { regex: '^Edit 0: ' } },
        files: { '/src/app.py': APP_PY },
      },
    },
    {
      id: 'QA5',
      title: 'old_string and new_string identical (edit 1) fails before anything is read',
      source: { document: DOC, case: 'Scenario 5 (Failed Multi-Edit - Old String and New String Identical)' },
      given: { files: { '/src/app.py': APP_PY } },
      when: {
        file_path: '/src/app.py',
        edits: [
          { old_string: 'greet("world")', new_string: 'greet("QA")' },
          { old_string: 'def greet', new_string: 'def greet' },
        ],
      },
      then: {
        error: { code: 'EDIT_OLD_NEW_IDENTICAL', message: { regex: '^Edit 1: ' } },
        files: { '/src/app.py': APP_PY },
      },
    },
    {
      id: 'EX1',
      title: 'Rename a variable with replace_all (5 replacements, one range each) and add a comment',
      source: { document: DOC, case: 'Specification by Example 1: Renaming a variable and adding a comment in a Go file' },
      given: { files: { '/src/main.go': MAIN_GO } },
      when: {
        file_path: '/src/main.go',
        edits: [
          { old_string: 'userCount', new_string: 'activeUserCount', replace_all: true },
          {
            old_string: 'func calculate() int {',
            new_string: '// calculate calculates the active user count\nfunc calculate() int {',
            replace_all: false,
          },
        ],
      },
      then: {
        result: {
          success: true,
          file_path: '/src/main.go',
          created: false,
          applied_count: 2,
          edits: [
            {
              index: 0,
              replacements: 5,
              line_ranges: [
                { start: 5, end: 5 },
                { start: 8, end: 8 },
                { start: 8, end: 8 },
                { start: 9, end: 9 },
                { start: 13, end: 13 },
              ],
            },
            { index: 1, replacements: 1, line_ranges: [{ start: 7, end: 7 }] },
          ],
        },
        diff: {
          equals:
            '--- /src/main.go\n+++ /src/main.go\n@@ -2,13 +2,14 @@\n' +
            ' \n import "fmt"\n \n-var userCount int\n+var activeUserCount int\n \n' +
            '+// calculate calculates the active user count\n func calculate() int {\n' +
            '-\tuserCount = userCount + 1\n-\treturn userCount\n+\tactiveUserCount = activeUserCount + 1\n+\treturn activeUserCount\n' +
            ' }\n \n func main() {\n-\tfmt.Println(calculate(), userCount)\n+\tfmt.Println(calculate(), activeUserCount)\n }\n',
        },
        files: { '/src/main.go': MAIN_GO_AFTER },
      },
    },
    {
      id: 'EX2',
      title: 'Create a new file with initial content (parent folder created)',
      source: { document: DOC, case: 'Specification by Example 2: Creating a new file and adding initial content' },
      given: { files: { '/src/main.go': MAIN_GO } },
      when: {
        file_path: '/new_feature/README.md',
        edits: [{ old_string: '', new_string: README_V1, replace_all: false }],
      },
      then: {
        result: {
          success: true,
          file_path: '/new_feature/README.md',
          created: true,
          applied_count: 1,
          edits: [{ index: 0, replacements: 1, line_ranges: [{ start: 1, end: 3 }] }],
        },
        diff: { removed: [], added: ['# New Feature', '', 'This new feature introduces improved user authentication.'] },
        files: { '/new_feature/README.md': README_V1, '/src/main.go': MAIN_GO },
      },
    },
    {
      id: 'EX3',
      title: 'old_string does not match (const DEBUG_MODE = true;): the whole call fails, nothing applied',
      source: { document: DOC, case: 'Specification by Example 3: Failing scenario: old_string does not match' },
      given: { files: { '/src/config.js': CONFIG_JS } },
      when: {
        file_path: '/src/config.js',
        edits: [
          { old_string: 'const API_KEY = "123";', new_string: 'const API_KEY = "abc";', replace_all: false },
          { old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;', replace_all: false },
        ],
      },
      then: {
        error: { code: 'STRING_NOT_FOUND', message: { regex: '^Edit 1: ' } },
        files: { '/src/config.js': CONFIG_JS },
      },
    },
  ],
};
