// Every test case of `edit_text_file.contract.md` (TC1–TC7) as SPEC 4.1 reads them.
// Expected diffs are computed by hand from SPEC 2.7 / 10.1 (3 lines of context, full call path in
// the headers), not copied from the engine's output.

import type { ProfileSuite } from '../profile';

const DOC = 'edit_text_file.contract.md';

const CONFIG = '[server]\nhost = "localhost"\nport = 8080\n';
const CODE = 'fn old_func() {\n    println!("old");\n}\n';

export const editTextFileSuite: ProfileSuite = {
  description: 'MCP tool edit_text_file: the seed contract\'s test cases TC1–TC7 (SPEC 4.1).',
  mount: '/',
  diff_context: 3,
  cases: [
    {
      id: 'TC1',
      title: 'Simple string replacement (diff lines in unified form "-port = 8080", SPEC 9.4)',
      source: { document: DOC, case: 'TC1: Simple String Replacement' },
      given: { files: { '/test/config.toml': CONFIG } },
      when: { path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
      then: {
        result: { success: true, line_range: { start: 3, end: 3 } },
        diff: {
          contains: ['-port = 8080\n', '+port = 3000\n'],
          removed: ['port = 8080'],
          added: ['port = 3000'],
          equals:
            '--- /test/config.toml\n+++ /test/config.toml\n@@ -1,3 +1,3 @@\n' +
            ' [server]\n host = "localhost"\n-port = 8080\n+port = 3000\n',
        },
        files: { '/test/config.toml': '[server]\nhost = "localhost"\nport = 3000\n' },
      },
    },
    {
      id: 'TC2',
      title: 'Multi-line replacement (3-line hunk; the unchanged "}" line stays context, SPEC 10.1)',
      source: { document: DOC, case: 'TC2: Multi-Line Replacement' },
      given: { files: { '/test/code.rs': CODE } },
      when: {
        path: '/test/code.rs',
        old_string: 'fn old_func() {\n    println!("old");\n}',
        new_string: 'fn new_func() {\n    println!("new");\n}',
      },
      then: {
        result: { success: true, line_range: { start: 1, end: 3 } },
        diff: {
          equals:
            '--- /test/code.rs\n+++ /test/code.rs\n@@ -1,3 +1,3 @@\n' +
            '-fn old_func() {\n-    println!("old");\n+fn new_func() {\n+    println!("new");\n }\n',
        },
        files: { '/test/code.rs': 'fn new_func() {\n    println!("new");\n}\n' },
      },
    },
    {
      id: 'TC3',
      title: 'String not found',
      source: { document: DOC, case: 'TC3: String Not Found' },
      given: { files: { '/test/file.txt': 'Hello World' } },
      when: { path: '/test/file.txt', old_string: 'Goodbye', new_string: 'Hello' },
      then: {
        error: { code: -32010, message: 'String not found in file: Goodbye' },
        files: { '/test/file.txt': 'Hello World' },
      },
    },
    {
      id: 'TC4',
      title: 'Multiple matches (ambiguous)',
      source: { document: DOC, case: 'TC4: Multiple Matches (Ambiguous)' },
      given: { files: { '/test/file.txt': 'foo\nfoo\nfoo' } },
      when: { path: '/test/file.txt', old_string: 'foo', new_string: 'bar' },
      then: {
        error: { code: -32011, message: 'String appears 3 times (must be unique): foo' },
        files: { '/test/file.txt': 'foo\nfoo\nfoo' },
      },
    },
    {
      id: 'TC5',
      title: 'Delete line (empty replacement)',
      source: { document: DOC, case: 'TC5: Delete Line (Empty Replacement)' },
      given: { files: { '/test/file.txt': 'line 1\nline 2\nline 3\n' } },
      when: { path: '/test/file.txt', old_string: 'line 2\n', new_string: '' },
      then: {
        result: { success: true, line_range: { start: 2, end: 2 } },
        diff: {
          removed: ['line 2'],
          added: [],
          equals: '--- /test/file.txt\n+++ /test/file.txt\n@@ -1,3 +1,2 @@\n line 1\n-line 2\n line 3\n',
        },
        files: { '/test/file.txt': 'line 1\nline 3\n' },
      },
    },
    {
      id: 'TC6',
      title: 'File not found (the document elides the input; this case uses old_string "foo" → "bar")',
      source: { document: DOC, case: 'TC6: File Not Found' },
      given: { files: {} },
      when: { path: '/test/missing.txt', old_string: 'foo', new_string: 'bar' },
      then: {
        error: { code: -32001, message: 'File not found: /test/missing.txt' },
        files: { '/test/missing.txt': null },
      },
    },
    {
      id: 'TC7',
      title: 'Identical strings (no file given: parameters are checked before the file is read, SPEC 9.9)',
      source: { document: DOC, case: 'TC7: Identical Strings' },
      when: { path: '/test/file.txt', old_string: 'same', new_string: 'same' },
      then: {
        error: { code: -32600, message: 'old_string and new_string are identical' },
        files: { '/test/file.txt': null },
      },
    },
  ],
};
