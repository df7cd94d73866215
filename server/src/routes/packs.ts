import { Hono } from 'hono';
import { PACK_LIST_PAGE_LIMIT } from '../../../src/sync/protocol/limits';
import {
  PACK_KIND_CRDT_SNAPSHOT,
  PACK_KINDS,
  PACK_LIST_MAX_LIMIT,
  type PackKind,
} from '../../../src/sync/protocol/packs';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { BUCKETS } from '../middleware/buckets';
import { rateLimit } from '../middleware/rate-limit';
import { listPacks } from '../packs/list';

const positiveInt = (s: string) => (/^\d{1,15}$/.test(s) ? Number(s) : null);

/**
 * `kinds=a,b`: the pack kinds a client reads. Absent: `crdt_snapshot` only (the spec's kind, all
 * a client that predates `records` packs can use). Names this service does not build are ignored,
 * so a newer client may ask for kinds an older service lacks.
 */
function kindsOf(raw: string | undefined): PackKind[] {
  if (raw === undefined) return [PACK_KIND_CRDT_SNAPSHOT];
  const asked = new Set(raw.split(','));
  return PACK_KINDS.filter((k) => asked.has(k));
}

/**
 * `GET /sync/packs?limit=&cursor=&kinds=` (spec 4, 3.7; docs/packs.md): the vault's packs, newest first.
 * Its own `sync_packs` bucket, never elevated. Nothing here logs: the entries carry bearer URLs.
 */
export function packRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/packs', rateLimit(BUCKETS.sync_packs), async (c) => {
    const rawLimit = c.req.query('limit');
    const rawCursor = c.req.query('cursor');
    const limit = rawLimit === undefined ? PACK_LIST_PAGE_LIMIT : positiveInt(rawLimit);
    if (limit === null || limit < 1 || limit > PACK_LIST_MAX_LIMIT) {
      return errorResponse(
        c,
        'VALIDATION_ERROR',
        `limit must be an integer from 1 to ${PACK_LIST_MAX_LIMIT}`,
      );
    }
    const before = rawCursor === undefined ? null : positiveInt(rawCursor);
    if (rawCursor !== undefined && before === null) {
      return errorResponse(c, 'VALIDATION_ERROR', 'cursor must be the nextCursor of a previous page');
    }
    const kinds = kindsOf(c.req.query('kinds'));
    if (kinds.length === 0) return c.json({ packs: [], nextCursor: null });
    const scope = { userId: c.get('auth').userId, vaultId: c.get('vaultId') };
    return c.json(await listPacks(c.get('deps'), scope, { limit, before, kinds }));
  });
  return r;
}
