// Contract suites in the app: the built-in suites and the user's (loaded from a file or saved
// from runs), their latest case results, runs in the worker with progress, the case selected for
// details, and the case opened in its own workspace (case-view.ts). The entries' shapes, their
// persistence and the pure helpers are in contracts-model.ts.
//
// User suites persist in localStorage as a versioned record; every suite in it is validated again
// by the worker (the suite schema) on load, so a stale or hand-edited record is never trusted.

import { create } from 'zustand';
import { engine } from '../worker-client';
import { useWorkspace } from '../state/workspace-store';
import type { CaseJson } from './case-from-run';
import { leaveCaseView, openCaseView, type CaseViewHost } from './case-view';
import { caseLabel, caseOf, persist, runAllScope, type CaseRef, type SuiteEntry } from './contracts-model';
import { exportSuite, findEntry, loadFailed, loadFiles, loadSuites, runSuites, saveRunAsCase, suiteJson, type ContractsHost, type SaveCaseResult } from './contracts-effects';
import { caseSelected, expandedFlipped, expandedOpen, initialContracts, suiteRemoved, type ContractsData } from './contracts-transitions';

export { caseLabel, SPEC_CHECKER, suiteCounts, suiteFileName, type CaseRef, type Notice, type RunProgress, type SuiteEntry, type SuiteIssue, type SuiteOrigin } from './contracts-model';

interface ContractsState extends ContractsData {
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
  saveRunAsCase(options: { title: string; target: string | null }): Promise<SaveCaseResult>;
  setSaveFormOpen(open: boolean): void;
  dismissNotice(): void;
  dismissLoadIssues(): void;
}

// ---------------------------------------------------------------------------------------------
// The store: each action is a pure transition (contracts-transitions.ts) or an effect that calls
// the worker and applies transitions (contracts-effects.ts).

let initPromise: Promise<void> | null = null;

export const useContracts = create<ContractsState>()((set, get) => {
  const host: ContractsHost = { get, apply: (transition) => set((s) => transition(s)) };
  const caseHost: CaseViewHost = {
    caseView: () => get().caseView,
    update: (patch) => set(patch),
    suiteJson: (e) => suiteJson(host, e),
  };
  const withEntry = (key: string, act: (e: SuiteEntry) => Promise<void>): Promise<void> => {
    const e = findEntry(host, key);
    return e ? act(e) : Promise.resolve();
  };

  return {
    ...initialContracts,

    init() {
      initPromise ??= loadSuites(host).catch((error: unknown) => {
        initPromise = null;
        loadFailed(host, error);
      });
      return initPromise;
    },
    toggle: (key) => host.apply((s) => expandedFlipped(s, key)),
    select: (ref, openDetails = true) => host.apply((s) => caseSelected(s, ref, openDetails)),
    closeDetails: () => set({ detailsOpen: false }),
    loadFiles: (files) => loadFiles(host, files),
    async runAll() {
      const { suites } = get();
      const left = suites.filter((s) => !s.inRunAll).map((s) => s.name);
      await runSuites(host, runAllScope(left), suites.filter((s) => s.inRunAll).map((entry) => ({ entry })));
    },
    runSuite: (key) =>
      withEntry(key, async (e) => {
        host.apply((s) => expandedOpen(s, key));
        await runSuites(host, e.name, [{ entry: e }]);
      }),
    runCase: (ref) => withEntry(ref.key, (e) => runSuites(host, caseLabel(e, ref.caseId), [{ entry: e, caseId: ref.caseId }])),
    cancel() {
      if (get().running) engine.cancel();
    },
    exportSuite: (key) => withEntry(key, (e) => exportSuite(host, e)),
    askRemove: (key) => set({ confirmRemove: key }),
    removeSuite(key) {
      const before = get().suites;
      host.apply((s) => suiteRemoved(s, key));
      if (get().suites !== before) persist(get().suites);
    },
    openCase: (ref) => withEntry(ref.key, (e) => openCaseView(caseHost, e, ref)),
    backToWorkspace: () => leaveCaseView(caseHost),
    saveRunAsCase: (options) => saveRunAsCase(host, options),
    setSaveFormOpen: (open) => set({ saveFormOpen: open }),
    dismissNotice: () => set({ notice: null }),
    dismissLoadIssues: () => set({ loadIssues: [] }),
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
