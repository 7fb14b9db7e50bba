// Runs contract suites (SPEC 7): every case gets a fresh workspace built from its `given` (a
// MemoryFs by default; the browser runner gives each case its own OPFS folder through a
// CaseBackend), so a suite never touches the user's files. A case runs the call as the CLI's `call`
// does (unwrap the envelope, run, commit when the tool would write) and then checks `then`.
// Nothing a case does can throw out of the runner: a crash is a failed case that says so.

import { parseEnvelope } from '../engine/envelope';
import { resolveCallPath, normalizeMount, toCallPath } from '../engine/paths';
import { releaseProblem } from '../engine/releases';
import { runAndCommit } from '../engine/run';
import type { ProfileId, ToolError } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { MemoryFs } from '../workspace/memory-fs';
import {
  checkDiff,
  checkFiles,
  checkUnchanged,
  deepSubset,
  describeMatcher,
  diffOfOutcome,
  matchesText,
  textMatcherProblem,
  type CaseFailure,
  type Snapshot,
} from './assertions';
import type { Suite, SuiteCase } from './suite-schema';
import { errorMessage } from '../engine/helpers';

/** What the call did, in plain JSON (no stage bytes): the report and the app show it. */
export type CaseOutcome =
  | { ok: true; profile: ProfileId; result: unknown; warnings: string[]; /** Each staged file's cumulative diff, in stage order. */ stagedDiffs: string[] }
  | { ok: false; profile: ProfileId | null; error: ToolError; warnings: string[] };

export interface CaseReport {
  id: string;
  title: string;
  source?: { document: string; case: string };
  /** The release it ran as (the case's or the suite's `release`); absent: the profile's default. */
  release?: string;
  passed: boolean;
  failures: CaseFailure[];
  /** Wall time of the whole case (workspace set-up, call, checks), in ms. */
  ms: number;
  /** `null` when the case could not run its call at all. */
  outcome: CaseOutcome | null;
}

export interface SuiteReport {
  suite: string;
  passed: number;
  failed: number;
  ms: number;
  cases: CaseReport[];
}

export interface RunSuiteOptions {
  /** Run only the case with this id. */
  caseId?: string;
  /** Called after each case (the app shows progress on long suites). */
  onProgress?: (done: number, total: number, label: string) => void;
  /** Where each case's workspace lives (default: memory). */
  backend?: CaseBackend;
}

/**
 * Where a case's workspace lives. The runner's checks are the same whatever the backend: memory
 * here and in Node, a fresh OPFS folder in the browser (src/worker/contract-opfs.ts), so the two
 * ways of running a suite differ only in the filesystem the call and its commit meet.
 */
export interface CaseBackend {
  /**
   * A fresh workspace holding exactly `files` (workspace paths), whose writes to `failWrites` the
   * filesystem refuses; the case's failure when it cannot be made.
   */
  open(files: ReadonlyMap<string, Uint8Array>, failWrites: readonly string[]): Promise<{ ok: true; workspace: CaseWorkspace } | { ok: false; message: string }>;
}

export interface CaseWorkspace {
  fs: WorkspaceFs;
  /** Every file, by workspace path. */
  files(): Promise<Map<string, Uint8Array>>;
  /** Let go of the workspace (the browser removes its folder); never throws. */
  close(): Promise<void>;
}

/** MemoryFs: no disk, a simulated refusal for `fail_writes`. */
export const memoryBackend: CaseBackend = {
  async open(files, failWrites) {
    const fs = new MemoryFs(Object.fromEntries(files), { failWrites });
    return { ok: true, workspace: { fs, files: async () => new Map([...fs.files].map(([p, b]) => [p, b.slice()])), close: async () => {} } };
  },
};

const now = (): number => performance.now();

export async function runSuite(suite: Suite, options: RunSuiteOptions = {}): Promise<SuiteReport> {
  const started = now();
  const cases = options.caseId === undefined ? suite.cases : suite.cases.filter((c) => c.id === options.caseId);
  const reports: CaseReport[] = [];
  // One at a time: `max_ms` measures a case, not the cases it would share the thread with.
  for (const c of cases) {
    reports.push(await runCase(suite, c, options.backend));
    options.onProgress?.(reports.length, cases.length, `${suite.suite} › ${c.id}`);
  }
  const passed = reports.filter((r) => r.passed).length;
  return { suite: suite.suite, passed, failed: reports.length - passed, ms: now() - started, cases: reports };
}

