import { fromBase64 } from '../../../src/sync/crypto/bytes';
import { verifySnapshotSignature } from '../../../src/sync/crypto/recordSignatures';
import type { CrdtSnapshotBatchResult, SnapshotRefusalCode } from '../../../src/sync/protocol/crdt';
import { sha256Hex } from '../../../src/sync/protocol/signing';
import type { Deps } from '../deps';
import { devicePublicKey } from '../devices/directory';
import { fail, ok, type Result } from '../domain/result';
import type { Timing } from '../http/timing';
import { isQuotaGuardFailure, quotaGuardStatement } from '../plans/quota-guard';
import { readUsage } from '../plans/usage';
import {
  metaOf,
  type PreparedSnapshot,
  randomRevision,
  readNoteStates,
  snapshotBlobKey,
  snapshotStatements,
} from './snapshots';
import type { NoteScope } from './updates';

export type SnapshotInput =
  | {
      noteId: string;
      snapshot: string;
      signature: string;
      coversThrough?: number | undefined;
      /** replace only this stored revision (null: only when none); undefined: unconditionally */
      expectedRevision?: string | null | undefined;
    }
  | { noteId: string; invalid: string };

/**
 * Stores snapshots (one, or a batch of up to 50) with per-note results in request order. One
 * failing note does not fail the others; a batch-wide quota shortfall refuses the whole request
 * (STORAGE_QUOTA_EXCEEDED) before anything is written. Blobs go to new objects keyed by their
 * random revision; rows, cursors and pruning commit in one batch; replaced blobs are deleted after.
 * Every snapshot's signature is checked against the pushing device's registered key (spec 5.3)
 * before anything is stored: a bad one refuses that note with SYNC_INVALID_SIGNATURE.
 * With `expectedRevision`, a note whose stored revision differs is refused with
 * SNAPSHOT_REVISION_CONFLICT, checked once on the rows read and again inside the write batch (two
 * devices compacting one note at once: the second batch finds the first one's row and writes and
 * prunes nothing), so a replacement never drops updates it was not built from.
 */
