// The spec checker: the seed documents' own examples, expected exactly as the documents state
// them, where SPEC 9 says the documents contradict themselves or the decided behaviour. Every
// case here is EXPECTED TO FAIL: a failure shows the contradiction with the engine's actual
// output beside it. This suite is not in the default set of `edit-playground test`.

import { editTextFileSuite } from '../../engine/profiles/edit-text-file/cases';
import { multiEditTextFileSuite } from '../../engine/profiles/multi-edit-text-file/cases';
import type { ContractCaseData, ProfileSuite } from '../../engine/profiles/profile';
import type { SuiteInput } from '../suite-schema';

const MULTI = 'multi_edit_text_file.contract.md';
const SINGLE = 'edit_text_file.contract.md';

/** The workspace and call of a profile's own case: read from its suite, not written again. */
function callOf(suite: ProfileSuite, id: string): Pick<ContractCaseData, 'given' | 'when'> {
  const c = suite.cases.find((k) => k.id === id);
  if (c === undefined) throw new Error(`the profile's suite has no case ${id}`);
  return { given: c.given, when: c.when };
}

/** Each document's Example Request is its TC1's call on TC1's file. */
const MULTI_TC1 = callOf(multiEditTextFileSuite, 'TC1');
const SINGLE_TC1 = callOf(editTextFileSuite, 'TC1');

/** The Example Response's diff, verbatim. */
const MULTI_EXAMPLE_DIFF =
  '--- config.toml\n+++ config.toml\n@@ -2,3 +2,3 @@\n [server]\n-host = "localhost"\n+host = "0.0.0.0"\n-port = 8080\n+port = 3000\n@@ -5,1 +5,1 @@\n-debug = false\n+debug = true\n';

const APP_PY = 'def greet(name):\n    print("Hello, " + name)\n\ngreet("world")\n';
const GO_FILE = '/work/test_multiedit_final.txt';

