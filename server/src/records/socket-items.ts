import type { PullItem } from '../../../src/sync/protocol/pull';
import type { PushItem } from '../../../src/sync/protocol/push';

export interface CommittedItem {
  item: PushItem;
  serverCursor: number;
  createdAt: number;
}

/**
 * The `items` of a `changes_available` frame (spec 6.1): every committed item as exactly its
 * pull item, but only when their payloads total at most `maxBytes` (0 turns items off); a larger
 * push sends the hint-only frame.
 */
export function socketItems(
  maxBytes: number,
  committed: readonly CommittedItem[],
  committedAtMs: number,
  stamps: { platform: string | null; version: string | null },
): { items?: PullItem[]; committedAtMs?: number } {
  const total = committed.reduce((n, c) => n + c.item.sizeBytes, 0);
  if (maxBytes === 0 || committed.length === 0 || total > maxBytes) return {};
  return {
    committedAtMs,
    items: committed.map(({ item, serverCursor, createdAt }) => ({
      type: item.type,
      id: item.id,
      deviceId: item.deviceId,
      vectorClock: item.vectorClock,
      deletedAt: item.deletedAt,
      payload: item.payload,
      contentHash: item.contentHash,
      sizeBytes: item.sizeBytes,
      cryptoVersion: item.cryptoVersion,
      signature: item.signature,
      deleteAttestation: item.deletedAt === null ? null : (item.deleteAttestation ?? null),
      serverCursor,
      committedAtMs,
      createdAt,
      updatedAt: committedAtMs,
      platform: stamps.platform,
      version: stamps.version,
    })),
  };
}
