import * as Y from 'yjs';
import { encodeEnvelopeBlob, sealItem, toBase64 } from '../../crypto';
import type { CrdtUpdatePushResponse } from '../../protocol/crdt';
import { CRDT_UPDATE_MAX_BYTES } from '../../protocol/limits';
import type { SyncError } from '../http/syncError';
import type { BodyPort, OutboxPort } from '../ports';
import { type BaselineDeps, mergeBaseline } from '../pull/mergeBaseline';
import { type GuardedJob, pushGuardedSnapshots } from './guardedSnapshots';
import { NOTE_BODY_ADDRESS_TYPE } from './noteBodyAddress';
import type { SnapshotDeps } from './pushSnapshots';

export { NOTE_BODY_ADDRESS_TYPE } from './noteBodyAddress';

/** Body rows read per round: bounds memory on a first upload of a large vault. */
const ROWS_PER_ROUND = 2000;

export interface BodyPushDeps extends SnapshotDeps, BaselineDeps {
  outbox: OutboxPort;
  bodies: BodyPort;
  /** when given, only documents it answers true for are pushed (the per-note window, bodyWindows.ts) */
  due?: (docId: string) => boolean;
  /** told of each note whose updates the service stored (the snapshot schedule, snapshotSchedule.ts) */
  onUpdatePushed?: (docId: string) => void;
}

interface Group {
  docId: string;
  qids: string[];
  updates: Uint8Array[];
}

/**
 * Pushes queued Yjs updates (spec 4.2.2, 4.3.11). Per document, the queued rows are merged at
 * flush time and exactly the carried rows are deleted once the service stored them; a failure
 * leaves them queued: no path discards an update.
 * - A note created on this install that the service never held (no mark) goes up as a FIRST
 *   SNAPSHOT of its whole state, 50 to a request (pushSnapshots), instead of one update request
 *   per note: a first upload of 10,000 notes is 200 requests, under the 300-a-minute bucket.
 * - Other bodies go through `POST /sync/crdt/updates` (non-pruning: safe with unmerged remote state).
 * - An update sealed over 1 MB is sent as a snapshot instead: the note's server baseline is merged
 *   first (so the snapshot replaces nothing this device has not seen), and it covers only what
 *   this device merged.
 * - A snapshot refused for one note falls back to the updates route for that note; a body too large
 *   for both stays queued and is reported (`note_too_large`) while the others go on.
 */
export async function pushBodies(deps: BodyPushDeps): Promise<{ pushed: number; error: SyncError | null }> {
  const skip = new Set<string>();
  let pushed = 0;
  let tooLarge: SyncError | null = null;
  for (;;) {
    if (deps.stopped()) break;
    const read = groupRows(await deps.outbox.nextBodies(ROWS_PER_ROUND, skip));
    if (read.length === 0) break;
    for (const g of read) skip.add(g.docId); // one pass per document and run
    const groups = read.filter((g) => !deps.due || deps.due(g.docId));
    const firsts: { group: Group; job: GuardedJob }[] = [];
    const updates: Group[] = [];
    const infos = await deps.bodies.uploadInfo(groups.map((g) => g.docId));
    for (const group of groups) {
      const info = infos.get(group.docId);
      if (info && info.mark === null && info.localOrigin)
        // "no snapshot yet": a snapshot stored meanwhile (another device, or this one's own
        // earlier upload whose answer was lost) is merged first, never replaced unseen
        firsts.push({
          group,
          job: { docId: group.docId, state: info.state, coversThrough: 0, expectedRevision: null },
        });
      else updates.push(group);
    }
    infos.clear();
    const snap = await pushGuardedSnapshots(
      deps,
      firsts.map((f) => f.job),
    );
    const byDoc = new Map(firsts.map((f) => [f.group.docId, f.group]));
    const acked: string[] = [];
    const marks = [];
    for (const outcome of snap.outcomes) {
      const group = byDoc.get(outcome.docId)!;
      if (outcome.kind === 'accepted') {
        acked.push(...group.qids);
        marks.push({
          docId: group.docId,
          mark: { appliedSeq: outcome.sequenceNum, revision: outcome.revision },
        });
        // written here: the sweep's revision rule need not fetch it back (4.3.10)
        deps.session.set(group.docId, outcome.revision);
      } else updates.push(group);
    }
    // one transaction each for the whole round: a first upload of thousands of notes
    await deps.outbox.ackBodies(acked);
    await deps.bodies.setMarks(marks);
    pushed += acked.length;
    if (snap.error) return { pushed, error: snap.error };
    for (const group of updates) {
      if (deps.stopped()) break;
      const sent = await pushUpdate(deps, group);
      if (sent.error) return { pushed, error: sent.error };
      if (sent.tooLarge) {
        skip.add(group.docId);
        tooLarge = sent.tooLarge;
      } else if (!sent.held) pushed += group.qids.length;
    }
  }
  return { pushed, error: tooLarge };
}

