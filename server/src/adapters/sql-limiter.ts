import type { RateHit, RateLimiter, RateVerdict } from '../ports/limiter';
import { type Sql, sql } from '../ports/sql';

/**
 * Exact fixed-window counters in the metadata store: one atomic upsert per hit counts the request
 * and returns the new count, so concurrent hits never under-count. Old windows are pruned lazily.
 * `hitAndRead` puts the upsert first in one batch with the caller's reads (one transaction, one
 * round trip). Errors propagate: the caller fails closed.
 */
export function sqlLimiter(db: Sql): RateLimiter {
  const windowOf = (input: RateHit) => {
    const windowMs = input.windowSeconds * 1000;
    return { windowMs, windowStart: Math.floor(input.nowMs / windowMs) * windowMs };
  };
  const counter = (input: RateHit) =>
    sql(
      `INSERT INTO rate_windows (bucket, key, window_start, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
      input.bucket,
      input.key,
      windowOf(input).windowStart,
    );
  // the first hit of a window drops the key's older windows
  async function settle(input: RateHit, row: { count: number } | null | undefined): Promise<RateVerdict> {
    if (!row) throw new Error('rate limiter returned no count');
    const { windowMs, windowStart } = windowOf(input);
    if (row.count === 1) {
      await db.run(
        sql(
          'DELETE FROM rate_windows WHERE bucket = ? AND key = ? AND window_start < ?',
          input.bucket,
          input.key,
          windowStart,
        ),
      );
    }
    const allowed = row.count <= input.limit;
    return {
      allowed,
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowStart + windowMs - input.nowMs) / 1000)),
    };
  }
  return {
    async hit(input) {
      return settle(input, await db.first<{ count: number }>(counter(input)));
    },
    async hitAndRead(input, reads) {
      const [count, ...rows] = await db.batch([counter(input), ...reads]);
      return { verdict: await settle(input, count?.[0] as { count: number } | undefined), rows };
    },
  };
}

/**
 * Development only (`PUT /dev/rate-windows/:bucket`): sets `key`'s count in the window of `bucket`
 * that contains `nowMs`, as if that many requests had been counted, so a test reaches a ceiling
 * in one call rather than with a burst whose length depends on the machine's speed.
 */
export async function setWindowCount(
  db: Sql,
  input: { bucket: string; key: string; windowSeconds: number; nowMs: number; count: number },
): Promise<{ windowStart: number; windowEndsAt: number }> {
  const windowMs = input.windowSeconds * 1000;
  const windowStart = Math.floor(input.nowMs / windowMs) * windowMs;
  await db.run(
    sql(
      `INSERT INTO rate_windows (bucket, key, window_start, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (bucket, key, window_start) DO UPDATE SET count = excluded.count`,
      input.bucket,
      input.key,
      windowStart,
      input.count,
    ),
  );
  return { windowStart, windowEndsAt: windowStart + windowMs };
}
