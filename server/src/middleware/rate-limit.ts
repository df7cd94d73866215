import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { elevation } from '../bootstrap/sessions';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import type { RateVerdict } from '../ports/limiter';
import type { Statement } from '../ports/sql';

export interface BucketRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** which identity keys the bucket (spec 8.1); falls back device -> user -> IP */
  key: 'device' | 'account' | 'ip';
  /** the ceiling's factor under a valid `X-Svc-Bootstrap-Token` (spec 8.1); absent: never elevated */
  bootstrapMultiplier?: number;
}

/** The identity a bucket counts under: device, else user, else the caller's IP (spec 8.1). */
export function bucketKey(c: Context<AppEnv>, rule: BucketRule): string {
  const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
  const ip = c.req.header('cf-connecting-ip') ?? 'local';
  if (rule.key === 'device' && auth?.deviceId) return `d:${auth.deviceId}`;
  if (rule.key !== 'ip' && auth?.userId) return `u:${auth.userId}`;
  return `ip:${ip}`;
}

/**
 * Exact fixed-window limiting (spec 8.1). Over the ceiling: 429 RATE_LIMITED with `Retry-After`
 * = the exact whole seconds left in the window. A failing limiter fails CLOSED with 500.
 */
export const rateLimit = (rule: BucketRule) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const counted = await limitedRead(c, rule, []);
    if (!counted.ok) return counted.response;
    await next();
  });

/**
 * The `rateLimit` of a read route that counts the request and runs its `reads` in one round trip
 * (`RateLimiter.hitAndRead`; without it: the hit, then the reads once allowed). The request is
 * counted exactly as by the middleware; a refused one gets the same 429 or 500 and its rows are
 * dropped unread. `rows` are the reads' rows in order.
 */
export async function limitedRead(
  c: Context<AppEnv>,
  rule: BucketRule,
  reads: readonly Statement[],
): Promise<{ ok: true; rows: unknown[][] } | { ok: false; response: Response }> {
  const deps = c.get('deps');
  const timing = c.get('timing');
  const limit = (await timing.measure('elev', () => elevated(c, rule)))
    ? rule.limit * (rule.bootstrapMultiplier ?? 1)
    : rule.limit;
  const hit = {
    bucket: rule.bucket,
    key: bucketKey(c, rule),
    limit,
    windowSeconds: rule.windowSeconds,
    nowMs: deps.clock.nowMs(),
  };
  const limiter = deps.limiter;
  let counted: { verdict: RateVerdict; rows: unknown[][] | null };
  try {
    counted = await timing.measure('rate', async () =>
      limiter.hitAndRead && reads.length > 0
        ? limiter.hitAndRead(hit, reads)
        : { verdict: await limiter.hit(hit), rows: null },
    );
  } catch (err) {
    // with hitAndRead the counter and the reads are one transaction: either failing fails closed
    deps.log('rate_limiter_failed', {
      bucket: rule.bucket,
      error: err instanceof Error ? err.message : 'unknown',
    });
    return { ok: false, response: errorResponse(c, 'INTERNAL_ERROR', 'rate limiter unavailable') };
  }
  const { verdict } = counted;
  if (!verdict.allowed) {
    const retry = String(verdict.retryAfterSeconds);
    const response = errorResponse(
      c,
      'RATE_LIMITED',
      `too many requests in bucket ${rule.bucket}`,
      { bucket: rule.bucket, retryAfterSeconds: verdict.retryAfterSeconds },
      { 'Retry-After': retry },
    );
    return { ok: false, response };
  }
  const rows =
    counted.rows ?? (reads.length > 0 ? await timing.measure('d1', () => deps.sql.batch(reads)) : []);
  return { ok: true, rows };
}

/** A pull bucket under this user's, device's and vault's own unexpired bootstrap token. */
function elevated(c: Context<AppEnv>, rule: BucketRule): Promise<boolean> {
  if (!rule.bootstrapMultiplier) return Promise.resolve(false);
  const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
  const vaultId = c.get('vaultId') as string | undefined;
  const who = auth && vaultId ? { userId: auth.userId, deviceId: auth.deviceId, vaultId } : null;
  const deps = c.get('deps');
  return elevation(
    deps.config.bootstrapSecret,
    c.req.header('x-svc-bootstrap-token'),
    who,
    deps.clock.nowMs(),
  );
}
