import type { Transaction } from 'dexie';

/**
 * Transactions that apply rows FROM the server. The outbox middleware leaves them alone: a pulled
 * row must not be queued back to the server, nor have its clock advanced by this device.
 * Scoped to the one IndexedDB transaction (a WeakSet: nothing to clean up, nothing leaks to the
 * next transaction even if this one aborts).
 */
const pulled = new WeakSet<object>();

/** Call first thing inside `db.transaction('rw', ..., () => ...)` of an apply. */
export function markPulled(tx: Transaction | null): void {
  if (!tx) throw new Error('markPulled: not inside a transaction');
  pulled.add(tx.idbtrans);
}

export const isPulled = (trans: object): boolean => pulled.has(trans);