export const seedExamplesSuite: SuiteInput = {
  version: 1,
  suite: 'seed-examples',
  description:
    'Spec checker: the seed documents\' own examples where SPEC 9 lists a contradiction. Every case is expected to FAIL; ' +
    'its failures show what the document claims beside what the decided behaviour produces.',
  mount: '/',
  diff_context: 3,
  cases: [
    {
      id: 'SPEC-9.1',
      title: 'multi_edit_text_file example response gives edit 1 `start: 4`; the file (and TC1) say line 2',
      source: { document: MULTI, case: 'Example Response' },
      profile: 'multi_edit_text_file',
      ...MULTI_TC1,
      then: {
        result: {
          success: true,
          applied_count: 3,
          line_ranges: [
            { edit_index: 0, start: 3, end: 3 },
            { edit_index: 1, start: 4, end: 4 },
            { edit_index: 2, start: 6, end: 6 },
          ],
        },
      },
    },
    {
      id: 'SPEC-9.2',
      title: 'multi_edit_text_file example hunk `@@ -2,3 +2,3 @@` starts at line 2 but shows line 1, counts that do not fit',
      source: { document: MULTI, case: 'Example Response' },
      profile: 'multi_edit_text_file',
      ...MULTI_TC1,
      then: {
        diff: { contains: '@@ -2,3 +2,3 @@\n [server]\n-host = "localhost"\n+host = "0.0.0.0"\n-port = 8080\n+port = 3000\n' },
      },
    },
    {
      id: 'SPEC-9.3-multi',
      title: 'multi_edit_text_file example diff: bare file name headers and no context (the whole example diff)',
      source: { document: MULTI, case: 'Example Response' },
      profile: 'multi_edit_text_file',
      ...MULTI_TC1,
      then: { diff: { equals: MULTI_EXAMPLE_DIFF } },
    },
    {
      id: 'SPEC-9.3-single',
      title: 'edit_text_file example response: `--- config.toml` headers and a hunk without context',
      source: { document: SINGLE, case: 'Example Response' },
      profile: 'edit_text_file',
      ...SINGLE_TC1,
      then: {
        result: {
          success: true,
          diff: '--- config.toml\n+++ config.toml\n@@ -3,1 +3,1 @@\n-port = 8080\n+port = 3000\n',
          line_range: { start: 3, end: 3 },
        },
      },
    },
    {
      id: 'SPEC-9.4',
      title: 'edit_text_file TC1 says the diff contains `- port = 8080` and `+ port = 3000` (with a space)',
      source: { document: SINGLE, case: 'TC1: Simple String Replacement' },
      profile: 'edit_text_file',
      ...SINGLE_TC1,
      then: { result: { success: true, line_range: { start: 3, end: 3 } }, diff: { contains: ['- port = 8080', '+ port = 3000'] } },
    },
    {
      id: 'SPEC-9.6-go',
      title: 'The Go multiedit reference writes after every edit: a failing edit 2 leaves edit 1 on disk',
      source: { document: 'multiedit.task.md', case: 'Reference Implementation: executeMultiEdit (editTool.Execute per edit)' },
      profile: 'multiedit',
      given: { files: { [GO_FILE]: 'First\nSecond\nThird' } },
      when: {
        file_path: GO_FILE,
        edits: [
          { old_string: 'First', new_string: 'One' },
          { old_string: 'Fourth', new_string: 'Four' },
        ],
      },
      then: {
        error: { message: `edit 2 failed: old_string not found in ${GO_FILE}` },
        files: { [GO_FILE]: 'One\nSecond\nThird' },
      },
    },
    {
      id: 'SPEC-9.6-story-2',
      title: 'MultiEdit story, failed scenario 2 as observed: the edit after creation is not applied',
      source: { document: 'MultiEdit.story.md', case: 'Scenario 2 (New File Creation with Multi-Edit): FAILED' },
      profile: 'MultiEdit',
      given: { files: {} },
      when: {
        file_path: '/new_feature/README.md',
        edits: [
          { old_string: '', new_string: '# New Feature\n\nThis new feature introduces improved user authentication.' },
          { old_string: 'improved', new_string: 'enhanced' },
        ],
      },
      then: {
        result: { success: true },
        files: { '/new_feature/README.md': '# New Feature\n\nThis new feature introduces improved user authentication.' },
      },
    },
    {
      id: 'SPEC-9.6-story-4',
      title: 'MultiEdit story, failed scenario 4 as observed: "creating" an existing file appends new_string',
      source: { document: 'MultiEdit.story.md', case: 'Scenario 4 (Failed Multi-Edit - Attempt to Create Existing File): FAILED' },
      profile: 'MultiEdit',
      given: { files: { '/src/app.py': APP_PY } },
      when: { file_path: '/src/app.py', edits: [{ old_string: '', new_string: 'print("appended?")\n' }] },
      then: {
        result: { success: true },
        files: { '/src/app.py': `${APP_PY}print("appended?")\n` },
      },
    },
    {
      id: 'SPEC-9.7',
      title: 'The batch proposal\'s summary.total_files counts edit entries (3), not files (2)',
      source: { document: 'MultiEdit-batch.proposal.md', case: 'Core implementation: Phase 3 (total_files: edits.length)' },
      profile: 'MultiEditBatch',
      given: { files: { '/a.txt': 'alpha\n', '/b.txt': 'beta\n' } },
      when: {
        description: 'Two entries on a.txt, one on b.txt',
        edits: [
          { file_path: '/a.txt', old_string: 'alpha', new_string: 'ALPHA' },
          { file_path: '/a.txt', old_string: 'ALPHA', new_string: 'ALPHA!' },
          { file_path: '/b.txt', old_string: 'beta', new_string: 'BETA' },
        ],
      },
      then: { result: { summary: { total_files: 3 } } },
    },
    {
      id: 'SPEC-9.8',
      title: 'The batch proposal applies every entry to the original content: the second write of a file drops the first',
      source: { document: 'MultiEdit-batch.proposal.md', case: 'Core implementation: Phase 2 (original = backups.get(fullPath))' },
      profile: 'MultiEditBatch',
      given: { files: { '/a.txt': 'foo baz\n' } },
      when: {
        description: 'Two independent entries on one file',
        edits: [
          { file_path: '/a.txt', old_string: 'foo', new_string: 'bar' },
          { file_path: '/a.txt', old_string: 'baz', new_string: 'qux' },
        ],
      },
      then: { result: { success: true }, files: { '/a.txt': 'foo qux\n' } },
    },
  ],
};
