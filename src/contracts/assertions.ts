// The checks a case's `then` makes (SPEC 7). Each returns the failures it found, never throws, and
// says what was expected and what was there, so a report can be read without re-running the case.

import { compileSuiteRegex } from './suite-regex';
import type { TextMatcher } from './suite-schema';
import { isRecord } from '../engine/helpers';

export interface CaseFailure {
  /** What was checked, as a path into the outcome: `result.line_ranges[1].start`, `files["/a.txt"]`. */
  what: string;
  expected: unknown;
  actual: unknown;
  /** One line for a person. */
  message: string;
}

function failure(what: string, expected: unknown, actual: unknown, message: string): CaseFailure {
  return { what, expected, actual, message };
}

// ---------------------------------------------------------------------------------------------
// Text matchers

/** Whether `actual` matches; a regex that cannot run (see textMatcherProblem) matches nothing. */
export function matchesText(matcher: TextMatcher, actual: string): boolean {
  if (typeof matcher === 'string') return matcher === actual;
  const compiled = compileSuiteRegex(matcher.regex, matcher.flags);
  return compiled.ok && compiled.test(actual);
}

/** Why a matcher's regex cannot run (`regex uses a backreference …`), or `null`. */
export function textMatcherProblem(matcher: TextMatcher): string | null {
  if (typeof matcher === 'string') return null;
  const compiled = compileSuiteRegex(matcher.regex, matcher.flags);
  return compiled.ok ? null : compiled.message;
}

export function describeMatcher(matcher: TextMatcher): string {
  return typeof matcher === 'string' ? JSON.stringify(matcher) : `/${matcher.regex}/${matcher.flags ?? ''}`;
}

// ---------------------------------------------------------------------------------------------
// Deep subset

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function keyPath(base: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/**
 * `expected` matches `actual` as a deep subset: every key of an expected object must be present
 * in the actual object and match (other actual keys are ignored); an expected array must have
 * the actual array's length and match element by element; anything else must be equal
 * (`Object.is`, so 0 and -0 differ, as JSON cannot tell them apart anyway: a case never does).
 */
export function deepSubset(expected: unknown, actual: unknown, what: string): CaseFailure[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [failure(what, expected, actual, `${what}: expected an array, got ${kindOf(actual)}`)];
    if (actual.length !== expected.length) {
      return [failure(what, expected, actual, `${what}: expected ${expected.length} element(s), got ${actual.length}`)];
    }
    return expected.flatMap((e, i) => deepSubset(e, actual[i], `${what}[${i}]`));
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return [failure(what, expected, actual, `${what}: expected an object, got ${kindOf(actual)}`)];
    return Object.entries(expected).flatMap(([key, e]) => {
      const at = keyPath(what, key);
      if (!Object.hasOwn(actual, key)) return [failure(at, e, undefined, `${at}: missing (expected ${JSON.stringify(e)})`)];
      return deepSubset(e, actual[key], at);
    });
  }
  if (Object.is(expected, actual)) return [];
  return [failure(what, expected, actual, `${what}: expected ${JSON.stringify(expected)}, got ${actual === undefined ? 'nothing' : JSON.stringify(actual)}`)];
}

// ---------------------------------------------------------------------------------------------
// Diffs

/**
 * The diff text a case's `then.diff` is checked against, chosen by the result's shape:
 * - `MultiEditBatch` (a `diffs` object, file path → that file's cumulative diff): the
 *   concatenation of its values, in the result's order (the order the batch first named the files);
 * - `multiedit` (`metadata.results[]`, each with its own `diff` from the content before that edit
 *   to the content after it): the concatenation of the per-edit diffs, in edit order;
 * - every other profile: `result.diff` (the cumulative diff, original to final).
 * `null` when the result has none of these (see diffOfOutcome for the reference dialects).
 */
export function diffOfResult(result: unknown): string | null {
  if (!isRecord(result)) return null;
  if (isRecord(result.diffs)) {
    const parts = Object.values(result.diffs);
    return parts.every((d) => typeof d === 'string') ? parts.join('') : null;
  }
  const metadata = result.metadata;
  if (isRecord(metadata) && Array.isArray(metadata.results)) {
    const parts = metadata.results.map((r) => (isRecord(r) ? r.diff : undefined));
    return parts.every((d) => typeof d === 'string') ? parts.join('') : null;
  }
  return typeof result.diff === 'string' ? result.diff : null;
}

const HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * The diff of a successful call: the result's own (diffOfResult), or, for the reference dialects
 * whose result is the text a model reads (`{output}`, no diff in it), the staged cumulative diffs
 * of every file, in stage order: what the app's diff panel shows.
 */
export function diffOfOutcome(result: unknown, stagedDiffs: readonly string[]): string | null {
  return diffOfResult(result) ?? (stagedDiffs.length > 0 ? stagedDiffs.join('') : null);
}

