import type { DeviceSigningKey } from '../../crypto';
import { encodeEnvelopeBlob, sealItem, signSnapshot, toBase64, type VaultKeyring } from '../../crypto';
import type {
  CrdtSnapshotBatchResponse,
  CrdtSnapshotPush,
  CrdtSnapshotPushResponse,
} from '../../protocol/crdt';
import { CRDT_SNAPSHOT_BATCH_SIZE, CRDT_SNAPSHOT_MAX_BYTES } from '../../protocol/limits';
import { sha256HexSync } from '../../protocol/signing';
import type { SyncError } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import { NOTE_BODY_ADDRESS_TYPE } from './noteBodyAddress';

/** One body to store as a full snapshot: the whole local state, pruning at most `coversThrough`. */
export interface SnapshotJob {
  docId: string;
  state: Uint8Array;
  coversThrough: number;
  /**
   * Replace only this stored revision (null: only when the note has none); absent: unconditional.
   * Sent only to a service that advertised `snapshotPrecondition` (docs/protocol.md).
   */
  expectedRevision?: string | null;
}

export type SnapshotOutcome =
  | { docId: string; kind: 'accepted'; sequenceNum: number; revision: string }
  /** the service refused this note (or it is over 5 MB sealed): the caller falls back per note */
  | { docId: string; kind: 'refused'; reason: string; tooLarge: boolean }
  /** the stored snapshot is not `expectedRevision`: nothing was stored; merge it and try again */
  | { docId: string; kind: 'conflict' };

/** Session state of the snapshot routes: a 404 from the batch route latches (spec 4.3.11). */
export interface SnapshotRoutes {
  batchMissing: boolean;
  /** whether the service takes `expectedRevision` (guardedSnapshots.ts); absent until learnt */
  precondition?: boolean;
}

export interface SnapshotDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  signer: { key: DeviceSigningKey; deviceId: string };
  routes: SnapshotRoutes;
  stopped: () => boolean;
}

/**
 * Snapshot requests in flight at once. The service's side of a 50-note chunk is mostly its 50
 * object writes (6 at a time per request); two requests overlap them (see RECORD_PUSHES_IN_FLIGHT
 * for why not more), and 10,000 first snapshots (200 chunks) stay under the 300-a-minute
 * `crdt_push` bucket.
 */
export const SNAPSHOT_CHUNKS_IN_FLIGHT = 2;

/** Stays well under the 8 MiB request body with the JSON around the base64 snapshots. */
const BATCH_BODY_BUDGET = 7 * 1024 * 1024;

/**
 * Stores full snapshots (spec 4.2, 4.3.11): up to 50 a request through
 * `POST /sync/crdt/snapshot/batch` (per-note results in request order), so a first upload of a
 * large vault costs one request per 50 notes, not one per note; up to two requests in flight,
 * outcomes in the order the answers came. A 404 from the batch route latches
 * for the session and every later snapshot goes one request per note (`POST /sync/crdt/snapshot`);
 * a 413 sends that chunk one note per request without latching. A per-note refusal is an outcome,
 * not an error: the caller sends that body through the updates route instead. Any other failure
 * stops the run (the rows stay queued).
 */
