import 'fake-indexeddb/auto';
import type { DBCore, Middleware } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { outboxMiddleware } from '../../../src/worker/sync/outboxMiddleware';

/**
 * Sequential IndexedDB round trips of a tracked write. Each request the database receives gets a
 * depth: one more than the deepest request answered before it was issued, so requests issued
 * together share one. The deepest is the number of round trips the write waits for (each costs a
 * task completion ~0.3-1.5 ms in Chromium, more on a loaded machine).
 */
function depthRecorder(log: { table: string; kind: string; depth: number }[]): Middleware<DBCore> {
  let answered = 0;
  return {
    stack: 'dbcore',
    name: 'test-depth-recorder',
    level: -100, // innermost: below the outbox middleware, so its own requests are seen
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        const wrap = (kind: 'get' | 'getMany' | 'query' | 'mutate' | 'count') => (req: { type?: string }) => {
          const depth = answered + 1;
          log.push({ table: name, kind: kind === 'mutate' ? `mutate:${req.type}` : kind, depth });
          return (table[kind] as (r: unknown) => Promise<unknown>)(req).then((res) => {
            answered = Math.max(answered, depth);
            return res;
          });
        };
        return {
          ...table,
          get: wrap('get'),
          getMany: wrap('getMany'),
          query: wrap('query'),
          mutate: wrap('mutate'),
          count: wrap('count'),
        } as typeof table;
      },
    }),
  };
}

let n = 0;
const open: VaultDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const task = (id: string, title: string, clock: Record<string, number>) =>
  ({ id, title, projectId: 'inbox', clock, fieldClocks: {} }) as never;

describe('outbox middleware round trips', () => {
  it('a tracked put waits for three round trips: every read at once, the write, every outbox write at once', async () => {
    const db = openVaultDb(`outbox-trips-${++n}-${Date.now()}`);
    const log: { table: string; kind: string; depth: number }[] = [];
    db.use(outboxMiddleware({ deviceId: 'devA', now: () => 1000 }));
    db.use(depthRecorder(log));
    await db.open();
    open.push(db);
    await db.tasks.put(task('t1', 'first', { devA: 1 }));

    log.length = 0;
    await db.transaction('rw', db.tasks, async () => {
      await db.tasks.put(task('t1', 'second', { devA: 1 }));
    });
    const steps = [...new Set(log.map((r) => r.depth))].map((d) =>
      log
        .filter((r) => r.depth === d)
        .map((r) => `${r.table}.${r.kind}`)
        .sort(),
    );
    // Before: the queue row was read only after the write, then written (four round trips).
    expect(steps).toEqual([
      ['syncClocks.getMany', 'syncQueue.getMany', 'tasks.getMany'],
      ['tasks.mutate:put'],
      ['syncQueue.mutate:put'],
    ]);
    expect(await db.syncQueue.get('r|task|t1')).toMatchObject({ op: 'create', version: 2 });
    expect((await db.tasks.get('t1'))?.clock).toEqual({ devA: 2 });
  });
});
