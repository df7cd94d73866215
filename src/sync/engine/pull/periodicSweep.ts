import { CRDT_UPDATES_BATCH_NOTES } from '../../protocol/limits';
import type { SyncError } from '../http/syncError';
import type { BodyPort, StatePort } from '../ports';
import { type SweepDeps, sweepBodies } from './sweepBodies';

/** Epoch ms the last pass over every body started: persisted, so a reload does not restart it. */
export const BODY_SWEEP_PASS_AT = 'bodySweepPassAt';
/** A new pass over every body starts this long after the previous one started. */
export const BODY_SWEEP_INTERVAL_MS = 15 * 60_000;
/**
 * Probe chunks per cycle: 5 `POST /sync/crdt/updates/batch` a minute at the 60 s tick, well
 * under the crdt_batch_pull bucket (30 a minute); 10,000 notes take a pass of 20 cycles.
 */
export const BODY_SWEEP_CHUNKS_PER_CYCLE = 5;

export interface PeriodicSweepDeps extends SweepDeps {
  bodies: BodyPort;
  state: StatePort;
}

/**
 * The periodic CRDT sweep of EVERY body (spec 4.3.10), beside the sweep of the notes due for
 * compaction: it catches an update or snapshot the change feed did not deliver to this device
 * (a feed entry lost, a cursor moved past it), which nothing else would ever fetch. Each cycle
 * of the leader's engine, after a completed pull, sweeps the next chunks of the current pass
 * through `sweepBodies` (one probe with `limit: 1` per 100 notes; the baseline GET only by the
 * revision rule, and the pull records what it merged, so nothing it just fetched is fetched
 * again); a pass starts every 15 minutes. A pull that read the whole feed from cursor 0 (a fresh
 * device's first sync) counts as a pass: it delivered every body entry there is, so the first
 * pass of the sweep starts 15 minutes after it, not over the baselines it just merged. A failed
 * step keeps its place and is tried again next cycle.
 */
export function createPeriodicSweep() {
  let pending: string[] | null = null;
  return {
    async step(deps: PeriodicSweepDeps, pull: { fromZero: boolean }): Promise<SyncError | null> {
      if (pull.fromZero) {
        pending = null;
        await deps.state.set(BODY_SWEEP_PASS_AT, deps.now());
        return null;
      }
      if (pending === null) {
        const last = await deps.state.get<number>(BODY_SWEEP_PASS_AT);
        if (last !== undefined && deps.now() - last < BODY_SWEEP_INTERVAL_MS) return null;
        pending = await deps.bodies.bodyIds();
        await deps.state.set(BODY_SWEEP_PASS_AT, deps.now());
      }
      const take = pending.slice(0, BODY_SWEEP_CHUNKS_PER_CYCLE * CRDT_UPDATES_BATCH_NOTES);
      const swept = await sweepBodies(deps, take);
      if (swept.error) return swept.error;
      pending = pending.length > take.length ? pending.slice(take.length) : null;
      return null;
    },
  };
}
