// Contract suites in the app: the built-in suites and the user's (loaded from a file or saved
// from runs), their latest case results, runs in the worker with progress, the case selected for
// details, and the case opened in its own workspace (case-view.ts). The entries' shapes, their
// persistence and the pure helpers are in contracts-model.ts.
//
// User suites persist in localStorage as a versioned record; every suite in it is validated again
// by the worker (the suite schema) on load, so a stale or hand-edited record is never trusted.

import { create } from 'zustand';
import type { CaseReport } from '../../contracts/runner';
import type { SuiteSummary } from '../../worker/protocol';
import { WorkerStopped } from '../../worker/client';
import { engine } from '../engine';
import { loadRecord } from '../state/persist';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';
import {
  caseFromRun,
  fullRun,
  type FullRun,
  MY_CASES,
  namedPaths,
  nextCaseId,
  withCase,
  workspacePath,
  type CaseJson,
  type ShapedText,
  type SuiteJson,
} from './case-from-run';
import {
  caseLabel,
  caseOf,
  download,
  messageOf,
  persist,
  recordSchema,
  splitIssue,
  STORAGE_KEY,
  suiteFileName,
  runAllScope,
  SUITE_TIMEOUT_MS,
  userKey,
  type CaseRef,
  type CaseView,
  type Notice,
  type RunProgress,
  type SuiteEntry,
  type SuiteIssue,
  type SuiteOrigin,
} from './contracts-model';
import { captureFor } from './run-capture';
import { leaveCaseView, openCaseView, type CaseViewHost } from './case-view';

export { caseLabel, SPEC_CHECKER, suiteCounts, suiteFileName, type CaseRef, type Notice, type RunProgress, type SuiteEntry, type SuiteIssue, type SuiteOrigin } from './contracts-model';

interface ContractsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  suites: SuiteEntry[];
  expanded: Record<string, boolean>;
  /** Latest report per suite key and case id (a case run alone updates its own entry). */
  results: Record<string, Record<string, CaseReport>>;
  /** A suite that could not run at all (invalid, worker stopped). */
  suiteErrors: Record<string, string>;
  running: RunProgress | null;
  /** Totals of the last finished run (one case, a suite, or all). */
  totals: { scope: string; passed: number; failed: number; stopped?: string } | null;
  /** Why the last loaded file(s) were refused, per file. */
  loadIssues: { file: string; issues: SuiteIssue[] }[];
  notice: Notice | null;
  selected: CaseRef | null;
  detailsOpen: boolean;
  caseView: CaseView | null;
  confirmRemove: string | null;
  saveFormOpen: boolean;

  init(): Promise<void>;
  toggle(key: string): void;
  select(ref: CaseRef | null, openDetails?: boolean): void;
  closeDetails(): void;
  loadFiles(files: readonly File[]): Promise<void>;
  runAll(): Promise<void>;
  runSuite(key: string): Promise<void>;
  runCase(ref: CaseRef): Promise<void>;
  cancel(): void;
  exportSuite(key: string): Promise<void>;
  askRemove(key: string | null): void;
  removeSuite(key: string): void;
  openCase(ref: CaseRef): Promise<void>;
  backToWorkspace(): Promise<void>;
  saveRunAsCase(options: { title: string; target: string | null }): Promise<{ ok: true; ref: CaseRef } | { ok: false; message: string }>;
  setSaveFormOpen(open: boolean): void;
  dismissNotice(): void;
  dismissLoadIssues(): void;
}

// ---------------------------------------------------------------------------------------------
// The store

let initPromise: Promise<void> | null = null;

