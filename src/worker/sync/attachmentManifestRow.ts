import * as v from 'valibot';
import { AttachmentManifestPayload } from '../../sync/protocol/attachments';
import type { AttachmentManifestRow } from './attachmentTables';

/**
 * A pulled (or about to be pushed) `attachment_manifest` payload as a local row: the payload
 * schema of the contract, its `fileId` equal to the record id, and its chunk list consistent
 * with its size (a manifest that names fewer or more chunks than its size needs is refused here,
 * before any download trusts it). Null: unreadable for this build (ledgered, spec 3.8).
 */
export function readManifest(key: string, payload: Record<string, unknown>): AttachmentManifestRow | null {
  const parsed = v.safeParse(AttachmentManifestPayload, payload);
  if (!parsed.success) return null;
  const m = parsed.output;
  if (m.fileId !== key) return null;
  if (m.chunks.length !== chunkCount(m.size, m.chunkPlaintextBytes)) return null;
  return m;
}

/** Chunks of a file of `size` bytes: an empty file is one empty final chunk. */
export function chunkCount(size: number, chunkBytes: number): number {
  return Math.max(1, Math.ceil(size / chunkBytes));
}
