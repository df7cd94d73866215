import type { Statement } from './sql';

export interface RateHit {
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
  nowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window rate limiter port (spec 8.1). `hit` counts one request in the window that contains
 * `nowMs` and answers whether it is within `limit`. Exact: every hit is counted atomically. A
 * failing limiter THROWS, and the caller fails closed (500).
 */
export interface RateLimiter {
  hit(input: RateHit): Promise<RateVerdict>;
  /**
   * Counts exactly like `hit` and runs the read-only `reads` in the same round trip (a limiter
   * kept in the metadata store: one D1 batch). Answers every read's rows whatever the verdict: a
   * refused caller drops them unseen. Optional: without it, callers hit, then read.
   */
  hitAndRead?(
    input: RateHit,
    reads: readonly Statement[],
  ): Promise<{ verdict: RateVerdict; rows: unknown[][] }>;
}
