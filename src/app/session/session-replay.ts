// Opening and replaying transcripts in the worker for the session store: one transcript (read,
// then replayed), or a batch replayed in turn with its figures kept for the table. A sequence
// number makes later requests win: an answer to an older open or replay never overwrites a newer
// one.

import type { StoreApi } from 'zustand';
import type { SessionSource } from '../../worker/session-views';
import { engine } from '../worker-client';
import { useComposer } from '../state/composer-store';
import { useUi } from '../state/ui-store';
import { toolKindsOf, type BatchItem } from './batch';
import type { SessionState } from './session-store';
import { errorMessage } from '../../engine/helpers';

/** Reading and replaying a long transcript may take a while; past this the worker is replaced. */
export const SESSION_TIMEOUT_MS = 300_000;

/** The session store as its effects see it. */
export interface SessionApi {
  set: StoreApi<SessionState>['setState'];
  get: () => SessionState;
}

let seq = 0;

/** A new request: every answer to an earlier one is dropped from now on. */
export const supersede = (): number => ++seq;

const fail = ({ set }: SessionApi, mine: number, error: unknown): void => {
  if (mine === seq) set({ status: 'failed', error: errorMessage(error), progress: null });
};

const progressOf =
  ({ set }: SessionApi) =>
  (done: number, total: number, label: string): void =>
    set({ progress: { done, total, label } });

async function read(api: SessionApi, source: SessionSource | null, mine: number): Promise<boolean> {
  const { set, get } = api;
  set({ status: 'opening', error: null, progress: null, replay: null, selected: null, call: null, whatIf: { ...get().whatIf, result: null, index: null }, showing: null });
  const format = get().format;
  const opened = await engine.request('session/open', { source, ...(format !== null && { format }) }, { timeoutMs: SESSION_TIMEOUT_MS, onProgress: progressOf(api) });
  if (mine !== seq) return false;
  set({ opened, mount: opened.mount.mount });
  return opened.format !== null;
}

async function replay(api: SessionApi, mine: number): Promise<void> {
  const { set, get } = api;
  const { mount, seed } = get();
  set({ status: 'replaying', error: null, progress: null, selected: null, call: null, showing: null });
  const trimmed = mount.trim();
  const replayed = await engine.request(
    'session/replay',
    { mount: trimmed === '' ? null : trimmed, seed, diffContext: useComposer.getState().diffContext },
    { timeoutMs: SESSION_TIMEOUT_MS, onProgress: progressOf(api) },
  );
  if (mine !== seq) return;
  set({ status: 'ready', replay: replayed, mount: replayed.mount, progress: null });
}

/** Read and replay one transcript (`null`: the one open, again, with the options now set). */
export async function openAndReplay(api: SessionApi, source: SessionSource | null): Promise<void> {
  const mine = ++seq;
  try {
    if (await read(api, source, mine)) {
      await replay(api, mine);
      // A new transcript: the view that compares each call with its record comes forward.
      if (source !== null && mine === seq) useUi.getState().setBottomTab('transcript');
    } else if (mine === seq) api.set({ status: 'ready', progress: null });
  } catch (error) {
    fail(api, mine, error);
  }
}

/** Replay the open transcript again with the options now set. */
export async function replayAgain(api: SessionApi): Promise<void> {
  const mine = ++seq;
  try {
    await replay(api, mine);
  } catch (error) {
    fail(api, mine, error);
  }
}

/** One transcript of a batch, read and replayed: its row in the table, or null if superseded. */
async function batchItem(item: BatchItem, seed: boolean, diffContext: number, mine: number, api: SessionApi, onProgress: (done: number, total: number, label: string) => void): Promise<BatchItem | null> {
  try {
    api.set({ status: 'opening' });
    const opened = await engine.request('session/open', { source: item.source }, { timeoutMs: SESSION_TIMEOUT_MS, onProgress });
    if (mine !== seq) return null;
    if (opened.format === null) return { ...item, state: 'skipped', note: opened.detection };
    api.set({ status: 'replaying' });
    const replayed = await engine.request('session/replay', { mount: null, seed, diffContext }, { timeoutMs: SESSION_TIMEOUT_MS, onProgress });
    if (mine !== seq) return null;
    return { ...item, state: 'done', format: opened.format, mount: replayed.mount, figures: replayed.figures, kinds: toolKindsOf(replayed.rows) };
  } catch (error) {
    if (mine !== seq) return null;
    return { ...item, state: 'failed', note: errorMessage(error) };
  }
}

/** Each transcript read and replayed in turn, against the workspace or seeded from itself, its mount inferred. */
export async function runBatch(api: SessionApi, sources: readonly SessionSource[], names: readonly string[]): Promise<void> {
  const { set, get } = api;
  const mine = ++seq;
  let items: BatchItem[] = sources.map((source, i) => ({ name: names[i]!, source, state: 'waiting', format: null, mount: null, figures: null, kinds: {}, note: null }));
  set({
    batch: { items, running: true, active: null },
    format: null,
    filter: 'all',
    status: 'opening',
    error: null,
    progress: null,
    opened: null,
    replay: null,
    selected: null,
    call: null,
    whatIf: { ...get().whatIf, result: null, index: null },
    showing: 'batch',
  });
  useUi.getState().setBottomTab('transcript');
  const { seed } = get();
  const diffContext = useComposer.getState().diffContext;
  const n = items.length;
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    const onItemProgress = (done: number, total: number, label: string): void => {
      if (mine === seq) set({ progress: { done: i + (total > 0 ? Math.min(1, done / total) : 0), total: n, label: `Transcript ${i + 1} of ${n}, ${item.name}: ${label}` } });
    };
    const next = await batchItem(item, seed, diffContext, mine, api, onItemProgress);
    if (next === null) return;
    items = items.map((it, at) => (at === i ? next : it));
    set({ batch: { items, running: i < n - 1, active: null } });
  }
  set({ status: 'ready', progress: null, showing: 'batch' });
}
