import type { CrdtUpdatesBatchResponse, SnapshotMeta } from '../../protocol/crdt';
import { CRDT_UPDATES_BATCH_NOTES } from '../../protocol/limits';
import type { SyncError } from '../http/syncError';
import type { BodyMark } from '../ports';
import { type BaselineDeps, mergeBaseline, type SessionRevisions } from './mergeBaseline';
import { openBodyUpdate } from './openBodyUpdate';

export type { SessionRevisions } from './mergeBaseline';

/**
 * The snapshotMeta revision rule (spec 4.3.10): a note's baseline GET is skipped only when the
 * service's snapshot is the revision this session merged and the applied sequence is at or above
 * its sequenceNum. An older server (no snapshotMeta at all) or no recorded merge always fetches
 * it; a note absent from a present map has no snapshot, so there is nothing to fetch.
 */
export function needsBaseline(
  meta: Record<string, SnapshotMeta> | undefined,
  docId: string,
  session: SessionRevisions,
  mark: BodyMark | null,
): boolean {
  if (meta === undefined) return true;
  const m = meta[docId];
  if (m === undefined) return false;
  return session.get(docId) !== m.revision || (mark?.appliedSeq ?? 0) < m.sequenceNum;
}

export interface SweepDeps extends BaselineDeps {
  now: () => number;
}

/**
 * The CRDT sweep over some note bodies (spec 4.3.10): per chunk of 100, ONE probe
 * `POST /sync/crdt/updates/batch` with `limit: 1` from each note's applied sequence; then the
 * baseline of the notes the revision rule says, and the updates of notes the probe showed newer
 * ones for (`GET /sync/crdt/updates`, paged). Answers the notes that are now fully merged: no
 * newer update, baseline current. A failure stops the sweep (nothing is marked merged wrongly:
 * marks move only with what was applied).
 * `expected` (only when the service advertised `snapshotPrecondition`) gives, per merged note,
 * the revision a compacting snapshot may replace: the one this device merged (its mark), or null
 * when the service holds none. A replacement conditioned on it cannot drop updates this device
 * never saw (spec 4.3.11; docs/protocol.md).
 */
export async function sweepBodies(
  deps: SweepDeps,
  docIds: readonly string[],
): Promise<{ merged: string[]; expected: Map<string, string | null> | null; error: SyncError | null }> {
  const merged: string[] = [];
  let expected: Map<string, string | null> | null = null;
  for (let i = 0; i < docIds.length; i += CRDT_UPDATES_BATCH_NOTES) {
    const chunk = docIds.slice(i, i + CRDT_UPDATES_BATCH_NOTES);
    const marks = new Map<string, BodyMark | null>();
    for (const id of chunk) marks.set(id, await deps.bodies.markOf(id));
    const probe = await deps.call<Partial<CrdtUpdatesBatchResponse>>('POST', '/sync/crdt/updates/batch', {
      body: {
        notes: chunk.map((noteId) => ({ noteId, since: marks.get(noteId)?.appliedSeq ?? 0 })),
        limit: 1,
      },
      vaultId: deps.keyring.vaultId,
    });
    if (!probe.ok) return { merged, expected, error: probe.error };
    if (probe.value.snapshotPrecondition === true) expected ??= new Map();
    for (const id of chunk) {
      if (needsBaseline(probe.value.snapshotMeta, id, deps.session, marks.get(id) ?? null)) {
        const base = await mergeBaseline(deps, id);
        if (!base.ok) return { merged, expected, error: base.error };
        if (base.value.kind === 'refused') continue;
      }
      if ((probe.value.notes?.[id]?.updates.length ?? 0) > 0) {
        const caught = await catchUp(deps, id);
        if (caught.error) return { merged, expected, error: caught.error };
        if (!caught.complete) continue;
      }
      merged.push(id);
      if (expected && probe.value.snapshotPrecondition === true) {
        const held = probe.value.snapshotMeta?.[id] !== undefined;
        expected.set(id, held ? ((await deps.bodies.markOf(id))?.revision ?? null) : null);
      }
    }
  }
  return { merged, expected, error: null };
}

/**
 * Applies every update of one note after its applied sequence, oldest first, page by page. An
 * update that does not open stops it there (never skipped: the mark stays below it, the feed's
 * pull quarantines it), and the note is not complete.
 */
async function catchUp(
  deps: SweepDeps,
  docId: string,
): Promise<{ complete: boolean; error: SyncError | null }> {
  for (;;) {
    const since = (await deps.bodies.markOf(docId))?.appliedSeq ?? 0;
    const res = await deps.call<{ updates: { sequenceNum: number; data: string }[]; hasMore: boolean }>(
      'GET',
      `/sync/crdt/updates?note_id=${encodeURIComponent(docId)}&since=${since}&limit=100`,
      { vaultId: deps.keyring.vaultId },
    );
    if (!res.ok) return { complete: false, error: res.error };
    for (const u of res.value.updates) {
      const update = openBodyUpdate(deps.keyring, docId, u.data);
      if (!update) return { complete: false, error: null };
      await deps.bodies.applyRemote(docId, update, { appliedSeq: u.sequenceNum, revision: null });
    }
    if (!res.value.hasMore || res.value.updates.length === 0) return { complete: true, error: null };
  }
}
