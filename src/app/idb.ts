// The few IndexedDB steps the app's stores share (recent folders, History): a request as a
// promise, a database with one object store, and a transaction that settles when it commits.
// Callers turn every failure into "nothing stored", never an error on screen.

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Opens `name` at `version`, creating `store` (with `options`) when it is missing. */
export function openStoreDb(name: string, version: number, store: string, options: IDBObjectStoreParameters): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(store)) req.result.createObjectStore(store, options);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/** Runs `body` in one transaction on `store`; its value once the transaction has committed. */
export async function inTransaction<T>(db: IDBDatabase, store: string, mode: IDBTransactionMode, body: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const tx = db.transaction(store, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const value = await body(tx.objectStore(store));
  await done;
  return value;
}
