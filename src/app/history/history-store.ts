// History in the page: the recorded runs (newest first), the search, reopening one (its call back
// into the composer, with a warning when its files changed since) and Clear. Entries live in
// IndexedDB (history-db.ts); the recorder (history-recorder.ts) adds them after each run shows.

import { create } from 'zustand';
import { engine } from '../worker-client';
import { useComposer } from '../state/composer-store';
import { useUi } from '../state/ui-store';
import { addBounded, indexedDbHistory, type HistoryBackend } from './history-db';
import { HISTORY_LIMITS, type HistoryEntry, type OutcomeFilter } from './history-entry';
import { errorMessage, type Notice } from '../../engine/helpers';

interface HistoryState {
  status: 'idle' | 'loading' | 'ready' | 'unavailable';
  entries: HistoryEntry[];
  /** Stored size per entry id (the 50 MB bound). */
  sizes: Record<number, number>;
  query: string;
  outcome: OutcomeFilter;
  notice: Notice | null;
  confirmingClear: boolean;
  load(): Promise<void>;
  record(entry: HistoryEntry): Promise<void>;
  setQuery(query: string): void;
  setOutcome(outcome: OutcomeFilter): void;
  reopen(id: number): Promise<void>;
  setConfirmingClear(open: boolean): void;
  clear(): Promise<void>;
}

let backend: HistoryBackend = indexedDbHistory;
let limits = HISTORY_LIMITS;

/** Tests: an in-memory backend and small bounds. */
export function setHistoryBackend(b: HistoryBackend, l = HISTORY_LIMITS): void {
  backend = b;
  limits = l;
  useHistory.setState({ status: 'idle', entries: [], sizes: {}, notice: null, confirmingClear: false, query: '', outcome: 'all' });
  loading = null;
}

let loading: Promise<void> | null = null;
/** Writes one after another: each bound check sees the entries before it. */
let writing: Promise<void> = Promise.resolve();

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export const useHistory = create<HistoryState>()((set, get) => ({
  status: 'idle',
  entries: [],
  sizes: {},
  query: '',
  outcome: 'all',
  notice: null,
  confirmingClear: false,

  load() {
    loading ??= (async () => {
      set({ status: 'loading' });
      try {
        const rows = await backend.all();
        const sizes: Record<number, number> = {};
        for (const r of rows) sizes[r.entry.id!] = r.bytes;
        set({ status: 'ready', entries: rows.map((r) => r.entry).sort((a, b) => b.at - a.at || b.id! - a.id!), sizes });
      } catch {
        set({ status: 'unavailable' });
      }
    })();
    return loading;
  },

  record(entry) {
    writing = writing.then(async () => {
      await get().load();
      if (get().status !== 'ready') return;
      try {
        const { entries, sizes } = get();
        const kept = entries.map((e) => ({ id: e.id!, at: e.at, bytes: sizes[e.id!] ?? 0 }));
        const added = await addBounded(backend, entry, kept, limits);
        const gone = new Set(added.dropped);
        set((s) => {
          const next: Record<number, number> = { ...s.sizes, [added.entry.id!]: added.bytes };
          for (const id of gone) delete next[id];
          return { entries: [added.entry, ...s.entries.filter((e) => !gone.has(e.id!))], sizes: next };
        });
      } catch {
        // Storage full or gone: the run happened; History just misses it.
      }
    });
    return writing;
  },

  setQuery(query) {
    set({ query });
  },

  setOutcome(outcome) {
    set({ outcome });
  },

  async reopen(id) {
    const entry = get().entries.find((e) => e.id === id);
    if (!entry) return;
    if (entry.kind === 'suite') {
      useUi.getState().setSideTab('contracts');
      set({ notice: { tone: 'ok', text: `Run ${entry.title} again from the Contracts tab: History keeps suite results, not the suites.` } });
      return;
    }
    if (entry.kind === 'session' || !entry.call) {
      set({ notice: { tone: 'warn', text: `Open ${entry.transcript?.name ?? 'the transcript'} in the Session tab to replay it again: History keeps its name and hash, not its text.` } });
      return;
    }
    useComposer.getState().load(entry.call);
    const changed = await changedFiles(entry);
    if (changed === null) set({ notice: { tone: 'warn', text: 'Restored the call. Its files could not be compared with the workspace.' } });
    else if (changed.length === 0) set({ notice: { tone: 'ok', text: `Restored the call into the composer; ${entry.files.length === 0 ? 'it touched no files.' : 'its files are as they were before that run.'}` } });
    else set({ notice: { tone: 'warn', text: `Restored the call. ${plural(changed.length, 'file')} changed since that run, so it may not do the same: ${changed.join(', ')}.` } });
  },

  setConfirmingClear(confirmingClear) {
    set({ confirmingClear });
  },

  async clear() {
    await writing;
    try {
      await backend.clear();
      set({ entries: [], sizes: {}, confirmingClear: false, notice: { tone: 'ok', text: 'History cleared.' } });
    } catch (error) {
      set({ confirmingClear: false, notice: { tone: 'error', text: `Could not clear History: ${errorMessage(error)}` } });
    }
  },
}));

/** Paths whose bytes differ from the entry's (gone counts as changed); null when the worker could not say. */
async function changedFiles(entry: HistoryEntry): Promise<string[] | null> {
  if (entry.files.length === 0) return [];
  try {
    const now = await engine.request('workspace/hashes', { paths: entry.files.map((f) => f.path) });
    const was = new Map(entry.files.map((f) => [f.path, f.hash]));
    return now.filter((f) => f.hash !== was.get(f.path)).map((f) => f.path);
  } catch {
    return null;
  }
}
