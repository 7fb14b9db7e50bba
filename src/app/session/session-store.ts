// The open session as the page sees it: what was read, the replay's figures and rows, the options
// (format, mount, seed), the filter and the selected call; and, when several transcripts were
// opened at once, the batch: each replayed in turn, its figures kept for the table (batch.ts),
// one of them open at a time (the worker holds one session). The transcript and the outcomes stay in
// the worker; a selected call, a what-if and the final state become the current run (run-store),
// so the Result, Diff, Stages and Events views and Save show them as they show any run.

import { create } from 'zustand';
import type { ProfileId } from '../../engine/types';
import { DEFAULT_WHAT_IF_PROFILE } from '../../share/defaults';
import type { SessionFormat } from '../../sessions/types';
import type { SessionCallView, SessionOpenView, SessionReplayView, SessionSource, WhatIfView } from '../../worker/session-views';
import { engine } from '../engine';
import { useComposer } from '../state/composer-store';
import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { useWorkspace } from '../state/workspace-store';
import { toolKindsOf, type BatchItem } from './batch';
import { showSessionRun } from './session-shown';
import { stepFrom, type TimelineFilter } from './timeline';

/** Reading and replaying a long transcript may take a while; past this the worker is replaced. */
export const SESSION_TIMEOUT_MS = 300_000;

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

