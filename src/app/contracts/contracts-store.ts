// Contract suites in the app: the built-in suites and the user's (loaded from a file or saved
// from runs), their latest case results, runs in the worker with progress, the case selected for
// details, and "open a case": its given files become an in-memory workspace, its call goes into
// the composer and runs, and "Back to workspace" restores what was there before.
//
// User suites persist in localStorage as a versioned record; every suite in it is validated again
// by the worker (the suite schema) on load, so a stale or hand-edited record is never trusted.

import { z } from 'zod';
import { create } from 'zustand';
import type { ProfileId } from '../../engine/types';
import type { CaseReport } from '../../contracts/runner';
import { EngineError, WorkerStopped } from '../../worker/client';
import type { SuiteSummary, WorkspaceSource } from '../../worker/protocol';
import { engine } from '../engine';
import { currentText, useComposer } from '../state/composer-store';
import { loadRecord, saveRecord } from '../state/persist';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';
import {
  caseFromRun,
  fullRun,
  type FullRun,
  DEFAULT_DIFF_CONTEXT,
  DEFAULT_MOUNT,
  MY_CASES,
  namedPaths,
  nextCaseId,
  withCase,
  workspacePath,
  type CaseJson,
  type RunCapture,
  type ShapedText,
  type SuiteJson,
} from './case-from-run';

/** Suites run one request at a time; a whole suite gets this long before the worker is replaced. */
const SUITE_TIMEOUT_MS = 120_000;
const STORAGE_KEY = 'contracts/v1';
export const SPEC_CHECKER = 'seed-examples';

export type SuiteOrigin = 'builtin' | 'loaded' | 'saved';

export interface SuiteEntry {
  /** `builtin:<name>` or `user:<n>`: names may repeat (a loaded copy of a built-in suite). */
  key: string;
  origin: SuiteOrigin;
  name: string;
  /** Run by "Run all": the default built-in suites and every user suite. */
  inRunAll: boolean;
  summary: SuiteSummary;
  /** The suite file; `null` for a built-in suite until the worker sent it. */
  json: SuiteJson | null;
  fileName?: string;
}

export interface SuiteIssue {
  path: string;
  message: string;
}

export interface Notice {
  tone: 'ok' | 'warn' | 'error';
  text: string;
}

export interface CaseRef {
  key: string;
  caseId: string;
}

interface CaseView extends CaseRef {
  label: string;
  /** Where the user was before the case opened, and their composer, restored on the way back. */
  previous: WorkspaceSource;
  composer: { profile: ProfileId; texts: Record<ProfileId, string>; mount: string; diffContext: number };
  caseProfile: ProfileId;
}

export interface RunProgress {
  scope: string;
  done: number;
  total: number;
  label: string;
}

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
// Persistence

const recordSchema = z.object({
  version: z.literal(1),
  suites: z.array(
    z.object({
      origin: z.enum(['loaded', 'saved']),
      fileName: z.string().optional(),
      json: z.unknown(),
    }),
  ),
});

