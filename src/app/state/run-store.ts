// The last run: its view (result, files, events), progress, the stage being stepped, and saving.

import { create, type StoreApi } from 'zustand';
import type { CommitOutcome } from '../../engine/commit';
import type { ProfileId } from '../../engine/types';
import type { RunView, StepContent } from '../../worker/protocol';
import { EngineError, WorkerStopped } from '../../worker/client';
import { engine } from '../worker-client';
import { useComposer } from './composer-store';
import { composerCall, staleReason, type RunBasis } from './run-basis';
import { useWorkspace } from './workspace-store';
import { errorMessage } from '../../engine/helpers';

/** A run that takes longer than this is stopped by replacing the worker. */
export const RUN_TIMEOUT_MS = 60_000;

export type RunStatus = 'idle' | 'running' | 'done' | 'failed';

interface RunState {
  status: RunStatus;
  run: RunView | null;
  /** The call could not run (bad envelope, stopped worker): not a tool error. */
  failure: { code: string; message: string } | null;
  progress: { done: number; total: number; label: string } | null;
  startedAt: number | null;
  /** Tab of the file shown in the diff and the stepper. */
  fileIndex: number;
  /** Step shown by the stepper (edit index within the file's steps). */
  step: number;
  stepContent: StepContent | null;
  /** What the run on screen came from (run-basis.ts): its views are out of date once the screen differs. */
  basis: RunBasis | null;
  /** The same for `failure`. */
  failureBasis: RunBasis | null;
  /** `stale`: Save was asked for a run that is out of date (`message` says why); Run first is offered. */
  save: { status: 'idle' | 'confirming' | 'saving' | 'saved' | 'failed' | 'stale'; outcome: CommitOutcome | null; message: string | null };
  runCall(): Promise<void>;
  /** Put a run made elsewhere (a session's call, what-if or final state) on screen. */
  show(run: RunView, basis: RunBasis): void;
  /** Save's "Run first": run the composer's call, then offer to save it when it writes. */
  runFirst(): Promise<void>;
  cancel(): void;
  selectFile(index: number): void;
  stepTo(step: number): Promise<void>;
  askSave(): void;
  closeSave(): void;
  commit(): Promise<void>;
  reset(): void;
}

const idleSave = { status: 'idle' as const, outcome: null, message: null };

/** A composer run as it finished: what ran, and its view or why it could not run (History keeps it). */
export interface CallRunRecord {
  at: number;
  profile: ProfileId;
  text: string;
  mount: string;
  diffContext: number;
  /** The release it ran as (the composer's Release pick); absent: the newest. */
  release?: string;
  run: RunView | null;
  failure: { code: string; message: string } | null;
}

const callRunListeners = new Set<(record: CallRunRecord) => void>();

/** Called after each composer run has shown its outcome (not for session calls). */
export function onCallRun(listener: (record: CallRunRecord) => void): () => void {
  callRunListeners.add(listener);
  return () => callRunListeners.delete(listener);
}

/** Why the run from `basis` is out of date against the composer and workspace now, or null. */
export function currentStaleReason(basis: RunBasis | null): string | null {
  return staleReason(basis, useComposer.getState(), useWorkspace.getState().source);
}

