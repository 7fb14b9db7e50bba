// The contract suite file format (SPEC 7), version 1: a zod schema (the single source), its JSON
// Schema export for editors and other tools, and `loadSuite`, which validates a parsed suite file
// and answers with errors a person can act on (where in the file, and what is wrong).
//
// Extensions beyond SPEC 7, all optional:
// - `case.source` `{ document, case }`: the seed document and case a built-in case comes from.
// - `given.fail_writes`: call paths whose write fails at commit time, to exercise rollback
//   (SPEC 5.3). The call still runs; the commit then fails on the first of these files.
// - `then.error.message` may be `{ regex, flags? }`; `then.warnings` lists the run's warnings,
//   each an exact string or `{ regex, flags? }`, all of them, in order (`[]`: no warning).
// - `then.diff.contains` may be a list: every entry must occur in the diff.
// - `$schema` and `description` at the top of a suite, for editors and people.
// - `release` (suite or case): the release of its profile a case runs as (RunOptions.release),
//   as the composer's Release picker and the CLI's `--release` name it; absent: the default.

import { z } from 'zod';
import { findJsonSyntaxError, lineColumn } from '../engine/envelope';
import { resolveCallPath, normalizeMount } from '../engine/paths';
import { MAX_DIFF_CONTEXT } from '../engine/diff';
import type { ProfileId } from '../engine/types';
import type { ContractCaseData } from '../engine/profiles/profile';
import { PROFILE_IDS } from '../engine/profiles/registry';
import { releaseProblem } from '../engine/releases';
import { compileSuiteRegex } from './suite-regex';

export const SUITE_VERSION = 1;

const absolutePath = z.string().regex(/^\//, { error: 'paths in a suite are call paths and must be absolute (start with /)' });

/** An exact string, or a regular expression (JavaScript syntax, unanchored unless it says so). */
const textMatcher = z.union([
  z.string(),
  z.strictObject({
    regex: z.string().describe('JavaScript regular expression, run in linear time (no backreferences or lookaround); add ^ and $ to match the whole text'),
    flags: z.string().regex(/^[dgimsuvy]*$/).optional().describe('RegExp flags: i, m, s, u, y (g and d change nothing; v is not supported)'),
  }),
]);

/** How deep a case's call or expected result may nest: reports print them with JSON.stringify, which recurses. */
export const MAX_JSON_DEPTH = 1000;

/**
 * Any JSON value, passed through as given. Not z.json(): that one recurses once per level (a call
 * nested a few thousand levels deep overflowed the stack) and leaves `__proto__` keys out, which
 * would change the call a case makes. This check walks with a stack of its own.
 */
const jsonValue = z.custom<z.core.util.JSONType>(isJsonValue, {
  error: (issue) => (issue.input === undefined ? 'required' : `must be a JSON value nested at most ${MAX_JSON_DEPTH} levels deep`),
});

function isJsonValue(value: unknown): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [v, depth] = pending.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v !== 'object' || (!Array.isArray(v) && ![Object.prototype, null].includes(Object.getPrototypeOf(v)))) return false;
    if (depth >= MAX_JSON_DEPTH) return false;
    for (const item of Array.isArray(v) ? v : Object.values(v)) pending.push([item, depth + 1]);
  }
  return true;
}

const profileId = z.enum(PROFILE_IDS as unknown as [ProfileId, ...ProfileId[]], {
  error: `profile must be one of ${PROFILE_IDS.join(', ')}`,
});

const release = z.string().min(1, { error: 'release must not be empty' });

const diffContext = z.int().min(0).max(MAX_DIFF_CONTEXT).describe(`Unified diff context lines, 0 to ${MAX_DIFF_CONTEXT}`);

const given = z
  .strictObject({
    files: z.record(absolutePath, z.string()).optional().describe('Call path → UTF-8 text of the file before the call'),
    binary_files: z.record(absolutePath, z.base64()).optional().describe('Call path → base64 bytes of the file before the call'),
    fail_writes: z
      .array(absolutePath)
      .optional()
      .describe('Extension: call paths whose write fails at commit time, to exercise rollback'),
  })
  .describe('The workspace before the call; every case starts from an empty in-memory workspace');

const expectedError = z
  .strictObject({
    code: z.union([z.number(), z.string()]).optional().describe('Exact error code'),
    message: textMatcher.optional().describe('Exact message, or { regex }'),
  })
  .describe('The call must fail with this error; the runner also checks that no file changed');

const expectedDiff = z
  .strictObject({
    removed: z.array(z.string()).optional().describe('Every `-` line of the diff, in order, without the sign'),
    added: z.array(z.string()).optional().describe('Every `+` line of the diff, in order, without the sign'),
    contains: z.union([z.string(), z.array(z.string())]).optional().describe('Text(s) the diff must contain'),
    equals: z.string().optional().describe('The exact diff'),
  })
  .describe('Checks on the diff: result.diff; multiedit: the per-edit diffs; MultiEditBatch: every file diff, in order; a result without a diff (the reference dialects): every staged file diff, in order');

