// Every test case of `multi_edit_text_file.contract.md` (TC1–TC7) as SPEC 4.2 reads them.
// Expected diffs are computed by hand from SPEC 2.7 / 10.1 (cumulative, original to final, with
// changes on touching lines merged into one block), not copied from the engine's output.

import type { ProfileSuite } from '../profile';

const DOC = 'multi_edit_text_file.contract.md';

const CONFIG = '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n';

/** TC6: 100 lines `key_000 = value_000` … `key_099 = value_099`, and one edit per line. */
const KEYS = Array.from({ length: 100 }, (_, i) => String(i).padStart(3, '0'));
const OLD_LINES = KEYS.map((k) => `key_${k} = value_${k}`);
const NEW_LINES = KEYS.map((k) => `key_${k} = updated_${k}`);

export const multiEditTextFileSuite: ProfileSuite = {
  description: 'MCP tool multi_edit_text_file: the seed contract\'s test cases TC1–TC7 (SPEC 4.2).',
  mount: '/',
  diff_context: 3,
  cases: [
    {
      id: 'TC1',
      title: 'Multiple edits in the same file (one cumulative hunk; host and port lines touch)',
      source: { document: DOC, case: 'TC1: Multiple Edits in Same File' },
      given: { files: { '/test/config.toml': CONFIG } },
      when: {
        path: '/test/config.toml',
        edits: [
          { old_string: 'port = 8080', new_string: 'port = 3000' },
          { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
          { old_string: 'debug = false', new_string: 'debug = true' },
        ],
      },
      then: {
        result: {
          success: true,
          applied_count: 3,
          line_ranges: [
            { edit_index: 0, start: 3, end: 3 },
            { edit_index: 1, start: 2, end: 2 },
            { edit_index: 2, start: 6, end: 6 },
          ],
        },
        diff: {
          removed: ['host = "localhost"', 'port = 8080', 'debug = false'],
          added: ['host = "0.0.0.0"', 'port = 3000', 'debug = true'],
          equals:
            '--- /test/config.toml\n+++ /test/config.toml\n@@ -1,6 +1,6 @@\n' +
            ' [server]\n-host = "localhost"\n-port = 8080\n+host = "0.0.0.0"\n+port = 3000\n \n [app]\n-debug = false\n+debug = true\n',
        },
        files: { '/test/config.toml': '[server]\nhost = "0.0.0.0"\nport = 3000\n\n[app]\ndebug = true\n' },
      },
    },
    {
      id: 'TC2',
      title: 'Sequential edits (order matters): AAA → BBB → CCC',
      source: { document: DOC, case: 'TC2: Sequential Edits (Order Matters)' },
      given: { files: { '/test/file.txt': 'AAA' } },
      when: {
        path: '/test/file.txt',
        edits: [
          { old_string: 'AAA', new_string: 'BBB' },
          { old_string: 'BBB', new_string: 'CCC' },
        ],
      },
      then: {
        result: {
          success: true,
          applied_count: 2,
          line_ranges: [
            { edit_index: 0, start: 1, end: 1 },
            { edit_index: 1, start: 1, end: 1 },
          ],
        },
        diff: {
          removed: ['AAA'],
          added: ['CCC'],
          equals:
            '--- /test/file.txt\n+++ /test/file.txt\n@@ -1,1 +1,1 @@\n' +
            '-AAA\n\\ No newline at end of file\n+CCC\n\\ No newline at end of file\n',
        },
        files: { '/test/file.txt': 'CCC' },
      },
    },
    {
      id: 'TC3',
      title: 'String not found in edit 2 (index 1): nothing is written',
      source: { document: DOC, case: 'TC3: String Not Found in Edit 2' },
      given: { files: { '/test/file.txt': 'line 1\nline 2\n' } },
      when: {
        path: '/test/file.txt',
        edits: [
          { old_string: 'line 1', new_string: 'LINE 1' },
          { old_string: 'line 3', new_string: 'LINE 3' },
        ],
      },
      then: {
        error: { code: -32010, message: 'Edit 1: String not found: line 3' },
        files: { '/test/file.txt': 'line 1\nline 2\n' },
      },
    },
    {
      id: 'TC4',
      title: 'Empty edits array',
      source: { document: DOC, case: 'TC4: Empty Edits Array' },
      given: { files: { '/test/file.txt': 'hello\n' } },
      when: { path: '/test/file.txt', edits: [] },
      then: {
        error: { code: -32600, message: 'Edits array cannot be empty' },
        files: { '/test/file.txt': 'hello\n' },
      },
    },
    {
      id: 'TC5',
      title: 'Duplicate edits: "foo" no longer exists after edit 0',
      source: { document: DOC, case: 'TC5: Duplicate Edits (Same String Twice)' },
      given: { files: { '/test/file.txt': 'foo' } },
      when: {
        path: '/test/file.txt',
        edits: [
          { old_string: 'foo', new_string: 'bar' },
          { old_string: 'foo', new_string: 'baz' },
        ],
      },
      then: {
        error: { code: -32010, message: 'Edit 1: String not found: foo' },
        files: { '/test/file.txt': 'foo' },
      },
    },
    {
      id: 'TC6',
      title: 'Large number of edits: 100 edits over 100 lines `key_000 = value_000`…, under 500 ms',
      source: { document: DOC, case: 'TC6: Large Number of Edits' },
      given: { files: { '/test/keys.txt': OLD_LINES.map((l) => `${l}\n`).join('') } },
      when: {
        path: '/test/keys.txt',
        edits: KEYS.map((_, i) => ({ old_string: OLD_LINES[i]!, new_string: NEW_LINES[i]! })),
      },
      then: {
        result: {
          success: true,
          applied_count: 100,
          line_ranges: KEYS.map((_, i) => ({ edit_index: i, start: i + 1, end: i + 1 })),
        },
        diff: { removed: OLD_LINES, added: NEW_LINES },
        files: { '/test/keys.txt': NEW_LINES.map((l) => `${l}\n`).join('') },
        max_ms: 500,
      },
    },
    {
      id: 'TC7',
      title: 'Edits creating ambiguity: "A" → "AA", then "A" appears twice',
      source: { document: DOC, case: 'TC7: Edits Creating Ambiguity' },
      given: { files: { '/test/file.txt': 'A' } },
      when: {
        path: '/test/file.txt',
        edits: [
          { old_string: 'A', new_string: 'AA' },
          { old_string: 'A', new_string: 'B' },
        ],
      },
      then: {
        error: { code: -32011, message: 'Edit 1: String appears 2 times: A' },
        files: { '/test/file.txt': 'A' },
      },
    },
  ],
};
