/**
 * The current blob key generation (spec 2.2): immutable, one object per content hash. Reads never
 * re-derive keys: they use the `blob_key` stored on the row, so older layouts keep working.
 */
export function currentBlobKey(
  userId: string,
  vaultId: string,
  type: string,
  id: string,
  contentHash: string,
): string {
  return `${userId}/vaults/${vaultId}/items-v3/${encodeURIComponent(type)}/${encodeURIComponent(id)}/${contentHash}`;
}
