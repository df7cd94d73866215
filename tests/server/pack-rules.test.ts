import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../server/src/deps';
import { Timing } from '../../server/src/http/timing';
import type { AppEnv } from '../../server/src/http/types';
import type { ObjectStore } from '../../server/src/objects/ports';
import { commitPack } from '../../server/src/packs/commit';
import { PACK_ENQUEUE_JITTER_MS, retryingPackJobs } from '../../server/src/packs/enqueue';
import { isHole, type PackCandidate, selectWindow } from '../../server/src/packs/select';
import type { Sql, Statement } from '../../server/src/ports/sql';
import { packRoutes } from '../../server/src/routes/packs';
import { MAX_PACKED_ITEM_BYTES, PACK_MAX_ITEMS, PACK_TARGET_BYTES } from '../../src/sync/protocol/limits';

// Pack production rules on their own (spec 3.6, 6.2); the service runs them in tests/server/packs.test.ts.

const row = (i: number, sizeBytes = 100, tombstonedOnly = false): PackCandidate => ({
  noteId: `n${String(i).padStart(4, '0')}`,
  sortValue: 1000 + Math.floor(i / 10),
  sizeBytes,
  tombstonedOnly,
});

describe('pack window selection (spec 3.6)', () => {
  it('takes at most 256 rows and says more may remain', () => {
    const w = selectWindow(Array.from({ length: 300 }, (_, i) => row(i)));
    expect(w.slots).toHaveLength(PACK_MAX_ITEMS);
    expect(w.full).toBe(true);
    const small = selectWindow(Array.from({ length: 3 }, (_, i) => row(i)));
    expect(small.slots.map((s) => s.verdict)).toEqual(['pack', 'pack', 'pack']);
    expect(small.full).toBe(false);
  });

  it('stops before the projected payload crosses 24 MB', () => {
    const mb = 1024 * 1024;
    const w = selectWindow([row(0, 7 * mb), row(1, 7 * mb), row(2, 7 * mb), row(3, 7 * mb), row(4, 1)]);
    expect(w.slots.map((s) => s.row.noteId)).toEqual(['n0000', 'n0001', 'n0002']);
    expect(w.full).toBe(true);
    const exact = selectWindow([
      row(0, PACK_TARGET_BYTES / 4),
      row(1, PACK_TARGET_BYTES / 4),
      row(2, PACK_TARGET_BYTES / 2),
    ]);
    expect(exact.slots).toHaveLength(3);
  });

  it('rows over 8 MB are excluded and tombstone-only notes skipped: scanned, never packed, never counted', () => {
    const mb = 1024 * 1024;
    const w = selectWindow([
      row(0, MAX_PACKED_ITEM_BYTES + 1),
      row(1, MAX_PACKED_ITEM_BYTES),
      row(2, 5 * mb, true),
      row(3, 8 * mb),
      row(4, 8 * mb),
    ]);
    expect(w.slots.map((s) => s.verdict)).toEqual(['excluded', 'pack', 'tombstoned', 'pack', 'pack']);
    expect(w.full).toBe(false);
  });

  it('holes: a missing, empty or size-drifted object', () => {
    expect(isHole(3, null)).toBe(true);
    expect(isHole(0, new Uint8Array(0))).toBe(true);
    expect(isHole(3, new Uint8Array(4))).toBe(true);
    expect(isHole(3, new Uint8Array(2))).toBe(true);
    expect(isHole(3, new Uint8Array(3))).toBe(false);
  });
});

describe('pack enqueue backpressure (spec 6.2)', () => {
  it('two retries with jitter under 200 ms, then PACK_ENQUEUE_RATE_LIMITED as a warning; never rejects', async () => {
    const sent: number[] = [];
    const slept: number[] = [];
    const logged: [string, Record<string, unknown>][] = [];
    const jobs = retryingPackJobs({
      send: async () => {
        sent.push(sent.length);
        throw new Error('Too Many Requests');
      },
      log: (event, fields) => logged.push([event, fields]),
      sleep: async (ms) => {
        slept.push(ms);
      },
      random: () => 0.999,
    });
    await expect(jobs.request({ userId: 'u', vaultId: 'v' })).resolves.toBeUndefined();
    expect(sent).toHaveLength(3);
    expect(slept).toHaveLength(2);
    for (const ms of slept) expect(ms).toBeLessThan(PACK_ENQUEUE_JITTER_MS);
    expect(logged).toEqual([
      [
        'pack_enqueue_failed',
        {
          level: 'warn',
          code: 'PACK_ENQUEUE_RATE_LIMITED',
          status: 429,
          vaultId: 'v',
          attempts: 3,
          error: 'Error',
        },
      ],
    ]);
  });

  it('a send that succeeds on a retry logs nothing', async () => {
    let calls = 0;
    const logged: string[] = [];
    const jobs = retryingPackJobs({
      send: async () => {
        if (++calls < 2) throw new Error('busy');
      },
      log: (e) => logged.push(e),
      sleep: async () => undefined,
      random: Math.random,
    });
    await jobs.request({ userId: 'u', vaultId: 'v' });
    expect(calls).toBe(2);
    expect(logged).toEqual([]);
  });
});

