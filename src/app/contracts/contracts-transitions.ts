// The contracts store's state and its transitions: each takes the state and returns the next one,
// as an excalidraw action's `perform` does. No worker, no storage, no clock: the effects that
// reach the worker (contracts-effects.ts) compute with these and hand the result to the store, so
// what a run, a load or a removal does to the state is tested without a worker.

import type { CaseReport } from '../../contracts/runner';
import type { SuiteSummary } from '../../worker/protocol';
import type { SuiteJson } from './case-from-run';
import type { CaseRef, CaseView, Notice, RunProgress, SuiteEntry, SuiteIssue, SuiteOrigin } from './contracts-model';

export interface RunTotals {
  scope: string;
  passed: number;
  failed: number;
  stopped?: string;
}

export interface LoadIssue {
  file: string;
  issues: SuiteIssue[];
}

export interface ContractsData {
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
  totals: RunTotals | null;
  /** Why the last loaded file(s) were refused, per file. */
  loadIssues: LoadIssue[];
  notice: Notice | null;
  selected: CaseRef | null;
  detailsOpen: boolean;
  caseView: CaseView | null;
  confirmRemove: string | null;
  saveFormOpen: boolean;
}

export const initialContracts: ContractsData = {
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
};

/** One unit of a run: a whole suite, or one of its cases. */
export interface RunWork {
  entry: SuiteEntry;
  caseId?: string;
}

export const workSize = (w: RunWork): number => (w.caseId !== undefined ? 1 : w.entry.summary.cases.length);

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Browsing

export const expandedFlipped = (s: ContractsData, key: string): ContractsData => ({ ...s, expanded: { ...s.expanded, [key]: !s.expanded[key] } });

export const expandedOpen = (s: ContractsData, key: string): ContractsData => ({ ...s, expanded: { ...s.expanded, [key]: true } });

export const caseSelected = (s: ContractsData, ref: CaseRef | null, openDetails: boolean): ContractsData => ({
  ...s,
  selected: ref,
  detailsOpen: ref !== null && openDetails,
});

// ---------------------------------------------------------------------------------------------
// Running

/** A run begins: the previous totals and notice are about an earlier run. */
export const runStarted = (s: ContractsData, scope: string, work: readonly RunWork[]): ContractsData => ({
  ...s,
  running: { scope, done: 0, total: work.reduce((n, w) => n + workSize(w), 0), label: '' },
  totals: null,
  notice: null,
});

/** The worker finished `done` cases of the suite that began after `before` cases of the run. */
export const runProgressed = (s: ContractsData, before: number, done: number, label: string): ContractsData =>
  s.running === null ? s : { ...s, running: { ...s.running, done: before + done, label } };

/** Cases of the run finished so far (after a suite, whether it ran or not). */
export const runReached = (s: ContractsData, done: number): ContractsData => (s.running === null ? s : { ...s, running: { ...s.running, done } });

/** A suite's report: a whole run replaces its results, one case replaces only its own entry. */
export function suiteReported(s: ContractsData, key: string, cases: readonly CaseReport[], oneCase: boolean): ContractsData {
  // No prototype: case ids are the suite's (`__proto__`, `constructor` are ids like any other).
  const mine: Record<string, CaseReport> = Object.assign(Object.create(null), oneCase ? s.results[key] : {});
  for (const c of cases) mine[c.id] = c;
  return { ...s, results: { ...s.results, [key]: mine }, suiteErrors: without(s.suiteErrors, key) };
}

export const suiteFailed = (s: ContractsData, key: string, message: string): ContractsData => ({
  ...s,
  suiteErrors: { ...s.suiteErrors, [key]: message },
});

export const runFinished = (s: ContractsData, totals: RunTotals): ContractsData => ({ ...s, running: null, totals });

// ---------------------------------------------------------------------------------------------
// The suite list

export const builtinFetched = (s: ContractsData, key: string, json: SuiteJson): ContractsData => ({
  ...s,
  suites: s.suites.map((x) => (x.key === key ? { ...x, json } : x)),
});

