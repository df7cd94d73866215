import * as Y from 'yjs';
import { encodeEnvelopeBlob, sealItem, toBase64, type VaultKeyring } from '../../crypto';
import type { CrdtUpdatePushResponse } from '../../protocol/crdt';
import { CRDT_UPDATE_MAX_BYTES } from '../../protocol/limits';
import type { SyncError } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import type { OutboxPort } from '../ports';

export const NOTE_BODY_ADDRESS_TYPE = 'note_body';

/**
 * Pushes queued Yjs updates (spec 4.2.2): per document, the queued rows are merged into one
 * update at flush time, sealed like an item (address type `note_body`, so a body cannot be moved
 * to another note), sent with `POST /sync/crdt/updates`, and exactly the carried rows are deleted.
 * A failure leaves the rows queued: no path discards an update. An update too large for one row
 * stays queued and is reported (`note_too_large`); the snapshot fallback of 4.3.11 is not built.
 */
export async function pushBodies(deps: {
  call: SyncCall;
  outbox: OutboxPort;
  keyring: VaultKeyring;
  stopped: () => boolean;
}): Promise<{ pushed: number; error: SyncError | null }> {
  const rows = await deps.outbox.nextBodies(500);
  const byDoc = new Map<string, { qids: string[]; updates: Uint8Array[] }>();
  for (const r of rows) {
    const group = byDoc.get(r.docId) ?? { qids: [], updates: [] };
    group.qids.push(r.qid);
    group.updates.push(r.update);
    byDoc.set(r.docId, group);
  }
  let pushed = 0;
  for (const [docId, group] of byDoc) {
    if (deps.stopped()) break;
    const merged = group.updates.length === 1 ? group.updates[0]! : Y.mergeUpdates(group.updates);
    const blob = encodeEnvelopeBlob(
      sealItem(deps.keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: docId }, merged),
    );
    if (blob.length > CRDT_UPDATE_MAX_BYTES) {
      return {
        pushed,
        error: { code: 'NOTE_TOO_LARGE', message: `the body update of ${docId} is over 1 MB`, status: 0 },
      };
    }
    const res = await deps.call<CrdtUpdatePushResponse>('POST', '/sync/crdt/updates', {
      body: { noteId: docId, update: toBase64(blob) },
      vaultId: deps.keyring.vaultId,
    });
    if (!res.ok) return { pushed, error: res.error };
    await deps.outbox.ackBodies(group.qids);
    pushed += group.qids.length;
  }
  return { pushed, error: null };
}
