import type { PullItem, PurgedTombstone } from '../../../src/sync/protocol/pull';

/** A `sync_items` row as stored (one per (user, vault, type, id)). */
export interface ItemRow {
  type: string;
  id: string;
  device_id: string;
  vector_clock: string;
  blob_key: string | null;
  size_bytes: number;
  content_hash: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  signature: string;
  crypto_version: number;
  delete_attestation: string | null;
  server_cursor: number | null;
  committed_at_ms: number | null;
  platform: string | null;
  version: string | null;
  purged_at: number | null;
}

export const ITEM_COLUMNS =
  'type, id, device_id, vector_clock, blob_key, size_bytes, content_hash, created_at, updated_at, deleted_at, signature, crypto_version, delete_attestation, server_cursor, committed_at_ms, platform, version, purged_at';

export function parseClock(text: string): Record<string, number> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' ? (value as Record<string, number>) : {};
}

export function toPullItem(row: ItemRow, payload: Uint8Array): PullItem {
  return {
    type: row.type,
    id: row.id,
    deviceId: row.device_id,
    vectorClock: parseClock(row.vector_clock),
    deletedAt: row.deleted_at,
    payload: new TextDecoder().decode(payload),
    contentHash: row.content_hash,
    sizeBytes: row.size_bytes,
    cryptoVersion: row.crypto_version,
    signature: row.signature,
    deleteAttestation: row.delete_attestation,
    serverCursor: row.server_cursor,
    committedAtMs: row.committed_at_ms,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    platform: row.platform,
    version: row.version,
  };
}

export function toPurgedTombstone(row: ItemRow): PurgedTombstone {
  return {
    type: row.type,
    id: row.id,
    clock: parseClock(row.vector_clock),
    deletedAt: row.deleted_at ?? 0,
    signerDeviceId: row.device_id,
    deleteAttestation: row.delete_attestation,
  };
}