export async function pushSnapshots(
  deps: SnapshotDeps,
  jobs: readonly SnapshotJob[],
): Promise<{ outcomes: SnapshotOutcome[]; error: SyncError | null }> {
  const outcomes: SnapshotOutcome[] = [];
  let chunk: CrdtSnapshotPush[] = [];
  let bytes = 0;
  let error: SyncError | null = null;
  const inFlight = new Set<Promise<void>>();
  // sends the chunk; waits only while the window is full, so the next chunk is sealed meanwhile
  const flush = async (): Promise<void> => {
    const sending = chunk;
    chunk = [];
    bytes = 0;
    if (sending.length === 0) return;
    const sent: Promise<void> = sendChunk(deps, sending)
      .then((res) => {
        outcomes.push(...res.outcomes);
        error ??= res.error;
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
    if (inFlight.size >= SNAPSHOT_CHUNKS_IN_FLIGHT) await Promise.race(inFlight);
  };
  for (const job of jobs) {
    if (deps.stopped() || error) break;
    const entry = await sealSnapshot(deps, job);
    if (!entry) {
      outcomes.push({ docId: job.docId, kind: 'refused', reason: 'snapshot over 5 MB', tooLarge: true });
      continue;
    }
    if (chunk.length >= CRDT_SNAPSHOT_BATCH_SIZE || bytes + entry.snapshot.length > BATCH_BODY_BUDGET) {
      await flush();
      if (error) break;
    }
    chunk.push(entry);
    bytes += entry.snapshot.length;
  }
  if (!deps.stopped() && !error) await flush();
  // every chunk sent is answered before returning: its stored notes are acknowledged
  while (inFlight.size > 0) await Promise.race(inFlight);
  return { outcomes, error: deps.stopped() ? null : error };
}

async function sealSnapshot(deps: SnapshotDeps, job: SnapshotJob): Promise<CrdtSnapshotPush | null> {
  const sealed = encodeEnvelopeBlob(
    sealItem(deps.keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: job.docId }, job.state),
  );
  if (sealed.length > CRDT_SNAPSHOT_MAX_BYTES) return null;
  const signature = await signSnapshot(deps.signer.key, {
    vaultId: deps.keyring.vaultId,
    noteId: job.docId,
    deviceId: deps.signer.deviceId,
    contentHash: sha256HexSync(sealed),
    sizeBytes: sealed.length,
  });
  return {
    noteId: job.docId,
    snapshot: toBase64(sealed),
    signature: toBase64(signature),
    coversThrough: job.coversThrough,
    ...(job.expectedRevision !== undefined ? { expectedRevision: job.expectedRevision } : {}),
  };
}

async function sendChunk(
  deps: SnapshotDeps,
  chunk: CrdtSnapshotPush[],
): Promise<{ outcomes: SnapshotOutcome[]; error: SyncError | null }> {
  if (!deps.routes.batchMissing) {
    const res = await deps.call<CrdtSnapshotBatchResponse>('POST', '/sync/crdt/snapshot/batch', {
      body: { snapshots: chunk },
      vaultId: deps.keyring.vaultId,
    });
    if (res.ok) return { outcomes: batchOutcomes(chunk, res.value), error: null };
    if (res.error.status === 404) deps.routes.batchMissing = true;
    else if (res.error.status !== 413) return { outcomes: [], error: res.error };
  }
  const outcomes: SnapshotOutcome[] = [];
  for (const entry of chunk) {
    if (deps.stopped()) break;
    const res = await deps.call<CrdtSnapshotPushResponse>('POST', '/sync/crdt/snapshot', {
      body: entry,
      vaultId: deps.keyring.vaultId,
    });
    if (res.ok) {
      outcomes.push({ docId: entry.noteId, kind: 'accepted', ...res.value });
    } else if (res.error.code === 'SNAPSHOT_REVISION_CONFLICT') {
      outcomes.push({ docId: entry.noteId, kind: 'conflict' });
    } else if (res.error.status === 413 || res.error.code === 'VALIDATION_ERROR') {
      const tooLarge = res.error.status === 413;
      outcomes.push({ docId: entry.noteId, kind: 'refused', reason: res.error.message, tooLarge });
    } else return { outcomes, error: res.error };
  }
  return { outcomes, error: null };
}

/** Results come in request order; one the service did not answer is refused (sent again as updates). */
function batchOutcomes(chunk: CrdtSnapshotPush[], res: CrdtSnapshotBatchResponse): SnapshotOutcome[] {
  return chunk.map((entry, i): SnapshotOutcome => {
    const r = Array.isArray(res.results) ? res.results[i] : undefined;
    if (r?.noteId === entry.noteId && r.accepted) {
      return { docId: entry.noteId, kind: 'accepted', sequenceNum: r.sequenceNum, revision: r.revision };
    }
    if (r?.noteId === entry.noteId && !r.accepted && r.code === 'SNAPSHOT_REVISION_CONFLICT') {
      return { docId: entry.noteId, kind: 'conflict' };
    }
    const reason = r && !r.accepted ? r.reason : 'no result for this note';
    return { docId: entry.noteId, kind: 'refused', reason, tooLarge: false };
  });
}
