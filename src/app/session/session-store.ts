// The open session as the page sees it: what was read, the replay's figures and rows, the options
// (format, mount, seed), the filter and the selected call; and, when several transcripts were
// opened at once, the batch: each replayed in turn, its figures kept for the table (batch.ts),
// one of them open at a time (the worker holds one session). The transcript and the outcomes stay in
// the worker; a selected call, a what-if and the final state become the current run (run-store),
// so the Result, Diff, Stages and Events views and Save show them as they show any run.

import { create } from 'zustand';
import type { ProfileId } from '../../engine/types';
import { startingProfile } from '../../share/defaults';
import { profileCatalogue } from '../profile-catalogue';
import type { SessionFormat } from '../../sessions/types';
import type { SessionCallView, SessionOpenView, SessionReplayView, SessionSource, WhatIfView } from '../../worker/session-views';
import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { useWorkspace } from '../state/workspace-store';
import type { BatchItem } from './batch';
import { openCallInComposer, runWhatIf, selectCall, showFinal } from './session-calls';
import { openAndReplay, replayAgain, runBatch, supersede, type SessionApi } from './session-replay';
import { stepFrom, type TimelineFilter } from './timeline';

export type SessionStatus = 'empty' | 'opening' | 'replaying' | 'ready' | 'failed';

/** Several transcripts opened at once. */
export interface SessionBatch {
  items: BatchItem[];
  /** Still replaying them in turn. */
  running: boolean;
  /** The transcript open in the timeline, by position in `items`. */
  active: number | null;
}

/** A file the page holds, to open as a transcript. */
export interface TranscriptFile {
  file: Blob;
  name: string;
}

export interface SessionState {
  status: SessionStatus;
  progress: { done: number; total: number; label: string } | null;
  error: string | null;
  opened: SessionOpenView | null;
  replay: SessionReplayView | null;
  /** The format chosen over detection; null reads as detected. */
  format: SessionFormat | null;
  /** The mount field's text; applied by `replay`. */
  mount: string;
  seed: boolean;
  filter: TimelineFilter;
  selected: number | null;
  call: SessionCallView | null;
  whatIf: { profile: ProfileId; running: boolean; result: WhatIfView | null; index: number | null };
  /** Which run the panes show: a call, a what-if, or the final state; `batch`: the Transcript view shows the table of transcripts. */
  showing: 'call' | 'what-if' | 'final' | 'batch' | null;
  batch: SessionBatch | null;
  openSource(source: SessionSource): Promise<void>;
  /** Open several transcripts: each replays in turn (one file opens as `openSource` does). */
  openMany(files: readonly TranscriptFile[]): Promise<void>;
  /** Replay the batch's transcripts again (after the seed switch changed). */
  replayBatch(): Promise<void>;
  /** Open one transcript of the batch in the timeline. */
  openFromBatch(index: number): Promise<void>;
  /** The Transcript view shows the table of transcripts again. */
  showBatch(): void;
  setFormat(format: SessionFormat | null): Promise<void>;
  setMount(mount: string): void;
  setSeed(seed: boolean): Promise<void>;
  replayNow(): Promise<void>;
  setFilter(filter: TimelineFilter): void;
  select(index: number): Promise<void>;
  step(delta: 1 | -1): Promise<void>;
  setWhatIfProfile(profile: ProfileId): void;
  runWhatIf(): Promise<void>;
  openInComposer(): Promise<void>;
  showFinal(): Promise<boolean>;
  saveSession(): Promise<void>;
  close(): void;
}

const idleWhatIf = { profile: startingProfile(profileCatalogue(), 'whatIf'), running: false, result: null, index: null };

const emptySession = {
  status: 'empty',
  progress: null,
  error: null,
  opened: null,
  replay: null,
  format: null,
  mount: '/',
  seed: false,
  filter: 'all',
  selected: null,
  call: null,
  whatIf: idleWhatIf,
  showing: null,
  batch: null,
} satisfies Partial<SessionState>;

export const useSession = create<SessionState>()((set, get) => {
  const api: SessionApi = { set, get };
  return {
    ...emptySession,

    async openSource(source) {
      set({ format: null, filter: 'all', batch: null });
      await openAndReplay(api, source);
    },

    async openMany(files) {
      if (files.length === 0) return;
      if (files.length === 1) return get().openSource({ kind: 'file', file: files[0]!.file, name: files[0]!.name });
      await runBatch(
        api,
        files.map((f) => ({ kind: 'file', file: f.file, name: f.name })),
        files.map((f) => f.name),
      );
    },

    async replayBatch() {
      const b = get().batch;
      if (b === null || b.running) return;
      await runBatch(
        api,
        b.items.map((i) => i.source),
        b.items.map((i) => i.name),
      );
    },

    async openFromBatch(index) {
      const b = get().batch;
      const item = b?.items[index];
      if (!b || !item || item.state !== 'done' || b.running) return;
      set({ batch: { ...b, active: index }, format: null, filter: 'all', showing: 'batch' });
      await openAndReplay(api, item.source);
      if (get().batch?.active === index) set({ showing: 'batch' });
    },

    showBatch() {
      if (get().batch === null) return;
      set({ showing: 'batch', selected: null, call: null });
      useUi.getState().setBottomTab('transcript');
    },

    async setFormat(format) {
      set({ format });
      await openAndReplay(api, null);
    },

    setMount(mount) {
      set({ mount });
    },

    async setSeed(seed) {
      set({ seed });
      await get().replayNow();
    },

    async replayNow() {
      if (get().opened?.format == null) return;
      await replayAgain(api);
    },

    setFilter(filter) {
      set({ filter });
    },

    select: (index) => selectCall(api, index),

    async step(delta) {
      const { replay: r, filter, selected } = get();
      if (!r) return;
      const next = stepFrom(r.rows, filter, selected, delta);
      if (next !== null) await get().select(next);
    },

    setWhatIfProfile(profile) {
      set((s) => ({ whatIf: { ...s.whatIf, profile } }));
    },

    runWhatIf: () => runWhatIf(api),
    openInComposer: () => openCallInComposer(api),
    showFinal: () => showFinal(api),

    async saveSession() {
      if (await get().showFinal()) useRun.getState().askSave();
    },

    close() {
      supersede();
      set({ status: 'empty', progress: null, error: null, opened: null, replay: null, format: null, selected: null, call: null, whatIf: idleWhatIf, showing: null, batch: null });
    },
  };
});

// The worker drops a replay when another workspace opens (it ran on the old one): replay again,
// the batch too when it ran against the workspace.
useWorkspace.subscribe((s, prev) => {
  if (s.source === prev.source || s.status !== 'ready') return;
  const session = useSession.getState();
  if (session.batch !== null && !session.seed && !session.batch.running) void session.replayBatch();
  else if (session.replay !== null) void session.replayNow();
});
