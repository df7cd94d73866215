/**
 * Coalescing of record changes per (type, id) (spec 3.2), pure. One rule serves both places the
 * spec names: a new local mutation landing on a queued row, and two rows of one item met in a
 * push batch (the newer folded over the older).
 *
 * Guarantees:
 * - a delete wins outright: whatever was queued, the item is sent as a delete;
 * - an unacknowledged create survives a later update (the server has never seen the item);
 * - a write after a queued delete means the item lives again locally: it is sent as a create
 *   (carrying a clock that dominates the delete's, so the server accepts it over its tombstone).
 */
export type RecordOp = 'create' | 'update' | 'delete';

export function coalesceOp(queued: RecordOp, incoming: RecordOp): RecordOp {
  if (incoming === 'delete') return 'delete';
  if (queued === 'delete') return 'create';
  if (queued === 'create') return 'create';
  return incoming;
}