function groupRows(rows: { qid: string; docId: string; update: Uint8Array }[]): Group[] {
  const byDoc = new Map<string, Group>();
  for (const r of rows) {
    const group = byDoc.get(r.docId) ?? { docId: r.docId, qids: [], updates: [] };
    group.qids.push(r.qid);
    group.updates.push(r.update);
    byDoc.set(r.docId, group);
  }
  return [...byDoc.values()];
}

/** `held`: nothing was stored and the rows stay queued for the next run (not an error). */
interface UpdateSent {
  error: SyncError | null;
  tooLarge: SyncError | null;
  held?: true;
}

/** One document's queued rows as one update; over 1 MB sealed, as a snapshot of the merged state. */
async function pushUpdate(deps: BodyPushDeps, group: Group): Promise<UpdateSent> {
  const merged = group.updates.length === 1 ? group.updates[0]! : Y.mergeUpdates(group.updates);
  const blob = encodeEnvelopeBlob(
    sealItem(deps.keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: group.docId }, merged),
  );
  if (blob.length > CRDT_UPDATE_MAX_BYTES) return pushAsSnapshot(deps, group);
  const res = await deps.call<CrdtUpdatePushResponse>('POST', '/sync/crdt/updates', {
    body: { noteId: group.docId, update: toBase64(blob) },
    vaultId: deps.keyring.vaultId,
  });
  if (!res.ok) {
    if (res.error.status === 413) return pushAsSnapshot(deps, group);
    return { error: res.error, tooLarge: null };
  }
  await deps.outbox.ackBodies(group.qids);
  deps.onUpdatePushed?.(group.docId);
  // the service now holds a body from here: this note never goes up as a first snapshot again
  const mark = await deps.bodies.markOf(group.docId);
  if (!mark) await deps.bodies.setMarks([{ docId: group.docId, mark: { appliedSeq: 0, revision: null } }]);
  return { error: null, tooLarge: null };
}

async function pushAsSnapshot(deps: BodyPushDeps, group: Group): Promise<UpdateSent> {
  const baseline = await mergeBaseline(deps, group.docId);
  if (!baseline.ok) return { error: baseline.error, tooLarge: null };
  const info = (await deps.bodies.uploadInfo([group.docId])).get(group.docId);
  const tooLarge = {
    code: 'NOTE_TOO_LARGE',
    message: `the body of ${group.docId} is too large to sync`,
    status: 413,
  };
  if (!info || baseline.value.kind === 'refused') return { error: null, tooLarge };
  const job = {
    docId: group.docId,
    state: info.state,
    coversThrough: info.mark?.appliedSeq ?? 0,
    // replaces only the revision the baseline GET just merged (or none, when there was none)
    expectedRevision: baseline.value.revision,
  };
  const snap = await pushGuardedSnapshots(deps, [job]);
  if (snap.error) return { error: snap.error, tooLarge: null };
  const outcome = snap.outcomes[0];
  // another device kept replacing it: the rows stay queued and go next run (nothing lost)
  if (outcome?.kind === 'conflict') return { error: null, tooLarge: null, held: true };
  if (outcome?.kind !== 'accepted') return { error: null, tooLarge };
  await deps.outbox.ackBodies(group.qids);
  await deps.bodies.setMarks([
    { docId: group.docId, mark: { appliedSeq: outcome.sequenceNum, revision: outcome.revision } },
  ]);
  deps.session.set(group.docId, outcome.revision);
  return { error: null, tooLarge: null };
}
