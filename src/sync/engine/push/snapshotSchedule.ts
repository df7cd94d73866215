import type { Timers } from '../syncEngine';

/** Spec 4.3.11: snapshots due within 2 s go together; 30 s after a note's last update; 120 s at most. */
export const SNAPSHOT_GATHER_MS = 2_000;
export const SNAPSHOT_QUIET_MS = 30_000;
export const SNAPSHOT_CEILING_MS = 120_000;

export interface SnapshotDelays {
  quietMs: number;
  ceilingMs: number;
}

/**
 * When a note's body is due for a compacting snapshot (spec 4.3.11): 30 s after the last update
 * this device pushed for it, but no later than 120 s after the first update since its last
 * snapshot, so a note typed in without pause still gets one every two minutes. Notes due within
 * 2 s of the earliest go in the same batch. One timer, armed for the earliest due time, asks the
 * engine for a cycle; the cycle takes the due notes (`takeDue`). In memory: after a restart the
 * next edit schedules the note again, and nothing is lost meanwhile (the updates are stored).
 */
export function createSnapshotSchedule(deps: {
  now: () => number;
  timers: Timers;
  flush: () => void;
  /** tests shorten these to exercise compaction under concurrency; the spec's values otherwise */
  delays?: SnapshotDelays | undefined;
}) {
  const pending = new Map<string, { first: number; last: number }>();
  let timer: unknown = null;
  const quiet = deps.delays?.quietMs ?? SNAPSHOT_QUIET_MS;
  const ceiling = deps.delays?.ceilingMs ?? SNAPSHOT_CEILING_MS;
  const dueAt = (p: { first: number; last: number }) => Math.min(p.last + quiet, p.first + ceiling);

  function arm() {
    if (timer !== null) deps.timers.clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return;
    const earliest = Math.min(...[...pending.values()].map(dueAt));
    timer = deps.timers.setTimeout(
      () => {
        timer = null;
        deps.flush();
      },
      Math.max(0, earliest - deps.now()),
    );
  }

  return {
    /** this device pushed an update of `docId` */
    updated(docId: string): void {
      const at = deps.now();
      const p = pending.get(docId);
      pending.set(docId, { first: p?.first ?? at, last: at });
      arm();
    },
    /** the notes due now or within the gathering window; they leave the schedule */
    takeDue(): string[] {
      const limit = deps.now() + SNAPSHOT_GATHER_MS;
      const due = [...pending].filter(([, p]) => dueAt(p) <= limit).map(([id]) => id);
      for (const id of due) pending.delete(id);
      arm();
      return due;
    },
    /** a note that could not be snapshotted yet goes back, due again after a quiet period */
    retry(docId: string): void {
      const at = deps.now();
      pending.set(docId, { first: at, last: at });
      arm();
    },
    stop(): void {
      if (timer !== null) deps.timers.clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
