// A profile's contract cases as plain data (Profile.suite): the case of the suite format (SPEC 7),
// typed here so that the engine imports nothing from the contracts layer. The contracts layer's
// zod schema (src/contracts/suite-schema.ts `suiteCaseSchema`) is the format's single source of
// what is valid; a compile-time check there holds this type and the schema's input equal, both
// ways, so a field misspelt in a profile's cases fails typecheck, and so does a schema change
// this type does not follow.

import type { ProfileId } from '../types';

/** Any JSON value: a case's call and the result it expects are JSON as a suite file holds them. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** An exact string, or a regular expression (JavaScript syntax, unanchored unless it says so). */
export type CaseTextMatcher = string | { regex: string; flags?: string };

/** The workspace before the call (every case starts from an empty in-memory one); keys are call paths. */
export interface CaseGiven {
  /** Call path → UTF-8 text of the file. */
  files?: Record<string, string>;
  /** Call path → base64 bytes of the file. */
  binary_files?: Record<string, string>;
  /** Call paths whose write fails at commit time (rollback). */
  fail_writes?: string[];
}

/** The error the call must fail with (the runner also checks that no file changed). */
export interface CaseError {
  code?: number | string;
  message?: CaseTextMatcher;
}

/** Checks on the diff (SPEC 7). */
export interface CaseDiff {
  /** Every `-` line, in order, without the sign. */
  removed?: string[];
  /** Every `+` line, in order, without the sign. */
  added?: string[];
  /** Text(s) the diff must contain. */
  contains?: string | string[];
  /** The exact diff. */
  equals?: string;
}

/** What the call must come to: a result (a deep subset of it) or an error, files, diff, warnings. */
export interface CaseThen {
  result?: JsonValue;
  error?: CaseError;
  /** Call path → exact text after the call; null: must not exist. */
  files?: Record<string, string | null>;
  diff?: CaseDiff;
  /** The run's warnings, all of them, in order. */
  warnings?: CaseTextMatcher[];
  /** Upper bound on the time the call takes (run and commit), in ms. */
  max_ms?: number;
}

/** One contract case: the suite format's case as written (the suite schema's input). */
export interface ContractCaseData {
  id: string;
  title: string;
  /** The profile for a bare `when`, when not the suite's. */
  profile?: ProfileId;
  /** The release of its profile the case runs as (RunOptions.release), when not the suite's. */
  release?: string;
  /** The seed document and case it comes from. */
  source?: { document: string; case: string };
  mount?: string;
  diff_context?: number;
  given?: CaseGiven;
  /** The call: a bare input or any envelope (SPEC 6). */
  when: JsonValue;
  then: CaseThen;
}

/**
 * A profile's contract suite without its name and profile (both are the profile's id): the
 * contracts layer reads it through the registry and validates it with its suite schema.
 */
export interface ProfileSuite {
  description: string;
  /** The mount every case runs under (default `/`). */
  mount?: string;
  diff_context?: number;
  cases: readonly ContractCaseData[];
}
