import type { ApplyResult, IncomingRecord, RecordPort } from '../../../src/sync/engine/ports';

/**
 * The record port's pull side for tests that only push (nothing local to read), or that log
 * what they are asked to apply (`onApply`) and report every item as changed.
 */
export function emptyRecords(
  read: RecordPort['read'],
  /** may hold the apply (a slice's transaction still open) until the promise it answers settles */
  onApply?: (items: IncomingRecord[]) => void | Promise<void>,
): RecordPort {
  return {
    read,
    apply: async (items): Promise<ApplyResult> => {
      await onApply?.(items);
      return { changed: items.map(({ type, id }) => ({ type, id })), held: [], declined: [], unreadable: [] };
    },
    localFacts: async () => new Map(),
    localIds: async () => ({ live: [], deleted: [] }),
    requeue: async () => 0,
    repairOrphans: async () => 0,
  };
}
