import type { Statement } from './sql';

/**
 * Object store port for encrypted payload blobs (R2, small ones inline in D1). Objects are written
 * once under immutable keys; `get` returns null for a missing object (never throws for absence);
 * `delete` is best-effort and idempotent. `putMany`/`getMany` are the batch forms the request
 * paths use, so a store can answer many small objects in one round trip.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  putMany(entries: readonly BlobEntry[]): Promise<void>;
  /** in the order of `keys`; null for a missing object */
  getMany(keys: readonly string[]): Promise<(Uint8Array | null)[]>;
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Optional: the writes of those entries this store can make as SQL statements (small objects
   * kept in the metadata store), for the caller to run inside its own commit batch, and the
   * entries it cannot (to `putMany` first). Saves a round trip and commits objects with rows.
   */
  stage?(entries: readonly BlobEntry[]): { statements: Statement[]; rest: BlobEntry[] };
  /** keys under `prefix`, at most `limit` (development tooling and audits; not on hot paths) */
  list(prefix: string, limit: number): Promise<string[]>;
}

export interface BlobEntry {
  key: string;
  bytes: Uint8Array;
  /**
   * Optional: a well-formed string whose UTF-8 encoding is exactly `bytes` (a record payload is
   * JSON text). A store may send it instead of the bytes: D1's binding carries a byte parameter
   * as a JSON array of numbers, about four times the size of the text.
   */
  text?: string;
}
