import type { PresignBatchResponse, PresignedChunk } from '../../../src/sync/protocol/attachments';
import type { ObjectUrls } from '../objects/ports';
import type { ChunkRow } from './chunk-rows';

/**
 * Signed GETs for the requested hashes the vault holds (`rows`, read under the caller's account
 * and vault), in request order; every other hash (never uploaded, another account's or vault's,
 * reclaimed) is `missing`. Duplicates in the request are answered once.
 */
export async function presignChunks(
  urls: ObjectUrls,
  hashes: readonly string[],
  rows: readonly ChunkRow[],
): Promise<PresignBatchResponse> {
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  const wanted = [...new Set(hashes)];
  const missing = wanted.filter((h) => !byHash.has(h));
  const signed: PresignedChunk[] = await Promise.all(
    wanted
      .map((h) => byHash.get(h))
      .filter((r): r is ChunkRow => r !== undefined)
      .map(async (r) => ({ hash: r.hash, size: r.size_bytes, ...(await urls.presignGet(r.r2_key)) })),
  );
  return { urls: signed, missing };
}
