/**
 * Fixed-window rate limiter port (spec 8.1). `hit` counts one request in the window that contains
 * `nowMs` and answers whether it is within `limit`. Exact: every hit is counted atomically. A
 * failing limiter THROWS, and the caller fails closed (500).
 */
export interface RateLimiter {
  hit(input: { bucket: string; key: string; limit: number; windowSeconds: number; nowMs: number }): Promise<{
    allowed: boolean;
    retryAfterSeconds: number;
  }>;
}
