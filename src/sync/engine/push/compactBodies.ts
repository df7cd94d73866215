import type { SyncError } from '../http/syncError';
import { type SweepDeps, sweepBodies } from '../pull/sweepBodies';
import { pushSnapshots, type SnapshotDeps } from './pushSnapshots';
import type { createSnapshotSchedule } from './snapshotSchedule';

export interface CompactDeps extends SweepDeps, SnapshotDeps {
  schedule: Pick<ReturnType<typeof createSnapshotSchedule>, 'retry'>;
}

/**
 * Sweep-and-push rounds for notes whose snapshot another device replaced in between: each round
 * merges the new baseline first. Past this the note goes back on the schedule (nothing is lost:
 * its updates stay on the service until a snapshot that covers them is stored).
 */
export const COMPACT_CONFLICT_ROUNDS = 3;

/**
 * Compacting snapshots of the notes the schedule says are due (spec 4.3.11). Each note is first
 * swept (sweepBodies: baseline by the revision rule, then every newer update), so the snapshot is
 * pushed only for notes with NO unmerged remote state, and it covers (prunes) only up to the
 * sequence this device applied. The push names the revision it was built on (`expectedRevision`,
 * when the service supports it): if another device compacted the note meanwhile, the service
 * refuses (SNAPSHOT_REVISION_CONFLICT) and this device sweeps again (merging that snapshot) and
 * retries, so one device's snapshot never replaces another's updates it did not merge. A note
 * that could not be swept or was refused goes back on the schedule.
 */
export async function compactBodies(deps: CompactDeps, due: readonly string[]): Promise<SyncError | null> {
  let pending: readonly string[] = due;
  for (let round = 0; round < COMPACT_CONFLICT_ROUNDS && pending.length > 0; round++) {
    const { conflicts, error } = await compactRound(deps, pending);
    if (error) {
      for (const id of conflicts) deps.schedule.retry(id);
      return error;
    }
    pending = conflicts;
  }
  for (const id of pending) deps.schedule.retry(id);
  return null;
}

/** One sweep and snapshot push; answers the notes refused for a revision conflict. */
async function compactRound(
  deps: CompactDeps,
  due: readonly string[],
): Promise<{ conflicts: string[]; error: SyncError | null }> {
  const swept = await sweepBodies(deps, due);
  const ready = new Set(swept.merged);
  for (const id of due) if (!ready.has(id)) deps.schedule.retry(id);
  const infos = await deps.bodies.uploadInfo(swept.merged);
  const jobs = [...infos].map(([docId, info]) => ({
    docId,
    state: info.state,
    coversThrough: info.mark?.appliedSeq ?? 0,
    ...(swept.expected?.has(docId) ? { expectedRevision: swept.expected.get(docId) ?? null } : {}),
  }));
  const snap = await pushSnapshots(deps, jobs);
  const answered = new Set<string>();
  const conflicts: string[] = [];
  const marks = [];
  for (const outcome of snap.outcomes) {
    answered.add(outcome.docId);
    if (outcome.kind === 'conflict') conflicts.push(outcome.docId);
    else if (outcome.kind === 'refused') {
      if (!outcome.tooLarge) deps.schedule.retry(outcome.docId);
    } else {
      marks.push({
        docId: outcome.docId,
        mark: { appliedSeq: outcome.sequenceNum, revision: outcome.revision },
      });
      deps.session.set(outcome.docId, outcome.revision);
    }
  }
  await deps.bodies.setMarks(marks);
  for (const job of jobs) if (!answered.has(job.docId)) deps.schedule.retry(job.docId);
  return { conflicts, error: swept.error ?? snap.error };
}