export function userEntry(key: string, origin: SuiteOrigin, summary: SuiteSummary, json: SuiteJson, fileName?: string): SuiteEntry {
  return {
    key,
    origin,
    name: summary.suite,
    inRunAll: true,
    summary: { ...summary, name: summary.suite },
    json,
    ...(fileName !== undefined && { fileName }),
  };
}

/**
 * A validated user suite joins the list under a fresh key, unless a suite of the same origin has
 * its name: then it replaces that one, keeps its key and drops its old results.
 */
export function userSuiteAdded(
  s: ContractsData,
  added: { json: SuiteJson; summary: SuiteSummary; origin: SuiteOrigin; fileName?: string },
  freshKey: () => string,
): { state: ContractsData; key: string; replaced: boolean } {
  const same = s.suites.find((x) => x.origin === added.origin && x.summary.suite === added.summary.suite);
  const key = same?.key ?? freshKey();
  const next = userEntry(key, added.origin, added.summary, added.json, added.fileName);
  const suites = same ? s.suites.map((x) => (x.key === key ? next : x)) : [...s.suites, next];
  const state = { ...s, suites, ...(same && { results: without(s.results, key) }) };
  return { state, key, replaced: same !== undefined };
}

/** A saved case went into an existing user suite: its new JSON and summary, under its own name. */
export const userSuiteUpdated = (s: ContractsData, key: string, json: SuiteJson, summary: SuiteSummary): ContractsData => ({
  ...s,
  suites: s.suites.map((x) => (x.key === key ? { ...x, json, summary: { ...summary, name: x.name } } : x)),
});

/** A user suite goes, with its results; built-in suites stay. */
export function suiteRemoved(s: ContractsData, key: string): ContractsData {
  const e = s.suites.find((x) => x.key === key);
  if (!e || e.origin === 'builtin') return s;
  return {
    ...s,
    suites: s.suites.filter((x) => x.key !== key),
    results: without(s.results, key),
    confirmRemove: null,
    ...(s.selected?.key === key && { selected: null, detailsOpen: false }),
    notice: { tone: 'ok', text: `Removed ${e.name}.` },
  };
}

export const suitesLoading = (s: ContractsData): ContractsData => ({ ...s, status: 'loading', error: null });

/** The list after loading: built-in suites first; stored suites that no longer validate are named. */
export const suitesLoaded = (s: ContractsData, suites: SuiteEntry[], dropped: readonly string[]): ContractsData => ({
  ...s,
  status: 'ready',
  suites,
  ...(dropped.length > 0 && {
    notice: { tone: 'warn', text: `${dropped.length} stored suite(s) no longer validate and were left out: ${dropped.join('; ')}` },
  }),
});

export const suitesFailed = (s: ContractsData, message: string): ContractsData => ({ ...s, status: 'error', error: message });

// ---------------------------------------------------------------------------------------------
// Loading files and saving cases

/** How a loaded suite is named in the notice. */
export function loadedLabel(summary: SuiteSummary, replaced: boolean): string {
  const n = summary.cases.length;
  return `${summary.suite} (${n} case${n === 1 ? '' : 's'})${replaced ? ', replacing the earlier copy' : ''}`;
}

export const filesLoaded = (s: ContractsData, issues: LoadIssue[], loaded: readonly string[]): ContractsData => ({
  ...s,
  loadIssues: issues,
  notice: loaded.length > 0 ? { tone: 'ok', text: `Loaded ${loaded.join(', ')}.` } : null,
});

/** A case saved from a run is run on its own at once: the notice says whether it passes. */
export function caseSavedNotice(id: string, suiteName: string, report: CaseReport | undefined): Notice {
  return report?.passed
    ? { tone: 'ok', text: `Saved ${id} to ${suiteName}; it passes.` }
    : { tone: 'warn', text: `Saved ${id} to ${suiteName}, but it does not pass when run on its own: ${report?.failures[0]?.message ?? 'see its details'}` };
}

export const noticeShown = (s: ContractsData, notice: Notice | null): ContractsData => ({ ...s, notice });
