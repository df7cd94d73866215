import type { ApplyResult, IncomingRecord, OrphanMode, RecordPort } from '../../../src/sync/engine/ports';

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

/**
 * A record port whose tasks are orphans waiting for their project `p`: under `hold` each task is
 * held with that need and everything else reported changed; under any other mode every item is
 * changed. `modes` logs each apply's ids and mode.
 */
export function orphanTaskRecords() {
  const modes: { ids: string[]; mode: OrphanMode }[] = [];
  const records: RecordPort = {
    ...emptyRecords(async () => null),
    apply: async (items: IncomingRecord[], mode: OrphanMode): Promise<ApplyResult> => {
      modes.push({ ids: items.map((i) => i.id), mode });
      const held =
        mode === 'hold'
          ? items
              .filter((i) => i.type === 'task')
              .map((item) => ({ item, needs: [{ type: 'project', id: 'p' }] }))
          : [];
      const changed = items
        .filter((i) => !held.some((h) => h.item === i))
        .map(({ type, id }) => ({ type, id }));
      return { changed, held, declined: [], unreadable: [] };
    },
  };
  return { records, modes };
}