const then = z.strictObject({
  result: jsonValue.optional().describe('Deep subset of the tool result (arrays: same length, element by element)'),
  error: expectedError.optional(),
  files: z.record(absolutePath, z.string().nullable()).optional().describe('Call path → exact text after the call; null: must not exist'),
  diff: expectedDiff.optional(),
  warnings: z.array(textMatcher).optional().describe('The run\'s warnings, all of them, in order'),
  max_ms: z.number().positive().optional().describe('Upper bound on the time the call takes (run and commit), in ms'),
});

export const suiteCaseSchema = z.strictObject({
  id: z.string().min(1, { error: 'id must not be empty' }),
  title: z.string(),
  profile: profileId.optional().describe('Profile for a bare `when`; overrides the suite\'s'),
  release: release.optional().describe('Extension: the release of its profile the case runs as (a Claude Code or Gemini CLI version, a text-editor variant, a SWE-agent commit); overrides the suite\'s'),
  source: z
    .strictObject({ document: z.string().min(1), case: z.string().min(1) })
    .optional()
    .describe('Where the case comes from: seed document and case name'),
  mount: absolutePath.optional().describe('Overrides the suite\'s mount'),
  diff_context: diffContext.optional().describe('Overrides the suite\'s diff_context'),
  given: given.optional(),
  when: jsonValue.describe('The call: bare input or any envelope (SPEC 6)'),
  then,
});

const suiteObject = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(SUITE_VERSION, { error: `version must be ${SUITE_VERSION}` }),
  suite: z.string().min(1, { error: 'suite must name the suite' }).describe('Name of the suite'),
  description: z.string().optional(),
  profile: profileId.optional().describe('Profile for bare calls'),
  release: release.optional().describe('Extension: the release every case runs as, unless it names its own'),
  mount: absolutePath.optional().describe('Absolute path the workspace root stands for; default /'),
  diff_context: diffContext.optional().describe('Default 3'),
  cases: z.array(suiteCaseSchema).min(1, { error: 'a suite needs at least one case' }),
});

/** Checks that JSON Schema cannot express: unique ids, compilable regexes, paths under the mount. */
export const suiteSchema = suiteObject.superRefine((suite, ctx) => {
  const seen = new Set<string>();
  suite.cases.forEach((c, i) => {
    if (seen.has(c.id)) ctx.addIssue({ code: 'custom', path: ['cases', i, 'id'], message: `duplicate case id "${c.id}"` });
    seen.add(c.id);
    const mount = normalizeMount(c.mount ?? suite.mount ?? '/');
    const paths: [string, (string | number)[]][] = [
      ...Object.keys(c.given?.files ?? {}).map((p): [string, (string | number)[]] => [p, ['given', 'files', p]]),
      ...Object.keys(c.given?.binary_files ?? {}).map((p): [string, (string | number)[]] => [p, ['given', 'binary_files', p]]),
      ...(c.given?.fail_writes ?? []).map((p, k): [string, (string | number)[]] => [p, ['given', 'fail_writes', k]]),
      ...Object.keys(c.then.files ?? {}).map((p): [string, (string | number)[]] => [p, ['then', 'files', p]]),
    ];
    for (const [p, at] of paths) {
      const r = resolveCallPath(p, mount);
      if (!r.ok || r.path === '') ctx.addIssue({ code: 'custom', path: ['cases', i, ...at], message: `${p} is not a file under the mount ${mount}` });
    }
    const matchers: [unknown, (string | number)[]][] = [
      [c.then.error?.message, ['then', 'error', 'message']],
      ...(c.then.warnings ?? []).map((w, k): [unknown, (string | number)[]] => [w, ['then', 'warnings', k]]),
    ];
    for (const [m, at] of matchers) {
      if (typeof m !== 'object' || m === null) continue;
      const { regex, flags } = m as { regex: string; flags?: string };
      const compiled = compileSuiteRegex(regex, flags);
      if (!compiled.ok) ctx.addIssue({ code: 'custom', path: ['cases', i, ...at, 'regex'], message: compiled.message });
    }
    const profile = c.profile ?? suite.profile;
    const caseRelease = c.release ?? suite.release;
    // A profile named by the case or the suite is checked here; one an envelope names, when the case runs.
    if (caseRelease !== undefined && caseRelease !== '' && profile !== undefined) {
      const problem = releaseProblem(profile, caseRelease, 'a release');
      if (problem !== null) ctx.addIssue({ code: 'custom', path: c.release !== undefined ? ['cases', i, 'release'] : ['release'], message: `release: ${problem}` });
    }
    if (c.then.error !== undefined && c.then.result !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['cases', i, 'then'], message: 'then has both result and error: a call either succeeds or fails' });
    }
  });
});

