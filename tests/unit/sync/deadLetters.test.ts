import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDeadLetterProbe,
  DEAD_LETTER_PURGE_MIN,
  ERROR_RETENTION_DAYS,
  retentionCutoff,
} from '../../../src/sync/engine/push/deadLetters';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import type { SyncQueueRow } from '../../../src/worker/db/syncTables';
import { createDexieOutbox } from '../../../src/worker/sync/dexieOutbox';

const dbs: VaultDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = 1_800_000_000_000;

function row(i: number, state: SyncQueueRow['state'], retiredAt: number | null): SyncQueueRow {
  return {
    qid: `r|task|t${i}`,
    kind: 'record',
    type: 'task',
    id: `t${i}`,
    op: 'update',
    version: 1,
    attempts: 5,
    state,
    enqueuedAt: 1,
    retiredAt,
    lastError: null,
  };
}

async function outboxWith(rows: SyncQueueRow[]) {
  const db = openVaultDb(`dead-${Date.now()}-${Math.random()}`);
  await db.open();
  dbs.push(db);
  await db.syncQueue.bulkPut(rows);
  return { db, outbox: createDexieOutbox(db, () => NOW) };
}

describe('dead-letter purge (spec 4.2.7)', () => {
  const old = NOW - (ERROR_RETENTION_DAYS + 1) * DAY;
  it('purges dead letters past retention once at least 50 are, and keeps recent and queued rows', async () => {
    const rows = [
      ...Array.from({ length: 30 }, (_, i) => row(i, 'exhausted', old)),
      ...Array.from({ length: 25 }, (_, i) => row(100 + i, 'failed', old)),
      ...Array.from({ length: 5 }, (_, i) => row(200 + i, 'failed', NOW - DAY)),
      ...Array.from({ length: 5 }, (_, i) => row(300 + i, 'queued', null)),
    ];
    const { db, outbox } = await outboxWith(rows);
    expect(await outbox.purgeDeadLetters(retentionCutoff(NOW), DEAD_LETTER_PURGE_MIN)).toBe(55);
    expect(await db.syncQueue.count()).toBe(10);
  });

  it('leaves them while fewer than 50 are past retention', async () => {
    const { db, outbox } = await outboxWith(Array.from({ length: 49 }, (_, i) => row(i, 'exhausted', old)));
    expect(await outbox.purgeDeadLetters(retentionCutoff(NOW), DEAD_LETTER_PURGE_MIN)).toBe(0);
    expect(await db.syncQueue.count()).toBe(49);
  });

  it('probes on the first enqueue and every fiftieth after it', () => {
    const probe = createDeadLetterProbe();
    const probed = Array.from({ length: 120 }, () => probe.shouldProbe()).flatMap((p, i) =>
      p ? [i + 1] : [],
    );
    expect(probed).toEqual([1, 51, 101]);
  });
});