/**
 * The removed (`-`) and added (`+`) lines of one or more unified diffs, in order, without the
 * sign and the line break. Hunk bodies are read by their counts, so a removed line that itself
 * starts with `--` is never taken for a `---` header; `\ No newline at end of file` is not a line.
 * Outside a hunk, `---`/`+++` headers are skipped and stray `-`/`+` lines still count (a diff with
 * wrong counts must not hide its changes from the check).
 */
export function changedLines(diff: string): { removed: string[]; added: string[] } {
  const removed: string[] = [];
  const added: string[] = [];
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let oldLeft = 0;
  let newLeft = 0;
  for (const line of lines) {
    if (oldLeft > 0 || newLeft > 0) {
      const sign = line.charAt(0);
      if (sign === '\\') continue;
      if (sign === '-') {
        removed.push(line.slice(1));
        oldLeft--;
        continue;
      }
      if (sign === '+') {
        added.push(line.slice(1));
        newLeft--;
        continue;
      }
      if (sign === ' ' || line === '') {
        oldLeft--;
        newLeft--;
        continue;
      }
      // Anything else ends the hunk early (wrong counts); read it as outside a hunk.
      oldLeft = 0;
      newLeft = 0;
    }
    const hunk = HUNK_HEADER.exec(line);
    if (hunk) {
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      continue;
    }
    if (line.startsWith('--- ') || line.startsWith('+++ ')) continue;
    if (line.startsWith('-')) removed.push(line.slice(1));
    else if (line.startsWith('+')) added.push(line.slice(1));
  }
  return { removed, added };
}

export interface DiffExpectation {
  removed?: string[] | undefined;
  added?: string[] | undefined;
  contains?: string | string[] | undefined;
  equals?: string | undefined;
}

export function checkDiff(expected: DiffExpectation, diff: string | null): CaseFailure[] {
  if (diff === null) return [failure('diff', expected, null, 'diff: the result has no diff (no `diff`, `diffs` or `metadata.results[].diff`, and no staged file)')];
  const out: CaseFailure[] = [];
  const lines = changedLines(diff);
  for (const side of ['removed', 'added'] as const) {
    const want = expected[side];
    if (want === undefined) continue;
    const got = lines[side];
    if (want.length === got.length && want.every((l, i) => l === got[i])) continue;
    const i = want.findIndex((l, k) => l !== got[k]);
    const where = i === -1 ? `expected ${want.length} line(s), got ${got.length}` : `first difference at line ${i}: expected ${JSON.stringify(want[i])}, got ${got[i] === undefined ? 'nothing' : JSON.stringify(got[i])}`;
    out.push(failure(`diff.${side}`, want, got, `diff.${side}: ${where}`));
  }
  if (expected.contains !== undefined) {
    const all = typeof expected.contains === 'string' ? [expected.contains] : expected.contains;
    for (const piece of all) {
      if (!diff.includes(piece)) out.push(failure('diff.contains', piece, diff, `diff.contains: the diff does not contain ${JSON.stringify(piece)}`));
    }
  }
  if (expected.equals !== undefined && expected.equals !== diff) {
    out.push(failure('diff.equals', expected.equals, diff, `diff.equals: the diff differs${firstDifference(expected.equals, diff)}`));
  }
  return out;
}

/** ` at line N: expected "...", got "..."` for two texts that differ. */
export function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const show = (s: string | undefined) => (s === undefined ? 'the end of the text' : JSON.stringify(s));
      return ` at line ${i + 1}: expected ${show(a[i])}, got ${show(b[i])}`;
    }
  }
  return '';
}

// ---------------------------------------------------------------------------------------------
// Workspace contents

/** A workspace's bytes by call path. */
export type Snapshot = ReadonlyMap<string, Uint8Array>;

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** `then.files`: exact final texts (BOM and CRLF included), `null` for a file that must not exist. */
export function checkFiles(expected: Readonly<Record<string, string | null>>, after: Snapshot): CaseFailure[] {
  return Object.entries(expected).flatMap(([path, want]) => {
    const what = `files[${JSON.stringify(path)}]`;
    const bytes = after.get(path);
    if (want === null) return bytes === undefined ? [] : [failure(what, null, decoder.decode(bytes), `${what}: expected no such file, but it exists`)];
    if (bytes === undefined) return [failure(what, want, null, `${what}: expected the file, but it does not exist`)];
    const got = decoder.decode(bytes);
    return got === want ? [] : [failure(what, want, got, `${what}: content differs${firstDifference(want, got)}`)];
  });
}

/** A failed call changes nothing (SPEC 3): every file's bytes are as before, none added or removed. */
export function checkUnchanged(before: Snapshot, after: Snapshot): CaseFailure[] {
  const changed: string[] = [];
  for (const [path, bytes] of before) {
    const now = after.get(path);
    if (now === undefined) changed.push(`${path} (removed)`);
    else if (!sameBytes(bytes, now)) changed.push(`${path} (modified)`);
  }
  for (const path of after.keys()) if (!before.has(path)) changed.push(`${path} (created)`);
  if (changed.length === 0) return [];
  return [failure('files unchanged', 'no file changed', changed, `a failed call changed the workspace: ${changed.join(', ')}`)];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