/** Whether A and B are the same type (each field, its optionality and its type), not just assignable. */
type Identical<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;

/**
 * The engine types a profile's case data itself (engine/profiles/case-data.ts `ContractCaseData`),
 * since it imports nothing from here: this holds it identical to the schema's case as written, so
 * a field added, dropped, renamed, made optional or retyped on either side fails typecheck.
 */
export type CaseDataIsTheSchemaCase = Holds<Identical<z.input<typeof suiteCaseSchema>, ContractCaseData>>;

/** A suite as written (defaults not yet applied): what built-in suites are typed as. */
export type SuiteInput = z.input<typeof suiteSchema>;
export type Suite = z.output<typeof suiteSchema>;
export type SuiteCase = Suite['cases'][number];
export type TextMatcher = z.output<typeof textMatcher>;

/** The suite format as JSON Schema (draft 2020-12), for editors and other tools. */
export function suiteJsonSchema(): Record<string, unknown> {
  // `when` and `result` (jsonValue) take any JSON value: `{}` in JSON Schema.
  return z.toJSONSchema(suiteObject, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

export interface SuiteIssue {
  /** Where in the file: `cases[2].then.files["/a.txt"]`; `(suite)` for the whole file. */
  path: string;
  message: string;
}

export type LoadedSuite = { ok: true; suite: Suite } | { ok: false; errors: SuiteIssue[] };

/** Validate a parsed suite file. Never throws. */
export function loadSuite(json: unknown): LoadedSuite {
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'version' in json && json.version !== SUITE_VERSION) {
    return {
      ok: false,
      errors: [{ path: 'version', message: `unsupported suite version ${JSON.stringify(json.version)}: this edit-playground reads version ${SUITE_VERSION}` }],
    };
  }
  const parsed = suiteSchema.safeParse(json);
  const dropped = droppedProtoPaths(json);
  if (parsed.success && dropped.length === 0) return { ok: true, suite: parsed.data };
  return { ok: false, errors: [...(parsed.success ? [] : parsed.error.issues.flatMap((issue) => describeIssue(issue, []))), ...dropped] };
}

// zod leaves a `__proto__` key out of a record it returns (writing it would set the prototype),
// which would hide a path that is not absolute: it is reported here.

const PATH_MAPS = [
  ['given', 'files'],
  ['given', 'binary_files'],
  ['then', 'files'],
] as const;

function droppedProtoPaths(json: unknown): SuiteIssue[] {
  if (!isObject(json) || !Array.isArray(json.cases)) return [];
  const issues: SuiteIssue[] = [];
  json.cases.forEach((c: unknown, i) => {
    for (const [part, field] of PATH_MAPS) {
      const section = isObject(c) ? c[part] : undefined;
      const map = isObject(section) ? section[field] : undefined;
      if (isObject(map) && Object.hasOwn(map, '__proto__')) {
        issues.push({ path: formatPath(['cases', i, part, field, '__proto__']), message: 'paths in a suite are call paths and must be absolute (start with /)' });
      }
    }
  });
  return issues;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validate suite file text: a JSON syntax error is reported with its line and column. */
export function loadSuiteText(text: string): LoadedSuite {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    // The engine's locator words and positions the error the same in every JavaScript engine.
    const found = findJsonSyntaxError(source);
    const where = found === null ? (error as Error).message : `${found.problem} at line ${lineColumn(source, found.offset).line}, column ${lineColumn(source, found.offset).column}`;
    return { ok: false, errors: [{ path: '(suite)', message: `not valid JSON: ${where}` }] };
  }
  return loadSuite(json);
}

type Issue = z.core.$ZodIssue;

function describeIssue(issue: Issue, prefix: PropertyKey[]): SuiteIssue[] {
  const at = [...prefix, ...issue.path];
  // A record key or a union alternative carries its own issues: report the innermost, clearest ones.
  if (issue.code === 'invalid_key' || issue.code === 'invalid_element') {
    return issue.issues.flatMap((inner) => describeIssue(inner, at));
  }
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: formatPath([...at, key]), message: `unknown field "${key}"` }));
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    if (issue.errors.every((alt) => alt.some((i) => / received undefined$/.test(i.message)))) return [{ path: formatPath(at), message: 'required' }];
    // Report the alternative that got furthest (most deeply nested first issue).
    const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
    if (depth(best) > 0) return best.flatMap((inner) => describeIssue(inner, at));
  }
  const missing = /^Invalid input: expected (\w+), received undefined$/.exec(issue.message);
  const message = missing ? (missing[1] === 'nonoptional' ? 'required' : `required (${missing[1]})`) : issue.message.replace(/^Invalid input: /, '');
  return [{ path: formatPath(at), message }];
}

function depth(issues: readonly Issue[]): number {
  return Math.max(0, ...issues.map((i) => i.path.length));
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && /^[A-Za-z_$][\w$]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out === '' ? '(suite)' : out;
}

