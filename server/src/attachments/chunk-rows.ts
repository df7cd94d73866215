import { type Statement, sql } from '../ports/sql';

/** Where a vault's chunk lives in R2 (spec 2.2's current layout, beside `items-v3`). */
export const chunkKey = (userId: string, vaultId: string, hash: string) =>
  `${userId}/vaults/${vaultId}/chunks/${hash}`;

export interface ChunkRow {
  hash: string;
  size_bytes: number;
  r2_key: string;
}

/** The vault's rows among `hashes` (at most PRESIGN_BATCH_MAX_HASHES: 2 + 90 bound parameters). */
export function ownedChunksStatement(userId: string, vaultId: string, hashes: readonly string[]): Statement {
  return sql(
    `SELECT hash, size_bytes, r2_key FROM attachment_chunks
     WHERE user_id = ? AND vault_id = ? AND hash IN (${hashes.map(() => '?').join(', ')})`,
    userId,
    vaultId,
    ...hashes,
  );
}