export async function pushSnapshots(
  deps: Deps,
  scope: NoteScope,
  storageLimit: number,
  inputs: readonly SnapshotInput[],
  timing: Timing,
): Promise<Result<{ results: CrdtSnapshotBatchResult[]; cursors: Map<string, number> }>> {
  const valid = inputs.flatMap((s) => ('invalid' in s ? [] : [s]));
  const [states, device] = await timing.measure('d1', () =>
    Promise.all([
      readNoteStates(
        deps,
        scope,
        valid.map((s) => s.noteId),
      ),
      devicePublicKey(deps, scope.userId, scope.deviceId),
    ]),
  );
  const publicKey = device ? fromBase64(device.publicKey) : null;
  const signed = await timing.measure('sig', () =>
    Promise.all(
      valid.map(async (s) => {
        const bytes = fromBase64(s.snapshot) as Uint8Array;
        const signature = fromBase64(s.signature);
        if (!publicKey || !signature) return false;
        const fields = {
          vaultId: scope.vaultId,
          noteId: s.noteId,
          deviceId: scope.deviceId,
          contentHash: await sha256Hex(bytes),
          sizeBytes: bytes.length,
        };
        return verifySnapshotSignature(publicKey, fields, signature);
      }),
    ),
  );
  const badSignature = new Set(valid.filter((_, i) => !signed[i]));
  const lastIndex = new Map(inputs.map((s, i) => [s.noteId, i]));
  const results: (CrdtSnapshotBatchResult | null)[] = [];
  const writes: {
    index: number;
    p: PreparedSnapshot;
    seq: number;
    revision: string;
    key: string;
    oldKey: string | null;
    guard: string | null | undefined;
  }[] = [];
  let growth = 0;
  for (const [index, s] of inputs.entries()) {
    const refuse = (reason: string, code: SnapshotRefusalCode = 'VALIDATION_ERROR') =>
      results.push({ noteId: s.noteId, accepted: false, reason, code });
    if ('invalid' in s) {
      refuse(s.invalid);
      continue;
    }
    if (lastIndex.get(s.noteId) !== index) {
      refuse('duplicate note in batch; the later one was kept');
      continue;
    }
    if (badSignature.has(s)) {
      refuse("the signature does not verify against this device's registered key", 'SYNC_INVALID_SIGNATURE');
      continue;
    }
    const state = states.get(s.noteId) ?? { snapshot: null, watermark: 0 };
    if (s.expectedRevision !== undefined) {
      const current = state.snapshot ? (await metaOf(state.snapshot)).revision : null;
      if (current !== s.expectedRevision) {
        results.push(conflict(s.noteId, current));
        continue;
      }
    }
    if (s.coversThrough !== undefined && s.coversThrough > state.watermark) {
      refuse(`coversThrough is beyond the note's sequence ${state.watermark}`);
      continue;
    }
    const bytes = fromBase64(s.snapshot) as Uint8Array;
    const p: PreparedSnapshot = {
      noteId: s.noteId,
      bytes,
      signature: s.signature,
      coversThrough: s.coversThrough,
    };
    const revision = randomRevision();
    growth += Math.max(0, bytes.length - (state.snapshot?.size_bytes ?? 0));
    const key = snapshotBlobKey(scope.userId, scope.vaultId, s.noteId, revision);
    writes.push({
      index,
      p,
      seq: s.coversThrough ?? state.watermark,
      revision,
      key,
      oldKey: state.snapshot?.blob_key ?? null,
      guard: s.expectedRevision === undefined ? undefined : (state.snapshot?.blob_key ?? null),
    });
    results.push(null);
  }
  if (growth > 0 && (await readUsage(deps, scope.userId)) + growth > storageLimit) {
    return fail('STORAGE_QUOTA_EXCEEDED', 'the snapshots would grow storage past the plan quota');
  }
  const cursors = new Map<string, number>();
  if (writes.length > 0) {
    const objects = writes.map((w) => ({ key: w.key, bytes: w.p.bytes }));
    // small objects ride in the commit batch (committed with their rows); the rest go first
    const staged = deps.blobs.stage?.(objects) ?? { statements: [], rest: objects };
    await timing.measure('blobs', () => deps.blobs.putMany(staged.rest));
    const now = deps.clock.nowMs();
    const statements = writes.flatMap((w) =>
      snapshotStatements(scope, w.p, w.seq, w.revision, w.key, now, w.guard),
    );
    if (growth > 0) statements.push(quotaGuardStatement(scope.userId, storageLimit));
    // after the snapshot statements: `out[3 * k + 1]` stays write k's RETURNING row
    statements.push(...staged.statements);
    let out: unknown[][];
    try {
      out = await timing.measure('d1', () => deps.sql.batch(statements));
    } catch (err) {
      if (!isQuotaGuardFailure(err)) throw err;
      // A concurrent write took the room after the check above: nothing committed; the new
      // objects (random revision keys, referenced by nothing) go.
      await deps.blobs.delete(writes.map((w) => w.key)).catch(() => undefined);
      return fail('STORAGE_QUOTA_EXCEEDED', 'the snapshots would grow storage past the plan quota');
    }
    const lost: typeof writes = [];
    writes.forEach((w, k) => {
      const cursor = (out[3 * k + 1]?.[0] as { server_cursor: number } | undefined)?.server_cursor;
      if (cursor === undefined) {
        // only a guarded write returns no row: another write replaced the snapshot in between
        lost.push(w);
        return;
      }
      cursors.set(w.p.noteId, cursor);
      results[w.index] = { noteId: w.p.noteId, accepted: true, sequenceNum: w.seq, revision: w.revision };
    });
    if (lost.length > 0) {
      const current = await readNoteStates(
        deps,
        scope,
        lost.map((w) => w.p.noteId),
      );
      for (const w of lost) {
        const row = current.get(w.p.noteId)?.snapshot;
        results[w.index] = conflict(w.p.noteId, row ? (await metaOf(row)).revision : null);
      }
    }
    const won = writes.filter((w) => !lost.includes(w));
    const stale = [
      ...won.flatMap((w) => (w.oldKey && w.oldKey !== w.key ? [w.oldKey] : [])),
      // the lost writes' new objects are referenced by nothing
      ...lost.map((w) => w.key),
    ];
    if (stale.length > 0) {
      await deps.blobs.delete(stale).catch((err: unknown) =>
        deps.log('blob_delete_failed', {
          count: stale.length,
          error: err instanceof Error ? err.name : 'unknown',
        }),
      );
    }
  }
  return ok({ results: results as CrdtSnapshotBatchResult[], cursors });
}

function conflict(noteId: string, currentRevision: string | null): CrdtSnapshotBatchResult {
  return {
    noteId,
    accepted: false,
    reason: 'the stored snapshot is not the expected revision: merge it and retry',
    code: 'SNAPSHOT_REVISION_CONFLICT',
    currentRevision,
  };
}