/** Run one case of `suite` (its defaults apply). Never throws. */
export async function runCase(suite: Suite, testCase: SuiteCase, backend: CaseBackend = memoryBackend): Promise<CaseReport> {
  const started = now();
  const release = testCase.release ?? suite.release;
  const base = { id: testCase.id, title: testCase.title, ...(testCase.source && { source: testCase.source }), ...(release !== undefined && { release }) };
  try {
    const { failures, outcome } = await execute(suite, testCase, backend);
    return { ...base, passed: failures.length === 0, failures, ms: now() - started, outcome };
  } catch (error) {
    const message = errorMessage(error);
    return {
      ...base,
      passed: false,
      failures: [{ what: 'run', expected: 'the case to run', actual: message, message: `the case crashed: ${message}` }],
      ms: now() - started,
      outcome: null,
    };
  }
}

async function execute(suite: Suite, c: SuiteCase, backend: CaseBackend): Promise<{ failures: CaseFailure[]; outcome: CaseOutcome | null }> {
  const mount = normalizeMount(c.mount ?? suite.mount ?? '/');
  const given = givenFiles(c, mount);
  if (!given.ok) return { failures: [given.failure], outcome: null };
  const opened = await backend.open(given.files, given.failWrites);
  if (!opened.ok) {
    return { failures: [{ what: 'given', expected: 'a fresh workspace', actual: opened.message, message: `given: the workspace could not be made: ${opened.message}` }], outcome: null };
  }
  const ws = opened.workspace;
  try {
    return await runIn(ws, suite, c, mount);
  } finally {
    await ws.close();
  }
}

async function runIn(ws: CaseWorkspace, suite: Suite, c: SuiteCase, mount: string): Promise<{ failures: CaseFailure[]; outcome: CaseOutcome | null }> {
  const { fs } = ws;
  const diffContext = c.diff_context ?? suite.diff_context;
  const before = snapshot(await ws.files(), mount);
  const fallback: ProfileId | null = c.profile ?? suite.profile ?? null;
  const release = c.release ?? suite.release;

  const t0 = now();
  let outcome: CaseOutcome;
  const parsed = parseEnvelope(c.when, fallback);
  if (!parsed.ok) {
    outcome = { ok: false, profile: null, error: parsed.error, warnings: [] };
  } else {
    const profile = parsed.call.profile!;
    const problem = release === undefined ? null : releaseProblem(profile, release, 'a release');
    if (problem !== null) return { failures: [{ what: 'release', expected: `a release of ${profile}`, actual: release, message: `release: ${problem}` }], outcome: null };
    const { outcome: run } = await runAndCommit(fs, profile, parsed.call.input, { mount, ...(diffContext !== undefined && { diffContext }), ...(release !== undefined && { release }) });
    outcome = run.ok
      ? { ok: true, profile, result: run.result, warnings: run.warnings, stagedDiffs: run.stage.files.map((f) => f.diff) }
      : { ok: false, profile, error: run.error, warnings: run.warnings };
  }
  const elapsed = now() - t0;
  const after = snapshot(await ws.files(), mount);

  const then = c.then;
  const failures: CaseFailure[] = [];
  if (then.error !== undefined) {
    if (outcome.ok) {
      failures.push({ what: 'error', expected: then.error, actual: outcome.result, message: 'expected an error, but the call succeeded' });
    } else {
      if (then.error.code !== undefined && then.error.code !== outcome.error.code) {
        failures.push({
          what: 'error.code',
          expected: then.error.code,
          actual: outcome.error.code,
          message: `error.code: expected ${JSON.stringify(then.error.code)}, got ${JSON.stringify(outcome.error.code)} (${outcome.error.message})`,
        });
      }
      const problem = then.error.message === undefined ? null : textMatcherProblem(then.error.message);
      if (problem !== null) {
        failures.push({ what: 'error.message', expected: then.error.message, actual: outcome.error.message, message: `error.message: ${problem}` });
      } else if (then.error.message !== undefined && !matchesText(then.error.message, outcome.error.message)) {
        failures.push({
          what: 'error.message',
          expected: then.error.message,
          actual: outcome.error.message,
          message: `error.message: expected ${describeMatcher(then.error.message)}, got ${JSON.stringify(outcome.error.message)}`,
        });
      }
    }
    failures.push(...checkUnchanged(before, after));
  } else if (!outcome.ok) {
    failures.push({
      what: 'outcome',
      expected: then.result ?? 'a result',
      actual: outcome.error,
      message: `expected a result, but the call failed: ${String(outcome.error.code)} ${outcome.error.message}`,
    });
  }
  if (then.result !== undefined && outcome.ok) failures.push(...deepSubset(then.result, outcome.result, 'result'));
  if (then.diff !== undefined) {
    if (outcome.ok) failures.push(...checkDiff(then.diff, diffOfOutcome(outcome.result, outcome.stagedDiffs)));
    else if (then.error !== undefined) failures.push({ what: 'diff', expected: then.diff, actual: null, message: 'diff: the call failed, so there is no diff' });
  }
  if (then.files !== undefined) failures.push(...checkFiles(then.files, after));
  if (then.warnings !== undefined) {
    const want = then.warnings;
    const got = outcome.warnings;
    const problems = want.map(textMatcherProblem).filter((p) => p !== null);
    if (problems.length > 0) {
      failures.push({ what: 'warnings', expected: want, actual: got, message: `warnings: ${problems.join('; ')}` });
    } else if (want.length !== got.length || want.some((w, i) => !matchesText(w, got[i]!))) {
      failures.push({
        what: 'warnings',
        expected: want,
        actual: got,
        message: `warnings: expected [${want.map(describeMatcher).join(', ')}], got ${JSON.stringify(got)}`,
      });
    }
  }
  if (then.max_ms !== undefined && elapsed > then.max_ms) {
    failures.push({
      what: 'max_ms',
      expected: then.max_ms,
      actual: Math.round(elapsed),
      message: `max_ms: the call took ${Math.round(elapsed)} ms, more than ${then.max_ms} ms`,
    });
  }
  return { failures, outcome };
}