interface SessionState {
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

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const idleWhatIf = { profile: DEFAULT_WHAT_IF_PROFILE, running: false, result: null, index: null };


/** Later requests win: an answer to an older open or replay never overwrites a newer one. */
let seq = 0;

export const useSession = create<SessionState>()((set, get) => {
  const onProgress = (done: number, total: number, label: string): void => set({ progress: { done, total, label } });
  const fail = (mine: number, error: unknown): void => {
    if (mine === seq) set({ status: 'failed', error: messageOf(error), progress: null });
  };

  async function read(source: SessionSource | null, mine: number): Promise<boolean> {
    set({ status: 'opening', error: null, progress: null, replay: null, selected: null, call: null, whatIf: { ...get().whatIf, result: null, index: null }, showing: null });
    const format = get().format;
    const opened = await engine.request('session/open', { source, ...(format !== null && { format }) }, { timeoutMs: SESSION_TIMEOUT_MS, onProgress });
    if (mine !== seq) return false;
    set({ opened, mount: opened.mount.mount });
    return opened.format !== null;
  }

  async function replay(mine: number): Promise<void> {
    const { mount, seed } = get();
    set({ status: 'replaying', error: null, progress: null, selected: null, call: null, showing: null });
    const trimmed = mount.trim();
    const replayed = await engine.request('session/replay', { mount: trimmed === '' ? null : trimmed, seed, diffContext: useComposer.getState().diffContext }, { timeoutMs: SESSION_TIMEOUT_MS, onProgress });
    if (mine !== seq) return;
    set({ status: 'ready', replay: replayed, mount: replayed.mount, progress: null });
  }

  /** Each transcript read and replayed in turn, against the workspace or seeded from itself, its mount inferred. */
  async function runBatch(sources: readonly SessionSource[], names: readonly string[]): Promise<void> {
    const mine = ++seq;
    let items: BatchItem[] = sources.map((source, i) => ({ name: names[i]!, source, state: 'waiting', format: null, mount: null, figures: null, kinds: {}, note: null }));
    set({ batch: { items, running: true, active: null }, format: null, filter: 'all', status: 'opening', error: null, progress: null, opened: null, replay: null, selected: null, call: null, whatIf: { ...get().whatIf, result: null, index: null }, showing: 'batch' });
    useUi.getState().setBottomTab('transcript');
    const { seed } = get();
    const diffContext = useComposer.getState().diffContext;
    const n = items.length;
    for (let i = 0; i < n; i++) {
      const item = items[i]!;
      const onItemProgress = (done: number, total: number, label: string): void => {
        if (mine === seq) set({ progress: { done: i + (total > 0 ? Math.min(1, done / total) : 0), total: n, label: `Transcript ${i + 1} of ${n}, ${item.name}: ${label}` } });
      };
      let next: BatchItem;
      try {
        set({ status: 'opening' });
        const opened = await engine.request('session/open', { source: item.source }, { timeoutMs: SESSION_TIMEOUT_MS, onProgress: onItemProgress });
        if (mine !== seq) return;
        if (opened.format === null) next = { ...item, state: 'skipped', note: opened.detection };
        else {
          set({ status: 'replaying' });
          const replayed = await engine.request('session/replay', { mount: null, seed, diffContext }, { timeoutMs: SESSION_TIMEOUT_MS, onProgress: onItemProgress });
          if (mine !== seq) return;
          next = { ...item, state: 'done', format: opened.format, mount: replayed.mount, figures: replayed.figures, kinds: toolKindsOf(replayed.rows) };
        }
      } catch (error) {
        if (mine !== seq) return;
        next = { ...item, state: 'failed', note: messageOf(error) };
      }
      items = items.map((it, at) => (at === i ? next : it));
      set({ batch: { items, running: i < n - 1, active: null } });
    }
    set({ status: 'ready', progress: null, showing: 'batch' });
  }

  async function openAndReplay(source: SessionSource | null): Promise<void> {
    const mine = ++seq;
    try {
      if (await read(source, mine)) {
        await replay(mine);
        // A new transcript: the view that compares each call with its record comes forward.
        if (source !== null && mine === seq) useUi.getState().setBottomTab('transcript');
      } else if (mine === seq) set({ status: 'ready', progress: null });
    } catch (error) {
      fail(mine, error);
    }
  }

  return {
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

    async openSource(source) {
      set({ format: null, filter: 'all', batch: null });
      await openAndReplay(source);
    },

    async openMany(files) {
      if (files.length === 0) return;
      if (files.length === 1) return get().openSource({ kind: 'file', file: files[0]!.file, name: files[0]!.name });
      await runBatch(
        files.map((f) => ({ kind: 'file', file: f.file, name: f.name })),
        files.map((f) => f.name),
      );
    },

    async replayBatch() {
      const b = get().batch;
      if (b === null || b.running) return;
      await runBatch(
        b.items.map((i) => i.source),
        b.items.map((i) => i.name),
      );
    },

    async openFromBatch(index) {
      const b = get().batch;
      const item = b?.items[index];
      if (!b || !item || item.state !== 'done' || b.running) return;
      set({ batch: { ...b, active: index }, format: null, filter: 'all', showing: 'batch' });
      await openAndReplay(item.source);
      if (get().batch?.active === index) set({ showing: 'batch' });
    },

    showBatch() {
      if (get().batch === null) return;
      set({ showing: 'batch', selected: null, call: null });
      useUi.getState().setBottomTab('transcript');
    },

    async setFormat(format) {
      set({ format });
      await openAndReplay(null);
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
      const mine = ++seq;
      try {
        await replay(mine);
      } catch (error) {
        fail(mine, error);
      }
    },

    setFilter(filter) {
      set({ filter });
    },

    async select(index) {
      const row = get().replay?.rows[index];
      if (!row || row.status !== 'ran') return;
      set({ selected: index, whatIf: { ...get().whatIf, result: null, index: null } });
      try {
        const call = await engine.request('session/select', { index });
        if (get().selected !== index) return;
        set({ call, showing: 'call' });
        // The composer shows the call whose result is displayed (issue 17, item 3).
        if (call.run) await showSessionRun(call.run, { index, mount: get().replay?.mount ?? '/', version: call.row.version }, () => get().selected === index && get().call === call);
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },

    async step(delta) {
      const { replay: r, filter, selected } = get();
      if (!r) return;
      const next = stepFrom(r.rows, filter, selected, delta);
      if (next !== null) await get().select(next);
    },

    setWhatIfProfile(profile) {
      set((s) => ({ whatIf: { ...s.whatIf, profile } }));
    },

    async runWhatIf() {
      const index = get().selected;
      if (index === null) return;
      const profile = get().whatIf.profile;
      set({ whatIf: { profile, running: true, result: null, index } });
      try {
        const result = await engine.request('session/what-if', { index, profile }, { timeoutMs: SESSION_TIMEOUT_MS });
        if (get().selected !== index) return;
        set({ whatIf: { profile, running: false, result, index } });
        if (result.ok) {
          set({ showing: 'what-if' });
          await showSessionRun(result.run, { index, profile, text: result.input, mount: get().replay?.mount ?? '/', version: null }, () => get().selected === index);
        }
      } catch (error) {
        set({ whatIf: { profile, running: false, result: { ok: false, message: messageOf(error) }, index } });
      }
    },

    async openInComposer() {
      const index = get().selected;
      if (index === null) return;
      try {
        const { profile, text } = await engine.request('session/call-input', { index });
        const composer = useComposer.getState();
        composer.setProfile(profile);
        composer.setText(text);
        const mount = get().replay?.mount;
        if (mount !== undefined) composer.setMount(mount);
        void composer.recheck();
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },

    async showFinal() {
      if (!get().replay) return false;
      try {
        const run = await engine.request('session/final', {});
        set({ showing: 'final', selected: null, call: null });
        await showSessionRun(run, null);
        useUi.getState().setBottomTab('diff');
        return true;
      } catch (error) {
        set({ error: messageOf(error) });
        return false;
      }
    },

    async saveSession() {
      if (await get().showFinal()) useRun.getState().askSave();
    },

    close() {
      ++seq;
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