/** Run the composer's call (after a fresh check) and tell the listeners how it went. */
async function runComposerCall(set: StoreApi<RunState>['setState']): Promise<void> {
  const check = await useComposer.getState().recheck();
  // The composer shows why; never run stale text or text that is no call. An input the tool
  // itself would refuse runs: the tool's answer is the result (issue 17, item 7).
  if (!check.ok && check.stage !== 'input') return;
  set({ status: 'running', failure: null, progress: null, startedAt: performance.now(), save: idleSave });
  // After the re-check: the dropdown may have followed the tool the call names.
  const ran = composerCall(useComposer.getState());
  const basis: RunBasis = { origin: 'composer', call: ran, workspace: useWorkspace.getState().source };
  const { release } = ran;
  const call = { at: Date.now(), profile: ran.profile, text: ran.text, mount: ran.mount, diffContext: useComposer.getState().diffContext, ...(release !== undefined && { release }) };
  const told = (run: RunView | null, failure: CallRunRecord['failure']): void => {
    for (const listener of callRunListeners) listener({ ...call, run, failure });
  };
  try {
    const run = await engine.request(
      'run',
      { text: call.text, profile: call.profile, mount: call.mount, diffContext: call.diffContext, ...(release !== undefined && { release }), pick: ran.pick },
      { timeoutMs: RUN_TIMEOUT_MS, onProgress: (done, total, label) => set({ progress: { done, total, label } }) },
    );
    // Stage content is asked for by the stepper when it shows (not here): right after a run the
    // worker's first job is the Diff view, which is what shows.
    set({ status: 'done', run, basis, failureBasis: null, fileIndex: 0, step: 0, stepContent: null, progress: null });
    told(run, null);
  } catch (error) {
    const failure =
      error instanceof EngineError || error instanceof WorkerStopped
        ? { code: error.code, message: error.message }
        : { code: 'INTERNAL', message: String(error) };
    set({ status: 'failed', failure, failureBasis: basis, progress: null });
    told(null, failure);
  }
}

export const useRun = create<RunState>()((set, get) => ({
  status: 'idle',
  run: null,
  failure: null,
  progress: null,
  startedAt: null,
  fileIndex: 0,
  step: 0,
  stepContent: null,
  basis: null,
  failureBasis: null,
  save: idleSave,

  runCall: () => runComposerCall(set),

  show(run, basis) {
    set({ status: 'done', run, basis, failure: null, failureBasis: null, progress: null, fileIndex: 0, step: 0, stepContent: null, save: idleSave });
  },

  async runFirst() {
    set({ save: idleSave });
    await get().runCall();
    const { status, run, basis } = get();
    if (status === 'done' && run?.writes === true && currentStaleReason(basis) === null) get().askSave();
  },

  cancel() {
    engine.cancel();
  },

  selectFile(index) {
    set({ fileIndex: index, step: 0, stepContent: null });
    const f = get().run?.files[index];
    if (f && f.steps.length > 0) void get().stepTo(0);
  },

  async stepTo(step) {
    const { run, fileIndex } = get();
    const file = run?.files[fileIndex];
    if (!run || !file || step < 0 || step >= file.steps.length) return;
    set({ step });
    const content = await engine.request('stage/step', { runId: run.runId, file: fileIndex, step });
    if (get().run === run && get().step === step && get().fileIndex === fileIndex) set({ stepContent: content });
  },

  askSave() {
    const { run, basis } = get();
    if (!run?.writes) return;
    // Never the older run's stage beside a call that changed: say so, and offer to run first.
    const stale = currentStaleReason(basis);
    set({ save: stale === null ? { status: 'confirming', outcome: null, message: null } : { status: 'stale', outcome: null, message: stale } });
  },

  closeSave() {
    set({ save: idleSave });
  },

  async commit() {
    const { run, basis } = get();
    if (!run?.writes) return;
    const stale = currentStaleReason(basis);
    if (stale !== null) {
      set({ save: { status: 'stale', outcome: null, message: stale } });
      return;
    }
    set({ save: { status: 'saving', outcome: null, message: null } });
    try {
      const outcome = await engine.request('commit', { runId: run.runId });
      set({ save: { status: outcome.ok ? 'saved' : 'failed', outcome, message: outcome.ok ? null : outcome.error.message } });
      if (outcome.ok) {
        set((s) => ({ run: s.run && { ...s.run, writes: false } }));
        await useWorkspace.getState().refresh();
      }
    } catch (error) {
      set({ save: { status: 'failed', outcome: null, message: errorMessage(error) } });
    }
  },

  reset() {
    set({ status: 'idle', run: null, failure: null, basis: null, failureBasis: null, progress: null, fileIndex: 0, step: 0, stepContent: null, save: idleSave });
  },
}));
