import Dexie from 'dexie';

/**
 * The native database under a Dexie one, for native reads on its stores (rawIdb.ts names them).
 * As Dexie does for its own calls: opened first when it is not open yet, refused
 * (DatabaseClosedError) once it was closed, so that a late call on a vault that was switched
 * away or deleted never opens its database again.
 */
export function nativeDbOf(db: Dexie): IDBDatabase | Promise<IDBDatabase> {
  if (db.isOpen()) return db.backendDB();
  if (db.hasBeenClosed()) return Promise.reject(new Dexie.DatabaseClosedError());
  return db.open().then((opened) => opened.backendDB());
}
