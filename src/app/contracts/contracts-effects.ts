// What the contracts store does through the worker: list, fetch, validate and run suites, load
// suite files, export a suite, save the last run as a case. Each effect awaits the worker and
// hands the answer to a pure transition (contracts-transitions.ts); none edits the state itself.

import { WorkerStopped } from '../../worker/client';
import { engine } from '../worker-client';
import { loadRecord } from '../state/persist';
import { useRun } from '../state/run-store';
import { caseFromRun, fullRun, MY_CASES, namedPaths, nextCaseId, withCase, workspacePath, type FullRun, type ShapedText, type SuiteJson } from './case-from-run';
import { caseLabel, download, messageOf, persist, recordSchema, splitIssue, STORAGE_KEY, SUITE_TIMEOUT_MS, suiteFileName, userKey, type CaseRef, type SuiteEntry } from './contracts-model';
import {
  builtinFetched,
  caseSavedNotice,
  expandedOpen,
  filesLoaded,
  loadedLabel,
  noticeShown,
  runFinished,
  runProgressed,
  runReached,
  runStarted,
  suiteFailed,
  suiteReported,
  suitesFailed,
  suitesLoaded,
  suitesLoading,
  userEntry,
  userSuiteAdded,
  userSuiteUpdated,
  workSize,
  type ContractsData,
  type LoadIssue,
  type RunWork,
} from './contracts-transitions';
import { captureFor } from './run-capture';
import { errorMessage } from '../../engine/helpers';

/** The store as the effects see it: read the state, apply a transition. */
export interface ContractsHost {
  get(): ContractsData;
  apply(transition: (s: ContractsData) => ContractsData): void;
}

/** A validated user suite joins the list (or replaces its namesake), and the user suites are stored. */
function addUserSuite(host: ContractsHost, added: Parameters<typeof userSuiteAdded>[1]): { key: string; replaced: boolean } {
  const { state, key, replaced } = userSuiteAdded(host.get(), added, userKey);
  applyPersisted(host, () => state);
  return { key, replaced };
}

/** Apply a transition that changes the user suites, and store them. */
function applyPersisted(host: ContractsHost, transition: (s: ContractsData) => ContractsData): void {
  host.apply(transition);
  persist(host.get().suites);
}

export function findEntry(host: ContractsHost, key: string): SuiteEntry | undefined {
  return host.get().suites.find((s) => s.key === key);
}

export async function suiteJson(host: ContractsHost, entry: SuiteEntry): Promise<SuiteJson> {
  if (entry.json) return entry.json;
  const json = (await engine.request('suites/get', { name: entry.name })) as SuiteJson;
  host.apply((s) => builtinFetched(s, entry.key, json));
  return json;
}

/** Run suites one after the other, with one progress count over all of their cases. */
export async function runSuites(host: ContractsHost, scope: string, work: readonly RunWork[]): Promise<void> {
  if (host.get().running) return;
  host.apply((s) => runStarted(s, scope, work));
  let before = 0;
  let passed = 0;
  let failed = 0;
  let stopped: string | undefined;
  for (const { entry, caseId } of work) {
    try {
      const json = await suiteJson(host, entry);
      const start = before;
      const report = await engine.request('suites/run', { suite: json, ...(caseId !== undefined && { caseId }) }, {
        timeoutMs: SUITE_TIMEOUT_MS,
        onProgress: (done, _total, label) => host.apply((s) => runProgressed(s, start, done, label)),
      });
      passed += report.passed;
      failed += report.failed;
      host.apply((s) => suiteReported(s, entry.key, report.cases, caseId !== undefined));
    } catch (error) {
      const message = messageOf(error);
      host.apply((s) => suiteFailed(s, entry.key, message));
      if (error instanceof WorkerStopped) {
        stopped = error.code === 'CANCELLED' ? 'Cancelled.' : message;
        break;
      }
    }
    before += workSize({ entry, ...(caseId !== undefined && { caseId }) });
    const reached = before;
    host.apply((s) => runReached(s, reached));
  }
  host.apply((s) => runFinished(s, { scope, passed, failed, ...(stopped !== undefined && { stopped }) }));
}

/** The built-in suites (with their JSON) and the stored user suites, validated again. */
export async function loadSuites(host: ContractsHost): Promise<void> {
  host.apply(suitesLoading);
  const list = await engine.request('suites/list', {});
  const builtins = await Promise.all(
    list.map(async (summary): Promise<SuiteEntry> => ({
      key: `builtin:${summary.name}`,
      origin: 'builtin',
      name: summary.name,
      inRunAll: summary.default,
      summary,
      json: (await engine.request('suites/get', { name: summary.name })) as SuiteJson,
    })),
  );
  const stored = loadRecord(STORAGE_KEY, recordSchema);
  const user: SuiteEntry[] = [];
  const dropped: string[] = [];
  for (const s of stored?.suites ?? []) {
    const checked = await engine.request('suites/validate', { json: s.json });
    if (!checked.ok) dropped.push(`${checked.errors[0] ?? 'invalid suite'}`);
    else user.push(userEntry(userKey(), s.origin, checked.summary, s.json as SuiteJson, s.fileName));
  }
  host.apply((s) => suitesLoaded(s, [...builtins, ...user], dropped));
}

