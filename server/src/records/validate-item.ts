import * as v from 'valibot';
import { fromBase64, utf8 } from '../../../src/sync/crypto/bytes';
import { parseItemEnvelope } from '../../../src/sync/crypto/envelopeFormat';
import { describeIssues } from '../../../src/sync/protocol/common';
import { isSyncItemType } from '../../../src/sync/protocol/item-types';
import { METADATA_ROW_MAX_BYTES } from '../../../src/sync/protocol/limits';
import { NamedItem, PushItem, type PushRejected } from '../../../src/sync/protocol/push';
import { sha256Hex } from '../../../src/sync/protocol/signing';

export interface ValidItem {
  item: PushItem;
  bytes: Uint8Array;
  signature: Uint8Array;
  attestation: Uint8Array | null;
}

export type ItemCheck =
  | { kind: 'dropped' }
  | { kind: 'rejected'; rejection: PushRejected }
  | { kind: 'valid'; valid: ValidItem };

const reject = (
  type: string,
  id: string,
  reason: string,
  code: PushRejected['code'] = 'SYNC_INVALID_ITEM',
): ItemCheck => ({
  kind: 'rejected',
  rejection: { type, id, code, reason },
});

/**
 * Validates one pushed item on its own (spec 4 push, 7): shape, known record type, payload
 * envelope of exactly four fields, declared size and hash matching the bytes, file limit, and
 * the metadata row under the store's 1 MB limit. Signatures are checked by the caller.
 */
export async function validateItem(raw: unknown, fileLimitBytes: number): Promise<ItemCheck> {
  const named = v.safeParse(NamedItem, raw);
  if (!named.success) return { kind: 'dropped' };
  const { type, id } = named.output;
  const parsed = v.safeParse(PushItem, raw);
  if (!parsed.success) return reject(type, id, `item schema: ${describeIssues(parsed.issues)}`);
  const item = parsed.output;
  if (!isSyncItemType(type)) return reject(type, id, `unknown item type: ${type.slice(0, 64)}`);
  const bytes = utf8(item.payload);
  if (bytes.length !== item.sizeBytes) return reject(type, id, 'sizeBytes does not match the payload');
  if (bytes.length > fileLimitBytes) {
    return reject(
      type,
      id,
      `payload over the plan's file limit of ${fileLimitBytes} bytes`,
      'STORAGE_FILE_TOO_LARGE',
    );
  }
  if ((await sha256Hex(bytes)) !== item.contentHash)
    return reject(type, id, 'contentHash does not match the payload');
  let envelope: unknown;
  try {
    envelope = JSON.parse(item.payload);
  } catch {
    return reject(type, id, 'payload is not JSON');
  }
  const env = parseItemEnvelope(envelope);
  if (!env.ok) return reject(type, id, `payload envelope: ${env.error.message}`);
  const metadataBytes = utf8(JSON.stringify({ ...item, payload: undefined })).length;
  if (metadataBytes > METADATA_ROW_MAX_BYTES) return reject(type, id, 'metadata row over 1 MB');
  const signature = fromBase64(item.signature);
  if (signature?.length !== 64)
    return reject(type, id, 'signature must be 64 bytes', 'SYNC_INVALID_SIGNATURE');
  let attestation: Uint8Array | null = null;
  if (item.deletedAt !== null) {
    attestation = item.deleteAttestation ? fromBase64(item.deleteAttestation) : null;
    if (attestation?.length !== 64) {
      return reject(type, id, 'a delete needs a 64-byte delete attestation', 'SYNC_INVALID_SIGNATURE');
    }
  } else if (item.deleteAttestation) {
    return reject(type, id, 'a live item carries no delete attestation');
  }
  return { kind: 'valid', valid: { item, bytes, signature, attestation } };
}
