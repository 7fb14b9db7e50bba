// The built-in contract suites by name. `edit-playground test` without arguments runs the
// default ones; `seed-examples` is the spec checker, whose cases fail by design (SPEC 9).

import { AIDER_SUITE } from '../engine/profiles/aider/suite';
import { strReplaceBasedEditToolSuite, strReplaceEditorSuite } from './suites/anthropic-text-editor';
import { applyPatchSuite } from './suites/apply-patch';
import { editSuite, writeSuite } from './suites/claude-code';
import { claudeCodeMultiEditSuite } from './suites/claude-code-multi-edit';
import { applyDiffSuite, replaceInFileSuite, writeToFileSuite } from './suites/cline-roo-code';
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

/**
 * Each profile's own suite (named after the profile, `suite`), in the registry's order: all run by
 * default. A dialect's suite is added here until suites live in the profiles' folders.
 */
const PROFILE_SUITES: readonly SuiteInput[] = [
  editTextFileSuite,
  multiEditTextFileSuite,
  multiEditStorySuite,
  multieditTaskSuite,
  multiEditBatchSuite,
  strReplaceBasedEditToolSuite,
  strReplaceEditorSuite,
  applyPatchSuite,
  editSuite,
  writeSuite,
  claudeCodeMultiEditSuite,
  replaceSuite,
  AIDER_SUITE,
  replaceInFileSuite,
  writeToFileSuite,
  applyDiffSuite,
];

export const BUILTIN_SUITES: readonly BuiltinSuite[] = [
  ...PROFILE_SUITES.map((suite) => ({ name: suite.suite, default: true, suite })),
  { name: seedExamplesSuite.suite, default: false, suite: seedExamplesSuite },
];

export function builtinSuite(name: string): BuiltinSuite | undefined {
  return BUILTIN_SUITES.find((s) => s.name === name);
}

export function defaultSuites(): BuiltinSuite[] {
  return BUILTIN_SUITES.filter((s) => s.default);
}
