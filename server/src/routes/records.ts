import { Hono } from 'hono';
import * as v from 'valibot';
import { describeIssues } from '../../../src/sync/protocol/common';
import { MAX_MANIFEST_PAGE_LIMIT } from '../../../src/sync/protocol/limits';
import { PullRequest } from '../../../src/sync/protocol/pull';
import { PushEnvelope } from '../../../src/sync/protocol/push';
import { recordCursorSeen } from '../bootstrap/sessions';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import type { AppEnv } from '../http/types';
import { BUCKETS } from '../middleware/buckets';
import { limitedRead, rateLimit } from '../middleware/rate-limit';
import { writeRefusal } from '../middleware/write-gate';
import { requestPacks } from '../packs/request-packs';
import { type PolicyRow, policyStatement } from '../policy/write-policy';
import { changesPage } from '../records/changes';
import { manifest } from '../records/manifest';
import { pullItems } from '../records/pull';
import { pushItems, pushReadStatements } from '../records/push';

const nonNegativeInt = (s: string | undefined): number | null =>
  s !== undefined && /^\d{1,15}$/.test(s) ? Number(s) : null;

/** The record feed: push, pull, changes, manifest (vault scope is set by the parent router). */
export function recordRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  // The rate counter, the write gate's policy row and the push's reads go in ONE D1 batch; the
  // answers keep the middleware order (429, then 426/403, then a bad body's 400), every request
  // is counted, and a refused one's rows are dropped unread and its items never validated.
  r.post('/push', async (c) => {
    const body = await parseBody(c, PushEnvelope);
    const { userId, deviceId } = c.get('auth');
    const client = c.get('client');
    const ctx = {
      userId,
      deviceId,
      vaultId: c.get('vaultId'),
      client,
      entitlement: c.get('entitlement'),
      timing: c.get('timing'),
    };
    const gate = client ? [policyStatement(client.platform)] : [];
    const reads = body.ok ? pushReadStatements(ctx, body.value.items) : [];
    const counted = await limitedRead(c, BUCKETS.sync_push, [...gate, ...reads]);
    if (!counted.ok) return counted.response;
    if (client) {
      const refused = writeRefusal(c, client, (counted.rows[0]?.[0] as PolicyRow | undefined) ?? null);
      if (refused) return refused;
    }
    if (!body.ok) return body.response;
    const result = await pushItems(c.get('deps'), ctx, body.value.items, counted.rows.slice(gate.length));
    if (result.accepted.length > 0) requestPacks(c);
    return c.json(result);
  });

  r.post('/pull', rateLimit(BUCKETS.sync_pull), async (c) => {
    const body = await parseBody(c, PullRequest);
    if (!body.ok) return body.response;
    const ctx = {
      userId: c.get('auth').userId,
      vaultId: c.get('vaultId'),
      types: c.get('syncTypes'),
      timing: c.get('timing'),
    };
    return c.json(await pullItems(c.get('deps'), ctx, body.value.items));
  });

  r.get('/changes', rateLimit(BUCKETS.sync_changes), async (c) => {
    const rawCursor = c.req.query('cursor');
    const cursor = rawCursor === undefined ? 0 : nonNegativeInt(rawCursor);
    if (cursor === null) return errorResponse(c, 'VALIDATION_ERROR', 'cursor must be a non-negative integer');
    const ctx = {
      userId: c.get('auth').userId,
      vaultId: c.get('vaultId'),
      types: c.get('syncTypes'),
      timing: c.get('timing'),
    };
    // a device asking from a cursor above 0 has pulled: no bootstrap session for it (spec 3.4)
    if (cursor > 0) await recordCursorSeen(c.get('deps'), ctx.userId, c.get('auth').deviceId, cursor);
    return c.json(await changesPage(c.get('deps'), ctx, { cursor, inline: c.req.query('inline') === '1' }));
  });

  r.get('/manifest', rateLimit(BUCKETS.sync_manifest), async (c) => {
    const rawLimit = c.req.query('limit');
    const rawCursor = c.req.query('cursor');
    if (rawCursor !== undefined && rawLimit === undefined) {
      return errorResponse(c, 'VALIDATION_ERROR', 'a manifest cursor needs a limit');
    }
    let page: { limit: number; cursor: number } | null = null;
    if (rawLimit !== undefined) {
      const parsed = v.safeParse(
        v.object({
          limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_MANIFEST_PAGE_LIMIT)),
          cursor: v.pipe(v.number(), v.integer(), v.minValue(0)),
        }),
        {
          limit: nonNegativeInt(rawLimit) ?? -1,
          cursor: rawCursor === undefined ? 0 : (nonNegativeInt(rawCursor) ?? -1),
        },
      );
      if (!parsed.success) return errorResponse(c, 'VALIDATION_ERROR', describeIssues(parsed.issues));
      page = parsed.output;
    }
    const ctx = { userId: c.get('auth').userId, vaultId: c.get('vaultId'), types: c.get('syncTypes') };
    return c.json(await manifest(c.get('deps'), ctx, page));
  });
  return r;
}