export const useContracts = create<ContractsState>()((set, get) => {
  /** Run suites one after the other, with one progress count over all of their cases. */
  async function runSuites(scope: string, work: { entry: SuiteEntry; caseId?: string }[]): Promise<void> {
    if (get().running) return;
    const total = work.reduce((n, w) => n + (w.caseId !== undefined ? 1 : w.entry.summary.cases.length), 0);
    set({ running: { scope, done: 0, total, label: '' }, totals: null, notice: null });
    let before = 0;
    let passed = 0;
    let failed = 0;
    let stopped: string | undefined;
    for (const { entry, caseId } of work) {
      const size = caseId !== undefined ? 1 : entry.summary.cases.length;
      try {
        const json = entry.json ?? (await fetchBuiltin(entry));
        const report = await engine.request('suites/run', { suite: json, ...(caseId !== undefined && { caseId }) }, {
          timeoutMs: SUITE_TIMEOUT_MS,
          onProgress: (done, _total, label) => set({ running: { scope, done: before + done, total, label } }),
        });
        passed += report.passed;
        failed += report.failed;
        set((s) => {
          // No prototype: case ids are the suite's (`__proto__`, `constructor` are ids like any other).
          const mine: Record<string, CaseReport> = Object.assign(Object.create(null), caseId === undefined ? {} : s.results[entry.key]);
          for (const c of report.cases) mine[c.id] = c;
          const { [entry.key]: _gone, ...suiteErrors } = s.suiteErrors;
          return { results: { ...s.results, [entry.key]: mine }, suiteErrors };
        });
      } catch (error) {
        const message = messageOf(error);
        set((s) => ({ suiteErrors: { ...s.suiteErrors, [entry.key]: message } }));
        if (error instanceof WorkerStopped) {
          stopped = error.code === 'CANCELLED' ? 'Cancelled.' : message;
          break;
        }
      }
      before += size;
      set((s) => ({ running: s.running && { ...s.running, done: before } }));
    }
    set({ running: null, totals: { scope, passed, failed, ...(stopped !== undefined && { stopped }) } });
  }

  async function fetchBuiltin(entry: SuiteEntry): Promise<SuiteJson> {
    const json = (await engine.request('suites/get', { name: entry.name })) as SuiteJson;
    set((s) => ({ suites: s.suites.map((x) => (x.key === entry.key ? { ...x, json } : x)) }));
    return json;
  }

  function entry(key: string): SuiteEntry | undefined {
    return get().suites.find((s) => s.key === key);
  }

  function replaceUserSuites(update: (suites: SuiteEntry[]) => SuiteEntry[]): void {
    const suites = update(get().suites);
    set({ suites });
    persist(suites);
  }

  /** Put a validated user suite in the list: a loaded suite with the name of an earlier loaded one replaces it. */
  function addUserSuite(json: SuiteJson, summary: SuiteSummary, origin: SuiteOrigin, fileName?: string): { key: string; replaced: boolean } {
    const same = get().suites.find((s) => s.origin === origin && s.summary.suite === summary.suite);
    const key = same?.key ?? userKey();
    const next: SuiteEntry = {
      key,
      origin,
      name: summary.suite,
      inRunAll: true,
      summary: { ...summary, name: summary.suite },
      json,
      ...(fileName !== undefined && { fileName }),
    };
    replaceUserSuites((suites) => (same ? suites.map((s) => (s.key === key ? next : s)) : [...suites, next]));
    if (same) {
      set((s) => {
        const { [key]: _old, ...results } = s.results;
        return { results };
      });
    }
    return { key, replaced: same !== undefined };
  }

  /** The built-in suites (with their JSON) and the stored user suites, validated again. */
  async function loadSuites(): Promise<void> {
    set({ status: 'loading', error: null });
    try {
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
        if (!checked.ok) {
          dropped.push(`${checked.errors[0] ?? 'invalid suite'}`);
          continue;
        }
        const summary = checked.summary;
        user.push({
          key: userKey(),
          origin: s.origin,
          name: summary.suite,
          inRunAll: true,
          summary: { ...summary, name: summary.suite },
          json: s.json as SuiteJson,
          ...(s.fileName !== undefined && { fileName: s.fileName }),
        });
      }
      set({
        status: 'ready',
        suites: [...builtins, ...user],
        ...(dropped.length > 0 && {
          notice: { tone: 'warn', text: `${dropped.length} stored suite(s) no longer validate and were left out: ${dropped.join('; ')}` },
        }),
      });
    } catch (error) {
      initPromise = null;
      set({ status: 'error', error: messageOf(error) });
    }
  }

  const caseHost: CaseViewHost = {
    caseView: () => get().caseView,
    update: (patch) => set(patch),
    suiteJson: async (e) => e.json ?? fetchBuiltin(e),
  };

  return {
    status: 'idle',
    error: null,
    suites: [],
    expanded: {},
    results: {},
    suiteErrors: {},
    running: null,
    totals: null,
    loadIssues: [],
    notice: null,
    selected: null,
    detailsOpen: false,
    caseView: null,
    confirmRemove: null,
    saveFormOpen: false,

    init() {
      initPromise ??= loadSuites();
      return initPromise;
    },

    toggle(key) {
      set((s) => ({ expanded: { ...s.expanded, [key]: !s.expanded[key] } }));
    },

    select(ref, openDetails = true) {
      set({ selected: ref, detailsOpen: ref !== null && openDetails });
    },

    closeDetails() {
      set({ detailsOpen: false });
    },

    async loadFiles(files) {
      const issues: ContractsState['loadIssues'] = [];
      const loaded: string[] = [];
      for (const file of files) {
        if (!/\.json$/i.test(file.name) && file.type !== 'application/json') {
          issues.push({ file: file.name, issues: [{ path: '(file)', message: 'not a .json file: a suite is a JSON file (SPEC 7)' }] });
          continue;
        }
        let text: string;
        try {
          text = await file.text();
        } catch (error) {
          issues.push({ file: file.name, issues: [{ path: '(file)', message: `cannot read the file: ${messageOf(error)}` }] });
          continue;
        }
        try {
          const checked = await engine.request('suites/validate', { text });
          if (!checked.ok) {
            issues.push({ file: file.name, issues: checked.issues ?? checked.errors.map(splitIssue) });
            continue;
          }
          const json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) as SuiteJson;
          const { key, replaced } = addUserSuite(json, checked.summary, 'loaded', file.name);
          set((s) => ({ expanded: { ...s.expanded, [key]: true } }));
          loaded.push(`${checked.summary.suite} (${checked.summary.cases.length} case${checked.summary.cases.length === 1 ? '' : 's'})${replaced ? ', replacing the earlier copy' : ''}`);
        } catch (error) {
          issues.push({ file: file.name, issues: [{ path: '(suite)', message: messageOf(error) }] });
        }
      }
      set({
        loadIssues: issues,
        notice: loaded.length > 0 ? { tone: 'ok', text: `Loaded ${loaded.join(', ')}.` } : null,
      });
    },

    async runAll() {
      const work = get().suites.filter((s) => s.inRunAll).map((entry) => ({ entry }));
      await runSuites(runAllScope(get().suites.filter((s) => !s.inRunAll).map((s) => s.name)), work);
    },

    async runSuite(key) {
      const e = entry(key);
      if (!e) return;
      set((s) => ({ expanded: { ...s.expanded, [key]: true } }));
      await runSuites(e.name, [{ entry: e }]);
    },

    async runCase(ref) {
      const e = entry(ref.key);
      if (!e) return;
      await runSuites(caseLabel(e, ref.caseId), [{ entry: e, caseId: ref.caseId }]);
    },

    cancel() {
      if (get().running) engine.cancel();
    },

    async exportSuite(key) {
      const e = entry(key);
      if (!e) return;
      try {
        const json = e.json ?? (await fetchBuiltin(e));
        download(suiteFileName(e), `${JSON.stringify(json, null, 2)}\n`);
        set({ notice: { tone: 'ok', text: `Exported ${suiteFileName(e)}: run it with "edit-playground test ${suiteFileName(e)}".` } });
      } catch (error) {
        set({ notice: { tone: 'error', text: `Could not export ${e.name}: ${messageOf(error)}` } });
      }
    },

    askRemove(key) {
      set({ confirmRemove: key });
    },

    removeSuite(key) {
      const e = entry(key);
      if (!e || e.origin === 'builtin') return;
      replaceUserSuites((suites) => suites.filter((s) => s.key !== key));
      set((s) => {
        const { [key]: _r, ...results } = s.results;
        return {
          results,
          confirmRemove: null,
          ...(s.selected?.key === key && { selected: null, detailsOpen: false }),
          notice: { tone: 'ok', text: `Removed ${e.name}.` },
        };
      });
    },

    async openCase(ref) {
      const e = entry(ref.key);
      if (e) await openCaseView(caseHost, e, ref);
    },

    async backToWorkspace() {
      await leaveCaseView(caseHost);
    },

    async saveRunAsCase({ title, target }) {
      const shown = useRun.getState().run;
      if (!shown) return { ok: false, message: 'Run a call first: a case is made from the last run.' };
      const capture = captureFor(shown.runId);
      let run: FullRun;
      try {
        run = fullRun(shown, await engine.request('run/details', { runId: shown.runId }));
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
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
      const suite = target === null ? null : (entry(target) ?? null);
      if (suite && suite.origin === 'builtin') return { ok: false, message: 'Built-in suites are read-only: save to one of your suites.' };
      const id = nextCaseId(suite?.json ?? null);
      const built = caseFromRun(run, capture, others, id, title.trim() === '' ? id : title.trim());
      if (!built.ok) return built;
      const json = withCase(suite?.json ?? null, built.testCase);
      const checked = await engine.request('suites/validate', { json });
      if (!checked.ok) return { ok: false, message: `The case would not be a valid suite entry: ${checked.errors.join('; ')}` };
      let key: string;
      if (suite) {
        key = suite.key;
        replaceUserSuites((suites) => suites.map((s) => (s.key === key ? { ...s, json, summary: { ...checked.summary, name: s.name } } : s)));
      } else {
        const existing = get().suites.find((s) => s.origin === 'saved' && s.summary.suite === MY_CASES);
        if (existing) return get().saveRunAsCase({ title, target: existing.key });
        key = addUserSuite(json, checked.summary, 'saved').key;
      }
      const ref = { key, caseId: id };
      set((s) => ({ expanded: { ...s.expanded, [key]: true }, selected: ref }));
      await get().runCase(ref);
      const report = get().results[key]?.[id];
      const name = entry(key)?.name ?? MY_CASES;
      set({
        notice: report?.passed
          ? { tone: 'ok', text: `Saved ${id} to ${name}; it passes.` }
          : { tone: 'warn', text: `Saved ${id} to ${name}, but it does not pass when run on its own: ${report?.failures[0]?.message ?? 'see its details'}` },
      });
      return { ok: true, ref };
    },

    setSaveFormOpen(open) {
      set({ saveFormOpen: open });
    },

    dismissNotice() {
      set({ notice: null });
    },

    dismissLoadIssues() {
      set({ loadIssues: [] });
    },
  };
});

export function findCase(state: Pick<ContractsState, 'suites'>, ref: CaseRef): { entry: SuiteEntry; testCase: CaseJson | undefined } | null {
  const e = state.suites.find((s) => s.key === ref.key);
  return e ? { entry: e, testCase: caseOf(e, ref.caseId) } : null;
}

// Leaving the case some other way (opening a folder, the sandbox action) ends the case view; the
// composer keeps the case's call then, as the user chose to work with it elsewhere.
useWorkspace.subscribe((now, before) => {
  if (before.kind === 'case' && now.kind !== null && now.kind !== 'case' && useContracts.getState().caseView) {
    useContracts.setState({ caseView: null });
  }
});
