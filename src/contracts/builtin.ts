// The built-in contract suites by name. `edit-playground test` without arguments runs the
// default ones; `seed-examples` is the spec checker, whose cases fail by design (SPEC 9).

import { getProfile, REGISTERED_IDS } from '../engine/profiles/registry';
import { seedExamplesSuite } from './suites/seed-examples';
import type { SuiteInput } from './suite-schema';

export interface BuiltinSuite {
  name: string;
  /** Run by `edit-playground test` without arguments; every case of a default suite must pass. */
  default: boolean;
  suite: SuiteInput;
}

/**
 * Each profile's own suite, the cases its folder holds as plain data (`Profile.suite`), named after
 * the profile, in the registry's order: all run by default. The suite schema checks them when a
 * suite is loaded (builtin.test.ts loads every one); their type is the schema's (suite-schema.ts
 * `CaseDataIsTheSchemaCase`), so what typechecks here is a suite as written.
 */
const PROFILE_SUITES: readonly SuiteInput[] = REGISTERED_IDS.flatMap((id): SuiteInput[] => {
  const own = getProfile(id).suite;
  return own === undefined ? [] : [{ ...own, cases: [...own.cases], version: 1, suite: id, profile: id }];
});

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
