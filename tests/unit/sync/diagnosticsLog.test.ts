import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { summarize } from '../../../src/sync/engine/telemetry/latencySummary';
import type { SyncTelemetryEvent } from '../../../src/sync/engine/telemetry/syncTelemetry';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createDiagnosticsLog, DIAGNOSTICS_KEPT } from '../../../src/worker/sync/diagnosticsLog';

let n = 0;
const dbs: VaultDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const event = (action: SyncTelemetryEvent['action'], durationMs: number, value = 1): SyncTelemetryEvent => ({
  name: 'sync_run_completed',
  action,
  durationMs,
  value,
  ...(action === 'e2e_latency' ? { source: 'pull' as const } : {}),
  at: 1_000 + value,
});

describe('latency summary', () => {
  it('median (mean of the middle two when even) and nearest-rank p95 over the last N of one action', () => {
    const events = [
      event('e2e_latency', 9_999), // outside the last 20
      ...Array.from({ length: 20 }, (_, i) => event('e2e_latency', (i + 1) * 10)),
      event('push_lag', 5),
    ];
    expect(summarize(events, 'e2e_latency', 20)).toEqual({ count: 20, medianMs: 105, p95Ms: 190 });
    expect(summarize(events, 'push_lag', 20)).toEqual({ count: 1, medianMs: 5, p95Ms: 5 });
    expect(summarize([], 'push_lag', 20)).toBeNull();
  });
});

describe('the local diagnostics log (schema v20)', () => {
  async function open() {
    const db = openVaultDb(`diagnostics-${++n}-${Date.now()}`);
    await db.open();
    dbs.push(db);
    const announced: [string, number][] = [];
    const log = createDiagnosticsLog({ db, announce: (op, ids) => announced.push([op, ids.length]) });
    return { db, log, announced };
  }

  it('keeps the last 500 events, newest first, and tells the change feed after writing', async () => {
    const { log, announced } = await open();
    for (let i = 0; i < DIAGNOSTICS_KEPT + 30; i++) log.telemetry.record(event('push_lag', i, i));
    await log.settled();
    const read = await log.read();
    expect(read.events).toHaveLength(DIAGNOSTICS_KEPT);
    expect(read.events[0]?.value).toBe(DIAGNOSTICS_KEPT + 29);
    expect(read.events.at(-1)?.value).toBe(30);
    expect(read.pushLag).toEqual({ count: 100, medianMs: 479.5, p95Ms: 524 });
    expect(read.e2eLatency).toBeNull();
    // recorded in one task: one transaction, one announcement
    expect(announced).toEqual([['put', DIAGNOSTICS_KEPT + 30]]);
  });

  it('keeps events across a reopen, and Clear empties it', async () => {
    const { db, log, announced } = await open();
    log.telemetry.record(event('e2e_latency', 42, 7));
    await log.settled();
    db.close();
    await db.open();
    const again = createDiagnosticsLog({ db });
    expect((await again.read()).events).toEqual([event('e2e_latency', 42, 7)]);
    await log.clear();
    expect((await again.read()).events).toEqual([]);
    expect(announced.at(-1)).toEqual(['delete', 1]);
  });

  it('a write that fails (the vault closed) is dropped without throwing', async () => {
    const { db, log } = await open();
    db.close();
    expect(() => log.telemetry.record(event('push_lag', 1))).not.toThrow();
    await log.settled();
  });
});
