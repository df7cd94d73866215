import type { LinkRow } from './linkRows';

/**
 * The read port over stored link rows (the worker backs it with a Dexie table indexed on
 * `from_id` and `to_id`). Rows come back in document order for `outgoingOf`; other orders are
 * unspecified.
 */
export interface LinkStore {
  outgoingOf(id: string): readonly LinkRow[];
  incomingOf(id: string): readonly LinkRow[];
  allLinks(): Iterable<LinkRow>;
}
