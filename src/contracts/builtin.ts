// The built-in contract suites by name. `edit-playground test` without arguments runs the
// default ones; `seed-examples` is the spec checker, whose cases fail by design (SPEC 9).

import { strReplaceBasedEditToolSuite, strReplaceEditorSuite } from './suites/anthropic-text-editor';
import { applyPatchSuite } from './suites/apply-patch';
import { editSuite, writeSuite } from './suites/claude-code';
import { claudeCodeMultiEditSuite } from './suites/claude-code-multi-edit';
import { editTextFileSuite } from './suites/edit-text-file';
import { replaceSuite } from './suites/gemini-replace';
import { multiEditBatchSuite } from './suites/multi-edit-batch';
import { multiEditStorySuite } from './suites/multi-edit-story';
import { multiEditTextFileSuite } from './suites/multi-edit-text-file';
import { multieditTaskSuite } from './suites/multiedit-task';
import { seedExamplesSuite } from './suites/seed-examples';
import type { SuiteInput } from './suite-schema';

export interface BuiltinSuite {
  name: string;
  /** Run by `edit-playground test` without arguments; every case of a default suite must pass. */
  default: boolean;
  suite: SuiteInput;
}

export const BUILTIN_SUITES: readonly BuiltinSuite[] = [
  { name: 'edit_text_file', default: true, suite: editTextFileSuite },
  { name: 'multi_edit_text_file', default: true, suite: multiEditTextFileSuite },
  { name: 'MultiEdit', default: true, suite: multiEditStorySuite },
  { name: 'multiedit', default: true, suite: multieditTaskSuite },
  { name: 'MultiEditBatch', default: true, suite: multiEditBatchSuite },
  { name: 'str_replace_based_edit_tool', default: true, suite: strReplaceBasedEditToolSuite },
  { name: 'str_replace_editor', default: true, suite: strReplaceEditorSuite },
  { name: 'apply_patch', default: true, suite: applyPatchSuite },
  { name: 'Edit', default: true, suite: editSuite },
  { name: 'Write', default: true, suite: writeSuite },
  { name: 'claude_code_MultiEdit', default: true, suite: claudeCodeMultiEditSuite },
  { name: 'replace', default: true, suite: replaceSuite },
  { name: 'seed-examples', default: false, suite: seedExamplesSuite },
];

export function builtinSuite(name: string): BuiltinSuite | undefined {
  return BUILTIN_SUITES.find((s) => s.name === name);
}

export function defaultSuites(): BuiltinSuite[] {
  return BUILTIN_SUITES.filter((s) => s.default);
}
