import { Hono } from 'hono';
import { DevEntitlementRequest } from '../../../src/sync/protocol/billing-dev';
import { CLIENT_PLATFORMS } from '../../../src/sync/protocol/client-header';
import {
  DevAgeBootstrapRequest,
  DevClientPolicyRequest,
  DevLoseBlobRequest,
  DevPresignRequest,
  DevPurgeRequest,
  DevRateWindowRequest,
  type DevRateWindowResponse,
  DevReclaimRequest,
  DevTamperChunkRequest,
} from '../../../src/sync/protocol/dev-tools';
import { setWindowCount } from '../adapters/sql-limiter';
import { chunkKey } from '../attachments/chunk-rows';
import { reclaimDeletedChunks } from '../attachments/reclaim';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import type { AppEnv } from '../http/types';
import { authenticate } from '../middleware/authenticate';
import { BUCKETS } from '../middleware/buckets';
import { bucketKey } from '../middleware/rate-limit';
import { objectUrlsFor } from '../objects/factory';
import { billingReport } from '../plans/billing-report';
import { sql } from '../ports/sql';
import { purgeExpiredTombstones } from '../records/purge-tombstones';
import { addDevPackRoutes } from './dev-packs';

/**
 * Mounted at `/dev`. Development-only stand-ins for the billing provider and the operator (ENVIRONMENT=development;
 * elsewhere every path here is NOT_FOUND). Each acts on the caller's own account, except client
 * policies, which are global by nature.
 */
