/**
 * The one signed object route (ARCHITECTURE.md): file chunks and packs are immutable objects a
 * client fetches with an expiring GET URL. Where R2's S3 credentials are configured the URL is an
 * R2 presigned URL (SigV4); elsewhere it is the worker's own `/objects/*` route under an HMAC.
 * The client cannot tell them apart: both are absolute, honour `Range: bytes=N-` and spend no rate
 * bucket of the service. A URL is a bearer credential: it is never logged (spec 5.8).
 */
export interface PresignedUrl {
  url: string;
  /** epoch ms after which the URL is refused */
  expiresAt: number;
}

export interface ObjectUrls {
  /** which implementation signs (docs/protocol.md, "Signed object URLs") */
  readonly kind: 'r2' | 'worker';
  presignGet(key: string): Promise<PresignedUrl>;
}

/** One stored object read whole or from an offset (`Range: bytes=N-` and `bytes=N-M`). */
export interface ObjectBody {
  body: ReadableStream<Uint8Array>;
  /** the object's full size */
  size: number;
}

/**
 * Immutable objects that go to R2 whole, never inline in D1 (they are fetched by URL): chunks and
 * packs. `put` replaces (only development tooling rewrites an object in place).
 */
export interface ObjectStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** the object's size, or null when absent */
  size(key: string): Promise<number | null>;
  /** bytes [offset, offset + length) (to the end when length is absent); null when absent */
  read(key: string, range?: { offset: number; length?: number }): Promise<ObjectBody | null>;
  delete(keys: readonly string[]): Promise<void>;
}
