import type { Table } from 'dexie';
import type { Change } from '../changes/changeFeed';
import { type OpError, ok, type Result } from '../ops/result';
import type { VaultServices } from '../vault/services';

/** Thrown inside a planning write to abort its transaction; the boundary turns it back into a value. */
export class PlanningFailure extends Error {
  constructor(readonly error: OpError) {
    super(error.message);
  }
}

/** Unwraps a domain result inside a transaction: a refusal aborts the whole write. */
export function must<T>(result: { ok: true; value: T } | { ok: false; error: OpError }): T {
  if (!result.ok) throw new PlanningFailure(result.error);
  return result.value;
}

/**
 * Runs `work` in ONE read-write transaction over `tables`. A refusal (PlanningFailure) rolls the
 * transaction back and comes back as a value: nothing is written. The rows `work` records in
 * `changes` are announced on the change feed only after the commit.
 */
export async function writeTx<T>(
  services: VaultServices,
  tables: readonly Table[],
  work: (changes: Change[]) => Promise<T>,
): Promise<Result<T>> {
  const changes: Change[] = [];
  const started = performance.now();
  try {
    // The scope is an async function so Dexie keeps the transaction across native awaits.
    const value = await services.db.transaction('rw', [...tables], async () => await work(changes));
    // A timeline entry per committed write: the planning bench reads it from the worker.
    performance.measure('cairn:planning-write', { start: started, end: performance.now() });
    services.feed.committed(changes);
    return ok(value);
  } catch (err) {
    if (err instanceof PlanningFailure) return { ok: false, error: err.error };
    throw err;
  }
}
