import type { SyncError } from '../http/syncError';
import { type SweepDeps, sweepBodies } from '../pull/sweepBodies';
import { pushSnapshots, type SnapshotDeps } from './pushSnapshots';
import type { createSnapshotSchedule } from './snapshotSchedule';

export interface CompactDeps extends SweepDeps, SnapshotDeps {
  schedule: Pick<ReturnType<typeof createSnapshotSchedule>, 'retry'>;
}

/**
 * Compacting snapshots of the notes the schedule says are due (spec 4.3.11). Each note is first
 * swept (sweepBodies: baseline by the revision rule, then every newer update), so the snapshot is
 * pushed only for notes with NO unmerged remote state, and it covers (prunes) only up to the
 * sequence this device applied. A note that could not be swept or was refused goes back on the
 * schedule; its updates stay on the service meanwhile, so nothing is lost either way.
 */
export async function compactBodies(deps: CompactDeps, due: readonly string[]): Promise<SyncError | null> {
  const swept = await sweepBodies(deps, due);
  const ready = new Set(swept.merged);
  for (const id of due) if (!ready.has(id)) deps.schedule.retry(id);
  const infos = await deps.bodies.uploadInfo(swept.merged);
  const jobs = [...infos].map(([docId, info]) => ({
    docId,
    state: info.state,
    coversThrough: info.mark?.appliedSeq ?? 0,
  }));
  const snap = await pushSnapshots(deps, jobs);
  const answered = new Set<string>();
  const marks = [];
  for (const outcome of snap.outcomes) {
    answered.add(outcome.docId);
    if (outcome.kind === 'refused') {
      if (!outcome.tooLarge) deps.schedule.retry(outcome.docId);
      continue;
    }
    marks.push({
      docId: outcome.docId,
      mark: { appliedSeq: outcome.sequenceNum, revision: outcome.revision },
    });
    deps.session.set(outcome.docId, outcome.revision);
  }
  await deps.bodies.setMarks(marks);
  for (const job of jobs) if (!answered.has(job.docId)) deps.schedule.retry(job.docId);
  return swept.error ?? snap.error;
}
