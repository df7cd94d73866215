import type { IndexableType, Table } from 'dexie';

/**
 * The rows whose `index` equals any of `keys`: what `table.where(index).anyOf(keys).toArray()`
 * answers, ordered by key (in the order given) and then by primary key. Dexie reads `anyOf` with
 * one cursor that jumps from key to key, and each jump waits for the one before it (a round trip
 * to IndexedDB per key: the 1,000 linking notes of a rename read their link rows and CRDT
 * updates that way, one after another). Here each key is one `getAll` on its index, all of them
 * issued at once, so the round trips overlap. Works inside the caller's transaction.
 */
export async function rowsWithAnyOf<T, K>(
  table: Table<T, K>,
  index: string,
  keys: readonly IndexableType[],
): Promise<T[]> {
  const parts = await Promise.all([...new Set(keys)].map((k) => table.where(index).equals(k).toArray()));
  return parts.flat();
}

/** `rowsWithAnyOf` for the primary keys only (no row is read). */
export async function keysWithAnyOf<T, K>(
  table: Table<T, K>,
  index: string,
  keys: readonly IndexableType[],
): Promise<K[]> {
  const parts = await Promise.all([...new Set(keys)].map((k) => table.where(index).equals(k).primaryKeys()));
  return parts.flat();
}