type Given = { ok: true; files: Map<string, Uint8Array>; failWrites: string[] } | { ok: false; failure: CaseFailure };

/**
 * The in-memory workspace a case starts from, for previewing it (the app loads a case's files
 * and call without touching the user's workspace). Returns the failure text for bad `given` paths.
 */
export function caseWorkspace(suite: Suite, c: SuiteCase): { ok: true; fs: MemoryFs; mount: string } | { ok: false; message: string } {
  const mount = normalizeMount(c.mount ?? suite.mount ?? '/');
  const given = givenFiles(c, mount);
  return given.ok ? { ok: true, fs: new MemoryFs(Object.fromEntries(given.files), { failWrites: given.failWrites }), mount } : { ok: false, message: given.failure.message };
}

/** The case's `given` files by workspace path (call paths mapped through the mount), and the paths whose writes fail. */
function givenFiles(c: SuiteCase, mount: string): Given {
  // A Map, not an object: a case's file `/__proto__` is a file, not Object.prototype's setter.
  const files = new Map<string, Uint8Array>();
  const failWrites: string[] = [];
  const toWorkspace = (callPath: string): string | CaseFailure => {
    const r = resolveCallPath(callPath, mount);
    if (r.ok && r.path !== '') return r.path;
    return { what: 'given', expected: `a file path under ${mount}`, actual: callPath, message: `given: ${callPath} is not a file under the mount ${mount}` };
  };
  const encoder = new TextEncoder();
  const entries: [string, Uint8Array][] = [
    ...Object.entries(c.given?.files ?? {}).map(([p, text]): [string, Uint8Array] => [p, encoder.encode(text)]),
    ...Object.entries(c.given?.binary_files ?? {}).map(([p, b64]): [string, Uint8Array] => [p, fromBase64(b64)]),
  ];
  for (const [p, content] of entries) {
    const ws = toWorkspace(p);
    if (typeof ws !== 'string') return { ok: false, failure: ws };
    files.set(ws, content);
  }
  for (const p of c.given?.fail_writes ?? []) {
    const ws = toWorkspace(p);
    if (typeof ws !== 'string') return { ok: false, failure: ws };
    failWrites.push(ws);
  }
  return { ok: true, files, failWrites };
}

/** Every file of the workspace by call path. */
function snapshot(files: ReadonlyMap<string, Uint8Array>, mount: string): Snapshot {
  return new Map([...files].map(([ws, bytes]) => [toCallPath(ws, mount), bytes]));
}

function fromBase64(b64: string): Uint8Array {
  const raw = atob(b64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}
