import type { CrdtUpdatesBatchResponse } from '../../protocol/crdt';
import type { SyncError, SyncResult } from '../http/syncError';
import { type BaselineDeps, mergeBaseline } from '../pull/mergeBaseline';
import { pushSnapshots, type SnapshotDeps, type SnapshotJob, type SnapshotOutcome } from './pushSnapshots';

export interface GuardedSnapshotDeps extends SnapshotDeps, BaselineDeps {}

/** A job whose snapshot may replace only `expectedRevision` (null: only when the note has none). */
export type GuardedJob = SnapshotJob & { expectedRevision: string | null };

/**
 * Merge-and-retry rounds for a snapshot refused because another device stored one meanwhile;
 * past them the caller falls back (updates route, or the rows stay queued): nothing is lost.
 */
export const GUARDED_CONFLICT_ROUNDS = 3;

/**
 * Whether the service takes `expectedRevision` (`snapshotPrecondition` of the probe answer,
 * docs/protocol.md): an older server's strict schema would refuse the field, so it is only sent
 * after the service said so. Learned once per engine (`routes.precondition`, also set by the
 * sweep's probes); unknown, it costs one `POST /sync/crdt/updates/batch` of one note. A service
 * without the probe route (404) does not take it either.
 */
export async function snapshotPrecondition(
  deps: GuardedSnapshotDeps,
  noteId: string,
): Promise<SyncResult<boolean>> {
  if (deps.routes.precondition !== undefined) return { ok: true, value: deps.routes.precondition };
  const probe = await deps.call<Partial<CrdtUpdatesBatchResponse>>('POST', '/sync/crdt/updates/batch', {
    body: { notes: [{ noteId, since: 0 }], limit: 1 },
    vaultId: deps.keyring.vaultId,
  });
  if (!probe.ok && probe.error.status !== 404) return probe;
  deps.routes.precondition = probe.ok && probe.value.snapshotPrecondition === true;
  return { ok: true, value: deps.routes.precondition };
}

/**
 * Snapshots that replace only what this device merged (spec 4.3.11, our precondition): a first
 * upload is stored only if the note has no snapshot yet, the over-1-MB snapshot only over the
 * revision its baseline GET merged. When the service refuses one (SNAPSHOT_REVISION_CONFLICT:
 * another device stored a snapshot in between), the stored snapshot is fetched and merged into
 * the local document (`mergeBaseline`, which moves the mark), and the merged state is sent again
 * on that revision, covering only its sequence (newer updates stay on the service). Outcomes per
 * job as `pushSnapshots`; a conflict left after the rounds, or a stored snapshot that does not
 * verify, stays a `conflict`/`refused` outcome for the caller's fallback; a job left unanswered
by a failure has no outcome (its rows stay queued). Against a service that
 * does not take the precondition the jobs go unconditionally, as before.
 */
export async function pushGuardedSnapshots(
  deps: GuardedSnapshotDeps,
  jobs: readonly GuardedJob[],
): Promise<{ outcomes: SnapshotOutcome[]; error: SyncError | null }> {
  if (jobs.length === 0) return { outcomes: [], error: null };
  const guarded = await snapshotPrecondition(deps, jobs[0]!.docId);
  if (!guarded.ok) return { outcomes: [], error: guarded.error };
  if (!guarded.value)
    return pushSnapshots(
      deps,
      jobs.map(({ expectedRevision: _, ...job }) => job),
    );
  const outcomes: SnapshotOutcome[] = [];
  let pending: readonly GuardedJob[] = jobs;
  for (let round = 1; pending.length > 0; round++) {
    const snap = await pushSnapshots(deps, pending);
    const conflicts = snap.outcomes.filter((o) => o.kind === 'conflict');
    outcomes.push(...snap.outcomes.filter((o) => o.kind !== 'conflict'));
    if (snap.error || round >= GUARDED_CONFLICT_ROUNDS) {
      outcomes.push(...conflicts);
      return { outcomes, error: snap.error };
    }
    const next: GuardedJob[] = [];
    for (const { docId } of conflicts) {
      const base = await mergeBaseline(deps, docId);
      // the notes not settled here get no outcome: their rows stay queued for the next run
      if (!base.ok) return { outcomes, error: base.error };
      const info = (await deps.bodies.uploadInfo([docId])).get(docId);
      if (base.value.kind === 'refused' || !info) {
        const reason = base.value.kind === 'refused' ? base.value.reason : 'no local state';
        outcomes.push({ docId, kind: 'refused', reason, tooLarge: false });
        continue;
      }
      const coversThrough = info.mark?.appliedSeq ?? 0;
      next.push({ docId, state: info.state, coversThrough, expectedRevision: base.value.revision });
    }
    pending = next;
  }
  return { outcomes, error: null };
}
