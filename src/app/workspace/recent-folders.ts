// Recently opened folders. Directory handles survive a reload only in IndexedDB (they are
// structured-cloneable, not JSON), so this is a tiny promise wrapper over one object store.
// Every failure (private mode, blocked storage) degrades to "no recent folders", never an error.

import { inTransaction, openStoreDb, request } from '../idb';

const DB_NAME = 'edit-playground';
const DB_VERSION = 1;
const STORE = 'recent-folders';
/** How many folders the Recent menu keeps. */
export const RECENT_LIMIT = 8;

export interface RecentFolder {
  version: 1;
  name: string;
  handle: FileSystemDirectoryHandle;
  openedAt: number;
}

function openDb(): Promise<IDBDatabase> {
  return openStoreDb(DB_NAME, DB_VERSION, STORE, { autoIncrement: true });
}

async function withStore<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const db = await openDb();
  try {
    return await inTransaction(db, STORE, mode, body);
  } finally {
    db.close();
  }
}

function isRecentFolder(value: unknown): value is RecentFolder {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<RecentFolder>;
  return v.version === 1 && typeof v.name === 'string' && typeof v.openedAt === 'number' && typeof v.handle === 'object' && v.handle?.kind === 'directory';
}

/** Newest first; records that fail validation (older versions, damage) are skipped. */
export async function listRecentFolders(): Promise<RecentFolder[]> {
  try {
    const all = await withStore('readonly', (store) => request(store.getAll()));
    return all.filter(isRecentFolder).sort((a, b) => b.openedAt - a.openedAt);
  } catch {
    return [];
  }
}

async function replaceAll(folders: RecentFolder[]): Promise<void> {
  await withStore('readwrite', async (store) => {
    await request(store.clear());
    for (const f of folders) await request(store.add(f));
  });
}

/** Put `handle` first, dropping an older entry for the same folder; answers the new list. */
export async function rememberFolder(handle: FileSystemDirectoryHandle): Promise<RecentFolder[]> {
  try {
    const existing = await listRecentFolders();
    const others: RecentFolder[] = [];
    for (const f of existing) if (!(await f.handle.isSameEntry(handle).catch(() => false))) others.push(f);
    const next = [{ version: 1 as const, name: handle.name, handle, openedAt: Date.now() }, ...others].slice(0, RECENT_LIMIT);
    await replaceAll(next);
    return next;
  } catch {
    return listRecentFolders();
  }
}

export async function forgetFolder(folder: RecentFolder): Promise<RecentFolder[]> {
  try {
    const others: RecentFolder[] = [];
    for (const f of await listRecentFolders()) if (!(await f.handle.isSameEntry(folder.handle).catch(() => false))) others.push(f);
    await replaceAll(others);
    return others;
  } catch {
    return listRecentFolders();
  }
}

export async function clearRecentFolders(): Promise<void> {
  await replaceAll([]).catch(() => undefined);
}
