// The contract suites of Cline's replace_in_file and write_to_file and Roo Code's apply_diff: the
// cases live in the dialects' folders (src/engine/profiles/cline/cases.ts, roo-code/cases.ts);
// this file only types them as suites for the built-in list.

import { replaceInFileSuite as replaceInFileCases, writeToFileSuite as writeToFileCases } from '../../engine/profiles/cline/cases';
import { applyDiffSuite as applyDiffCases } from '../../engine/profiles/roo-code/cases';
import type { SuiteInput } from '../suite-schema';

const asSuite = (s: { cases: readonly unknown[] }): SuiteInput => JSON.parse(JSON.stringify(s)) as SuiteInput;

export const replaceInFileSuite: SuiteInput = asSuite(replaceInFileCases);
export const writeToFileSuite: SuiteInput = asSuite(writeToFileCases);
export const applyDiffSuite: SuiteInput = asSuite(applyDiffCases);
