// "Save as case": turn a run the user made into a contract case (SPEC 7) whose expectation is
// what actually happened, so a later engine change that alters the outcome fails the case.
// Pure functions over plain data: the store gathers the inputs (the run, the call text as it
// ran, the files the call named but did not stage) and this file decides the case's shape.

import type { SuiteInput } from '../../contracts/suite-schema';
import type { FileTexts, FileView, RunDetails, RunView } from '../../worker/protocol';
import { isRecord } from '../../engine/helpers';

export type SuiteJson = SuiteInput;

/** A run with what the page normally does not hold: every file's texts, the result and events uncut. */
export type FullRun = Omit<RunView, 'files'> & { files: (FileView & FileTexts)[] };

export function fullRun(run: RunView, details: RunDetails): FullRun {
  return {
    ...run,
    files: run.files.map((f, i) => ({ ...f, ...details.files[i]! })),
    events: details.events,
    ...(run.ok ? { result: details.result } : {}),
  };
}
export type CaseJson = SuiteJson['cases'][number];

/** The call behind a run, captured when it started (the composer may change afterwards). */
export interface RunCapture {
  runId: number;
  text: string;
  mount: string;
  diffContext: number;
  /** The release it ran as (the composer's pick for the profile); absent: the default. */
  release?: string;
}

/** A text file as the worker shows it: LF view plus the shape that restores its bytes. */
export interface ShapedText {
  text: string;
  eol: '\n' | '\r\n';
  bom: boolean;
}

export const DEFAULT_MOUNT = '/';
export const DEFAULT_DIFF_CONTEXT = 3;

/** The text a suite must hold for the file's exact content (suites compare BOM and CRLF too). */
export function suiteText({ text, eol, bom }: ShapedText): string {
  return (bom ? '\uFEFF' : '') + (eol === '\r\n' ? text.replaceAll('\n', '\r\n') : text);
}

/**
 * Result fields a case checks. Diffs are left out: the case's `then.files` already pins every
 * byte they describe, and a diff text also depends on context settings and header paths.
 */
export function resultExpectation(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resultExpectation);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'diff' || key === 'diffs' || v === undefined) continue;
    out[key] = resultExpectation(v);
  }
  return out;
}

function normalizeAbsolute(path: string): string {
  const parts: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return `/${parts.join('/')}`;
}

/** A call path as an absolute path under the mount (relative paths are relative to the mount). */
export function absoluteCallPath(path: string, mount: string): string {
  return normalizeAbsolute(path.startsWith('/') ? path : `${mount}/${path}`);
}

/** The workspace path (relative to the root) of an absolute call path, or `null` outside the mount. */
export function workspacePath(absPath: string, mount: string): string | null {
  const m = normalizeAbsolute(mount);
  if (m === '/') return absPath === '/' ? null : absPath.slice(1);
  return absPath.startsWith(`${m}/`) ? absPath.slice(m.length + 1) : null;
}

/**
 * Absolute paths the call named, read from the run's `tool_call` event (its locations, and the
 * path fields of its unwrapped input). A failed call often stages nothing, yet its case still
 * needs the file it failed on, or the case would fail with "file not found" instead.
 */
export function namedPaths(run: FullRun, mount: string): string[] {
  const found = new Set<string>();
  for (const note of run.events.acp) {
    const update = isRecord(note) && isRecord(note.params) ? note.params.update : undefined;
    if (!isRecord(update) || update.sessionUpdate !== 'tool_call') continue;
    for (const loc of Array.isArray(update.locations) ? update.locations : []) {
      if (isRecord(loc) && typeof loc.path === 'string') found.add(absoluteCallPath(loc.path, mount));
    }
    const input = update.rawInput;
    if (!isRecord(input)) continue;
    const named: unknown[] = [input.path, input.file_path, input.filePath];
    for (const edit of Array.isArray(input.edits) ? input.edits : []) if (isRecord(edit)) named.push(edit.file_path, edit.filePath);
    for (const p of named) if (typeof p === 'string' && p !== '') found.add(absoluteCallPath(p, mount));
  }
  for (const f of run.files) found.delete(f.absPath);
  return [...found];
}

export type BuiltCase = { ok: true; testCase: CaseJson } | { ok: false; message: string };

/**
 * The case for a run: `given` holds the files the call staged (their content before the call)
 * plus `otherFiles` (files it named without staging, read from the workspace); `when` is the call
 * text exactly as it ran (envelope included); `then` is the outcome: the result without diffs
 * and every touched file's final text, or the error (the runner then also checks that nothing
 * changed), and the run's warnings.
 */
export function caseFromRun(run: FullRun, capture: Omit<RunCapture, 'runId'>, otherFiles: Record<string, ShapedText>, id: string, title: string): BuiltCase {
  let when: unknown;
  try {
    when = JSON.parse(capture.text.startsWith('\uFEFF') ? capture.text.slice(1) : capture.text);
  } catch (error) {
    return { ok: false, message: `The call is not JSON, so it cannot be a case's "when": ${(error as Error).message}` };
  }
  const given: Record<string, string> = {};
  for (const [path, file] of Object.entries(otherFiles)) given[path] = suiteText(file);
  for (const f of run.files) if (!f.created) given[f.absPath] = suiteText({ text: f.originalText, eol: f.eol, bom: f.bom });

  const then: CaseJson['then'] = {};
  if (run.ok) {
    then.result = resultExpectation(run.result) as CaseJson['then']['result'];
    const files: Record<string, string | null> = {};
    for (const f of run.files) {
      if (run.writes) files[f.absPath] = suiteText({ text: f.finalText, eol: f.eol, bom: f.bom });
      else files[f.absPath] = f.created ? null : given[f.absPath]!;
    }
    if (Object.keys(files).length > 0) then.files = files;
  } else if (run.error) {
    then.error = { code: run.error.code, message: run.error.message };
  }
  then.warnings = [...run.warnings];

  const testCase: CaseJson = {
    id,
    title,
    profile: run.call.profile,
    ...(capture.release !== undefined && { release: capture.release }),
    ...(capture.mount !== DEFAULT_MOUNT && { mount: capture.mount }),
    ...(capture.diffContext !== DEFAULT_DIFF_CONTEXT && { diff_context: capture.diffContext }),
    ...(Object.keys(given).length > 0 && { given: { files: given } }),
    when: when as CaseJson['when'],
    then,
  };
  return { ok: true, testCase };
}

/** A title for a new case, which the user can edit before saving. */
export function defaultCaseTitle(run: RunView): string {
  const tool = run.call.toolName ?? run.call.profile;
  const files = run.files.map((f) => f.displayPath);
  const where = files.length === 0 ? '' : files.length === 1 ? ` ${files[0]}` : ` ${files.length} files`;
  if (!run.ok) return `${tool}${where}: ${String(run.error?.code ?? 'error')}`;
  return `${tool}${where}`;
}

/** The next free id `case-N` in a suite. */
export function nextCaseId(suite: SuiteJson | null): string {
  const taken = new Set(suite?.cases.map((c) => c.id) ?? []);
  let n = (suite?.cases.length ?? 0) + 1;
  while (taken.has(`case-${n}`)) n++;
  return `case-${n}`;
}

export const MY_CASES = 'My cases';

/** Append a case to a user suite, or start "My cases" with it (a suite needs at least one case). */
export function withCase(suite: SuiteJson | null, testCase: CaseJson): SuiteJson {
  if (suite === null) {
    return { version: 1, suite: MY_CASES, description: 'Cases saved from runs in edit-playground (Save as case).', cases: [testCase] };
  }
  return { ...suite, cases: [...suite.cases, testCase] };
}