export function devRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.use('*', async (c, next) => {
    if (!c.get('deps').config.development) return errorResponse(c, 'NOT_FOUND', 'no such route');
    await next();
  });
  r.use('*', authenticate);

  r.post('/entitlement', async (c) => {
    const deps = c.get('deps');
    const body = await parseBody(c, DevEntitlementRequest);
    if (!body.ok) return body.response;
    await deps.sql.run(
      sql(
        `INSERT INTO entitlements (user_id, plan, status, source, expires_at, updated_at, storage_limit_bytes, file_limit_bytes)
         VALUES (?, ?, ?, 'dev_seed', ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, status = excluded.status,
           expires_at = excluded.expires_at, updated_at = excluded.updated_at,
           storage_limit_bytes = excluded.storage_limit_bytes, file_limit_bytes = excluded.file_limit_bytes`,
        c.get('auth').userId,
        body.value.plan,
        body.value.status,
        body.value.expiresAt ?? null,
        deps.clock.nowMs(),
        body.value.storageLimitBytes ?? null,
        body.value.fileLimitBytes ?? null,
      ),
    );
    return c.json(await billingReport(deps, c.get('auth').userId));
  });

  r.put('/client-policies/:platform', async (c) => {
    const platform = c.req.param('platform');
    if (!(CLIENT_PLATFORMS as readonly string[]).includes(platform)) {
      return errorResponse(c, 'VALIDATION_ERROR', 'unknown platform');
    }
    const body = await parseBody(c, DevClientPolicyRequest);
    if (!body.ok) return body.response;
    await c.get('deps').sql.run(
      sql(
        `INSERT INTO client_policies (platform, min_write_version, writes_enabled) VALUES (?, ?, ?)
         ON CONFLICT (platform) DO UPDATE SET min_write_version = excluded.min_write_version,
           writes_enabled = excluded.writes_enabled`,
        platform,
        body.value.minWriteVersion,
        body.value.writesEnabled ? 1 : 0,
      ),
    );
    return c.json({ platform, ...body.value });
  });
  // The caller's own objects in the blob store (checks that replaced objects are deleted).
  r.get('/blobs', async (c) => {
    const prefix = `${c.get('auth').userId}/`;
    return c.json({ keys: await c.get('deps').blobs.list(prefix, 10_000) });
  });
  // Simulates a lost object of the caller's own account (blobMissing, null snapshot paths).
  r.post('/lose-blob', async (c) => {
    const body = await parseBody(c, DevLoseBlobRequest);
    if (!body.ok) return body.response;
    if (!body.value.key.startsWith(`${c.get('auth').userId}/`))
      return errorResponse(c, 'NOT_FOUND', 'no such object');
    await c.get('deps').blobs.delete([body.value.key]);
    return c.json({ ok: true });
  });

  // Writes one of the caller's own objects whole (object-route tests; rewrites a chunk in place).
  r.put('/objects/*', async (c) => {
    const key = decodeURIComponent(new URL(c.req.url).pathname.slice('/dev/objects/'.length));
    if (!key.startsWith(`${c.get('auth').userId}/`)) return errorResponse(c, 'NOT_FOUND', 'no such object');
    await c.get('deps').objects.put(key, new Uint8Array(await c.req.arrayBuffer()));
    return c.json({ ok: true });
  });
  // A signed URL of one of the caller's own objects, as if the clock read `asOfMs`.
  r.post('/objects/presign', async (c) => {
    const body = await parseBody(c, DevPresignRequest);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    if (!body.value.key.startsWith(`${c.get('auth').userId}/`))
      return errorResponse(c, 'NOT_FOUND', 'no such object');
    const asOf = body.value.asOfMs;
    const urls = objectUrlsFor(
      deps.config,
      new URL(c.req.url).origin,
      asOf === undefined ? deps.clock : { nowMs: () => asOf },
    );
    if (!urls) return errorResponse(c, 'STORAGE_PRESIGN_UNAVAILABLE', 'this deployment cannot presign');
    return c.json(await urls.presignGet(body.value.key));
  });

  // Alters one stored chunk of the caller's vault in place (a client's tamper refusal, issue 15).
  r.post('/tamper-chunk', async (c) => {
    const body = await parseBody(c, DevTamperChunkRequest);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    const key = chunkKey(c.get('auth').userId, body.value.vaultId, body.value.hash);
    const stored = await deps.objects.read(key);
    if (!stored) return errorResponse(c, 'NOT_FOUND', 'no such chunk');
    const bytes = new Uint8Array(await new Response(stored.body).arrayBuffer());
    if (bytes.length > 0) bytes[0] = (bytes[0] as number) ^ 0xff;
    await deps.objects.put(key, bytes);
    return c.json({ ok: true });
  });
  // Runs the chunk reclaim for the caller's account as if the clock read `asOfMs`.
  r.post('/reclaim-chunks', async (c) => {
    const body = await parseBody(c, DevReclaimRequest);
    if (!body.ok) return body.response;
    return c.json(
      await reclaimDeletedChunks(c.get('deps'), { nowMs: body.value.asOfMs, userId: c.get('auth').userId }),
    );
  });

  // Ages the caller's bootstrap sessions (the 6-hour renewal ceiling, spec 3.4).
  r.post('/age-bootstrap-sessions', async (c) => {
    const body = await parseBody(c, DevAgeBootstrapRequest);
    if (!body.ok) return body.response;
    const ms = body.value.seconds * 1000;
    const res = await c
      .get('deps')
      .sql.run(
        sql(
          'UPDATE bootstrap_sessions SET created_at = created_at - ?, expires_at = expires_at - ? WHERE user_id = ?',
          ms,
          ms,
          c.get('auth').userId,
        ),
      );
    return c.json({ aged: res.changes });
  });

  // Sets the caller's count in a rate bucket's current window (a ceiling reached in one call).
  r.put('/rate-windows/:bucket', async (c) => {
    const name = c.req.param('bucket');
    if (!Object.hasOwn(BUCKETS, name)) return errorResponse(c, 'VALIDATION_ERROR', 'unknown bucket');
    const rule = BUCKETS[name as keyof typeof BUCKETS];
    const body = await parseBody(c, DevRateWindowRequest);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    const window = await setWindowCount(deps.sql, {
      bucket: rule.bucket,
      key: bucketKey(c, rule),
      windowSeconds: rule.windowSeconds,
      nowMs: deps.clock.nowMs(),
      count: body.value.count,
    });
    return c.json({
      bucket: rule.bucket,
      count: body.value.count,
      ...window,
    } satisfies DevRateWindowResponse);
  });

  // Runs the version-history purge for the caller's account as if the clock read `asOfMs`.
  r.post('/purge-tombstones', async (c) => {
    const body = await parseBody(c, DevPurgeRequest);
    if (!body.ok) return body.response;
    return c.json(
      await purgeExpiredTombstones(c.get('deps'), { nowMs: body.value.asOfMs, userId: c.get('auth').userId }),
    );
  });
  addDevPackRoutes(r);
  return r;
}