describe('pack write order (spec 3.6): object put, then pack_index row, then watermark', () => {
  const pack = {
    bytes: new Uint8Array([1, 2, 3]),
    entryCount: 1,
    min: { sortValue: 5, tiebreak: 'a' },
    max: { sortValue: 5, tiebreak: 'a' },
  };
  const scope = { userId: 'u', vaultId: 'v', kind: 'crdt_snapshot' };

  function ports(fail: 'put' | 'index' | null) {
    const steps: string[] = [];
    const objects: ObjectStore = {
      async put(key) {
        steps.push(`put ${key.split('/').slice(-1)[0]?.split('-')[0]}`);
        if (fail === 'put') throw new Error('r2 down');
      },
      async size() {
        return null;
      },
      async read() {
        return null;
      },
      async delete(keys) {
        steps.push(`delete ${keys.length}`);
      },
    };
    const record = (s: Statement) => {
      const what = s.sql.includes('pack_index')
        ? 'index'
        : s.sql.includes('pack_watermarks')
          ? 'watermark'
          : '?';
      steps.push(what);
      if (fail === 'index' && what === 'index') throw new Error('d1 down');
    };
    const db: Sql = {
      async all() {
        return [];
      },
      async first<T>(s: Statement) {
        record(s);
        return { id: 1 } as T;
      },
      async run(s) {
        record(s);
        return { changes: 1 };
      },
      async batch() {
        return [];
      },
    };
    return { steps, deps: { sql: db, objects, clock: { nowMs: () => 0 } } };
  }

  it('in that order when every step succeeds', async () => {
    const { steps, deps } = ports(null);
    expect(await commitPack(deps, scope, pack, { sortValue: 6, tiebreak: 'z' })).toBe(true);
    expect(steps).toEqual(['put 5_5', 'index', 'watermark']);
  });

  it('a failed put writes no row and leaves the watermark; a failed row leaves the watermark', async () => {
    const put = ports('put');
    await expect(commitPack(put.deps, scope, pack, { sortValue: 6, tiebreak: 'z' })).rejects.toThrow(
      'r2 down',
    );
    expect(put.steps).toEqual(['put 5_5']);
    const index = ports('index');
    await expect(commitPack(index.deps, scope, pack, { sortValue: 6, tiebreak: 'z' })).rejects.toThrow(
      'd1 down',
    );
    expect(index.steps).toEqual(['put 5_5', 'index']);
  });

  it('a window of only holes and skips moves the watermark alone', async () => {
    const { steps, deps } = ports(null);
    expect(await commitPack(deps, scope, null, { sortValue: 6, tiebreak: 'z' })).toBe(false);
    expect(steps).toEqual(['watermark']);
  });
});

describe('listing on a deployment that cannot presign (spec 4: url only when it can)', () => {
  it('lists the packs without url and expiresAt, and counts the sync_packs bucket', async () => {
    const hits: string[] = [];
    const queries: Statement[] = [];
    const deps = {
      objectUrls: null,
      clock: { nowMs: () => 0 },
      log: () => {},
      limiter: {
        hit: async (h: { bucket: string }) => {
          hits.push(h.bucket);
          return { allowed: true, retryAfterSeconds: 0 };
        },
      },
      sql: {
        all: async (q: Statement) => {
          queries.push(q);
          return [
            {
              id: 9,
              kind: 'crdt_snapshot',
              from_cursor: null,
              min_cursor: 10,
              max_cursor: 12,
              object_key: 'u1/x',
              entry_count: 3,
              size_bytes: 99,
            },
          ];
        },
      },
    } as unknown as Deps;
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', deps);
      c.set('timing', new Timing());
      c.set('auth', { userId: 'u1', deviceId: 'd1', tokenExpiresAtMs: 1e13 });
      c.set('vaultId', 'v1');
      await next();
    });
    app.route('/', packRoutes());
    const res = await app.request('/packs?limit=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      packs: [{ kind: 'crdt_snapshot', minCursor: 10, maxCursor: 12, sizeBytes: 99, entryCount: 3 }],
      nextCursor: null,
    });
    expect(hits).toEqual(['sync_packs']);
    // scoped to the caller's account and vault
    expect(queries[0]?.params.slice(0, 2)).toEqual(['u1', 'v1']);
    // no kinds= (a client that predates records packs): the spec's snapshot packs only
    expect(queries[0]?.params[2]).toBe('crdt_snapshot');
    expect(queries[0]?.params).not.toContain('records');
  });
});
