// History's IndexedDB store: a small promise wrapper over one object store of HistoryEntry values
// (plus their size), in a database of its own so it versions apart from the recent folders.
// Every failure (private mode, blocked storage) degrades to an empty History, never an error.

import { inTransaction, openStoreDb, request } from '../idb';
import { entryBytes, isHistoryEntry, overLimits, type HistoryEntry } from './history-entry';

/** Where History keeps its entries; the in-memory one stands in for IndexedDB in unit tests. */
export interface HistoryBackend {
  add(entry: HistoryEntry, bytes: number): Promise<number>;
  /** Every stored entry with its id and size, in no order. */
  all(): Promise<{ entry: HistoryEntry; bytes: number }[]>;
  remove(ids: number[]): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'edit-playground-history';
const STORE = 'runs';

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  dbPromise ??= openStoreDb(DB_NAME, 1, STORE, { keyPath: 'id', autoIncrement: true }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

async function withStore<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  return inTransaction(await openDb(), STORE, mode, body);
}

interface Row {
  id?: number;
  bytes: number;
  entry: HistoryEntry;
}

export const indexedDbHistory: HistoryBackend = {
  add: (entry, bytes) => withStore('readwrite', (store) => request(store.add({ bytes, entry } satisfies Row)) as Promise<number>),
  async all() {
    const rows = (await withStore('readonly', (store) => request(store.getAll()))) as Row[];
    return rows.filter((r) => typeof r.id === 'number' && isHistoryEntry(r.entry)).map((r) => ({ entry: { ...r.entry, id: r.id! }, bytes: r.bytes }));
  },
  remove: (ids) =>
    withStore('readwrite', async (store) => {
      for (const id of ids) await request(store.delete(id));
    }),
  clear: (): Promise<void> => withStore('readwrite', async (store) => void (await request(store.clear()))),
};

export function memoryHistory(): HistoryBackend {
  let next = 1;
  const rows = new Map<number, { entry: HistoryEntry; bytes: number }>();
  return {
    async add(entry, bytes) {
      const id = next++;
      rows.set(id, { entry: { ...entry, id }, bytes });
      return id;
    },
    async all() {
      return [...rows.values()];
    },
    async remove(ids) {
      for (const id of ids) rows.delete(id);
    },
    async clear() {
      rows.clear();
    },
  };
}

/**
 * Store `entry` beside the `kept` ones (what the page already holds: no read-back of 50 MB), then
 * drop what the bounds exclude; answers the stored entry, its size and the ids dropped.
 */
export async function addBounded(
  backend: HistoryBackend,
  entry: HistoryEntry,
  kept: readonly { id: number; at: number; bytes: number }[],
  limits?: Parameters<typeof overLimits>[1],
): Promise<{ entry: HistoryEntry; bytes: number; dropped: number[] }> {
  const { id: _none, ...stored } = entry;
  const bytes = entryBytes(stored);
  const id = await backend.add(stored, bytes);
  const dropped = overLimits([...kept, { id, at: stored.at, bytes }], limits);
  if (dropped.length > 0) await backend.remove(dropped);
  return { entry: { ...stored, id }, bytes, dropped };
}