function persist(suites: SuiteEntry[]): void {
  const user = suites.filter((s) => s.origin !== 'builtin');
  saveRecord(STORAGE_KEY, {
    version: 1,
    suites: user.map((s) => ({ origin: s.origin, ...(s.fileName !== undefined && { fileName: s.fileName }), json: s.json })),
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers

let nextUserKey = 1;
const userKey = (): string => `user:${nextUserKey++}`;

const messageOf = (error: unknown): string =>
  error instanceof EngineError || error instanceof WorkerStopped ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);

/** "path: message" strings (the worker's `errors`) back into their parts. */
function splitIssue(text: string): SuiteIssue {
  const at = text.indexOf(': ');
  return at === -1 ? { path: '(suite)', message: text } : { path: text.slice(0, at), message: text.slice(at + 2) };
}

function caseOf(entry: SuiteEntry, caseId: string): CaseJson | undefined {
  return entry.json?.cases.find((c) => c.id === caseId);
}

export function caseLabel(entry: SuiteEntry, caseId: string): string {
  return `${entry.name} › ${caseId}`;
}

/** The source the workspace store has open, so "Back to workspace" can return to it. */
function currentSource(): WorkspaceSource {
  const { source } = useWorkspace.getState();
  return source && source.kind !== 'case' ? source : { kind: 'sandbox' };
}

/** The call text and settings of each run as it started (the composer may change afterwards). */
let lastCapture: RunCapture | null = null;
let pendingCapture: Omit<RunCapture, 'runId'> | null = null;
useRun.subscribe((now, before) => {
  if (now.status === 'running' && before.status !== 'running') {
    const c = useComposer.getState();
    pendingCapture = { text: currentText(), mount: c.mount, diffContext: c.diffContext };
  }
  if (now.run && now.run !== before.run && pendingCapture) {
    lastCapture = { runId: now.run.runId, ...pendingCapture };
    pendingCapture = null;
  }
});

function captureFor(runId: number): Omit<RunCapture, 'runId'> {
  if (lastCapture?.runId === runId) return lastCapture;
  const c = useComposer.getState();
  return { text: currentText(), mount: c.mount, diffContext: c.diffContext };
}

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: revoking at once can cancel a download the browser has not started yet.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function suiteFileName(entry: SuiteEntry): string {
  const base = (entry.origin === 'builtin' ? entry.name : entry.summary.suite).replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'suite';
  return `${base}.suite.json`;
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

  function restoreComposer(view: CaseView): void {
    const composer = useComposer.getState();
    // The case's call was written over the text of its profile; put the user's text back first.
    composer.setProfile(view.caseProfile);
    composer.setText(view.composer.texts[view.caseProfile]);
    composer.setProfile(view.composer.profile);
    composer.setMount(view.composer.mount);
    composer.setDiffContext(view.composer.diffContext);
  }

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
      await runSuites('all suites', work);
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
      if (!e) return;
      let json: SuiteJson;
      try {
        json = e.json ?? (await fetchBuiltin(e));
      } catch (error) {
        set({ notice: { tone: 'error', text: `Could not open the case: ${messageOf(error)}` } });
        return;
      }
      const testCase = json.cases.find((c) => c.id === ref.caseId);
      if (!testCase) return;
      // Opening a second case keeps the first one's way back: back means the user's workspace.
      const inCase = get().caseView !== null && useWorkspace.getState().kind === 'case';
      const composer = useComposer.getState();
      const previous = inCase ? get().caseView!.previous : currentSource();
      const savedComposer = inCase
        ? get().caseView!.composer
        : { profile: composer.profile, texts: { ...composer.texts }, mount: composer.mount, diffContext: composer.diffContext };
      if (inCase) restoreComposer(get().caseView!);

      await useWorkspace.getState().open({ kind: 'case', suite: json, caseId: ref.caseId });
      const ws = useWorkspace.getState();
      if (ws.kind !== 'case' || ws.status !== 'ready') {
        set({ notice: { tone: 'error', text: `Could not open ${caseLabel(e, ref.caseId)}: ${ws.error ?? 'the workspace did not open'}` } });
        return;
      }

      const text = JSON.stringify(testCase.when, null, 2);
      const fallback: ProfileId | null = testCase.profile ?? json.profile ?? null;
      const check = await engine.request('call/check', { text, profile: fallback });
      const caseProfile = check.ok ? check.call.profile : (check.profile ?? fallback ?? composer.profile);
      set({
        caseView: { ...ref, label: caseLabel(e, ref.caseId), previous, composer: savedComposer, caseProfile },
        selected: ref,
        detailsOpen: false,
      });
      const c = useComposer.getState();
      c.setProfile(caseProfile);
      c.setText(text);
      c.setMount(testCase.mount ?? json.mount ?? DEFAULT_MOUNT);
      c.setDiffContext(testCase.diff_context ?? json.diff_context ?? DEFAULT_DIFF_CONTEXT);
      useRun.getState().reset();
      await useRun.getState().runCall();
      // Run refuses a call that fails its input check (some cases test exactly that); say why here
      // too, since nothing else changes where the user is looking.
      const verdict = useComposer.getState().check;
      if (useRun.getState().run === null && verdict && !verdict.ok) {
        set({ notice: { tone: 'warn', text: `The case's call did not run: it fails the input check (${verdict.message}). Run the case in the suite to see its expected outcome.` } });
      }
    },

    async backToWorkspace() {
      const view = get().caseView;
      if (!view) return;
      set({ caseView: null });
      if (useWorkspace.getState().kind === 'case') {
        await useWorkspace.getState().open(view.previous);
        if (useWorkspace.getState().status !== 'ready' && view.previous.kind !== 'sandbox') {
          const why = useWorkspace.getState().error ?? 'it did not open';
          await useWorkspace.getState().open({ kind: 'sandbox' });
          set({ notice: { tone: 'warn', text: `Could not re-open your folder (${why}); the sandbox is open instead.` } });
        }
      }
      restoreComposer(view);
      useRun.getState().reset();
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

/** Every case result of a suite that ran: passed and failed counts. */
export function suiteCounts(results: Record<string, CaseReport> | undefined): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const r of Object.values(results ?? {})) {
    if (r.passed) passed++;
    else failed++;
  }
  return { passed, failed };
}

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