export function loadFailed(host: ContractsHost, error: unknown): void {
  host.apply((s) => suitesFailed(s, messageOf(error)));
}

/** One suite file: its issues, or the label of the suite it added. */
async function loadFile(host: ContractsHost, file: File): Promise<{ issue: LoadIssue } | { loaded: string }> {
  const refused = (path: string, message: string) => ({ issue: { file: file.name, issues: [{ path, message }] } });
  if (!/\.json$/i.test(file.name) && file.type !== 'application/json') {
    return refused('(file)', 'not a .json file: a suite is a JSON file (SPEC 7)');
  }
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    return refused('(file)', `cannot read the file: ${messageOf(error)}`);
  }
  try {
    const checked = await engine.request('suites/validate', { text });
    if (!checked.ok) return { issue: { file: file.name, issues: checked.issues ?? checked.errors.map(splitIssue) } };
    const json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) as SuiteJson;
    const added = { json, summary: checked.summary, origin: 'loaded' as const, fileName: file.name };
    const { key, replaced } = addUserSuite(host, added);
    host.apply((s) => expandedOpen(s, key));
    return { loaded: loadedLabel(checked.summary, replaced) };
  } catch (error) {
    return refused('(suite)', messageOf(error));
  }
}

export async function loadFiles(host: ContractsHost, files: readonly File[]): Promise<void> {
  const issues: LoadIssue[] = [];
  const loaded: string[] = [];
  for (const file of files) {
    const result = await loadFile(host, file);
    if ('issue' in result) issues.push(result.issue);
    else loaded.push(result.loaded);
  }
  host.apply((s) => filesLoaded(s, issues, loaded));
}

export async function exportSuite(host: ContractsHost, e: SuiteEntry): Promise<void> {
  try {
    const json = await suiteJson(host, e);
    download(suiteFileName(e), `${JSON.stringify(json, null, 2)}\n`);
    host.apply((s) => noticeShown(s, { tone: 'ok', text: `Exported ${suiteFileName(e)}: run it with "edit-playground test ${suiteFileName(e)}".` }));
  } catch (error) {
    host.apply((s) => noticeShown(s, { tone: 'error', text: `Could not export ${e.name}: ${messageOf(error)}` }));
  }
}

export type SaveCaseResult = { ok: true; ref: CaseRef } | { ok: false; message: string };

/** The last run, with the files it named but did not stage as they are now in its workspace. */
async function lastRun(): Promise<{ run: FullRun; capture: ReturnType<typeof captureFor>; others: Record<string, ShapedText> } | { ok: false; message: string }> {
  const shown = useRun.getState().run;
  if (!shown) return { ok: false, message: 'Run a call first: a case is made from the last run.' };
  const capture = captureFor(shown.runId);
  let run: FullRun;
  try {
    run = fullRun(shown, await engine.request('run/details', { runId: shown.runId }));
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  // Files the call named but did not stage (a failed call often stages nothing): their
  // content now, from the workspace the run used.
  const others: Record<string, ShapedText> = {};
  for (const abs of namedPaths(run, capture.mount)) {
    const rel = workspacePath(abs, capture.mount);
    if (rel === null) continue;
    const content = await engine.request('workspace/read', { path: rel }).catch(() => null);
    if (content?.kind === 'text') others[abs] = { text: content.text, eol: content.eol, bom: content.bom };
  }
  return { run, capture, others };
}

/** Save the last run as a case of `target` (a user suite) or of "My cases", then run it alone. */
export async function saveRunAsCase(host: ContractsHost, options: { title: string; target: string | null }): Promise<SaveCaseResult> {
  const { title, target } = options;
  const last = await lastRun();
  if ('ok' in last) return last;
  const suite = target === null ? null : (findEntry(host, target) ?? null);
  if (suite && suite.origin === 'builtin') return { ok: false, message: 'Built-in suites are read-only: save to one of your suites.' };
  const id = nextCaseId(suite?.json ?? null);
  const built = caseFromRun(last.run, last.capture, last.others, id, title.trim() === '' ? id : title.trim());
  if (!built.ok) return built;
  const json = withCase(suite?.json ?? null, built.testCase);
  const checked = await engine.request('suites/validate', { json });
  if (!checked.ok) return { ok: false, message: `The case would not be a valid suite entry: ${checked.errors.join('; ')}` };
  let key: string;
  if (suite) {
    key = suite.key;
    applyPersisted(host, (s) => userSuiteUpdated(s, suite.key, json, checked.summary));
  } else {
    const existing = host.get().suites.find((s) => s.origin === 'saved' && s.summary.suite === MY_CASES);
    if (existing) return saveRunAsCase(host, { title, target: existing.key });
    const added = { json, summary: checked.summary, origin: 'saved' as const };
    key = addUserSuite(host, added).key;
  }
  const ref = { key, caseId: id };
  host.apply((s) => ({ ...expandedOpen(s, key), selected: ref }));
  const e = findEntry(host, key);
  if (e) await runSuites(host, caseLabel(e, id), [{ entry: e, caseId: id }]);
  const report = host.get().results[key]?.[id];
  const name = findEntry(host, key)?.name ?? MY_CASES;
  host.apply((s) => noticeShown(s, caseSavedNotice(id, name, report)));
  return { ok: true, ref };
}
