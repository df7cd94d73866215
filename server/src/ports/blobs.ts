/**
 * Object store port for encrypted payload blobs (R2). Objects are written once under immutable
 * keys; `get` returns null for a missing object (never throws for absence); `delete` is
 * best-effort and idempotent.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(keys: readonly string[]): Promise<void>;
  /** keys under `prefix`, at most `limit` (development tooling and audits; not on hot paths) */
  list(prefix: string, limit: number): Promise<string[]>;
}
