/**
 * The few native IndexedDB calls the worker's entry makes before Dexie is loaded
 * (src/worker/vault.worker.ts): opening a database that must already exist, and awaiting a
 * request. Dexie names a table's object store and each index by its declaration (`modified`,
 * `[folderPath+modified]`), so these reads see the same stores Dexie writes.
 */

export const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/**
 * Opens database `name` at whatever version it has, or answers null when it does not exist yet
 * (the creating upgrade is aborted, so nothing is created under Dexie's feet). The connection
 * closes itself when another one asks to upgrade, so it never blocks the vault's own open.
 */
export function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    let created = false;
    const req = factory.open(name);
    req.onupgradeneeded = () => {
      created = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = (e) => {
      if (created) {
        e.preventDefault();
        resolve(null);
      } else reject(req.error);
    };
  });
}
