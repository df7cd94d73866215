import { describe, expect, it } from 'vitest';
import type { IncomingRecord } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR } from '../../../src/sync/engine/pull/cursorRepair';
import { FAILS_SCHEMA } from '../../../src/sync/engine/pull/ledgerOutcome';
import type { LedgerEntry } from '../../../src/sync/engine/pull/ledgers';
import { pullChanges, QUARANTINE, SCHEMA_INVALID_ITEMS } from '../../../src/sync/engine/pull/pullChanges';
import {
  capQuarantine,
  QUARANTINE_PERMANENT_ATTEMPTS,
  QUARANTINE_SOFT_CAP,
  QUARANTINE_TTL_MS,
  quarantineItem,
} from '../../../src/sync/engine/pull/quarantineLedger';
import { BLOB_MISSING_RETRY_MS, RETRY_IDS_PER_RUN } from '../../../src/sync/engine/pull/retryLedgered';
import { type ScriptedService, scriptedPullDeps, scriptedService } from './scriptedPull';

const entry = (at: number, more: Partial<LedgerEntry> = {}): LedgerEntry => ({ reason: 'r', at, ...more });

describe('the quarantine ledger rules (spec 3.8, 8.3)', () => {
  it('counts attempts and turns an entry permanent at the limit', () => {
    const ledger: Record<string, LedgerEntry> = { 'task|legacy': entry(5) };
    for (let i = 1; i <= QUARANTINE_PERMANENT_ATTEMPTS; i++) {
      quarantineItem(ledger, 'task|x', 'bad', i);
      expect(ledger['task|x']).toMatchObject({ attempts: i, at: i });
      expect(ledger['task|x']!.permanent).toBe(i === QUARANTINE_PERMANENT_ATTEMPTS ? true : undefined);
    }
    // an entry written before attempts were counted stood for one failure
    quarantineItem(ledger, 'task|legacy', 'bad', 9);
    expect(ledger['task|legacy']).toMatchObject({ attempts: 2 });
  });

  it('evicts the oldest entries past the soft cap, never a permanent one (a soft cap)', () => {
    const ledger: Record<string, LedgerEntry> = {};
    for (let i = 0; i < QUARANTINE_SOFT_CAP + 3; i++)
      ledger[`task|${i}`] = entry(1000 + i, i < 2 ? { permanent: true } : {});
    capQuarantine(ledger);
    expect(Object.keys(ledger)).toHaveLength(QUARANTINE_SOFT_CAP);
    // the two oldest are permanent: the next three go
    expect(ledger['task|0']).toBeDefined();
    expect(ledger['task|1']).toBeDefined();
    expect(['task|2', 'task|3', 'task|4'].filter((k) => k in ledger)).toEqual([]);
    expect(ledger['task|5']).toBeDefined();
    // permanent entries may hold the ledger above the cap: the cap is soft
    const permanent: Record<string, LedgerEntry> = {};
    for (let i = 0; i < QUARANTINE_SOFT_CAP + 2; i++) permanent[`task|${i}`] = entry(i, { permanent: true });
    capQuarantine(permanent);
    expect(Object.keys(permanent)).toHaveLength(QUARANTINE_SOFT_CAP + 2);
  });
});

const pullWith = (
  s: ScriptedService,
  state: Map<string, unknown>,
  now: () => number,
  applied: string[] = [],
) => pullChanges(scriptedPullDeps(s, state, now, applied));

describe('the ledgers through a pull, on an injected clock', () => {
  it('holds the persisted quarantine to its soft cap: the oldest entry makes room', async () => {
    const s = await scriptedService(['forged'], () => 'forged');
    const full: Record<string, LedgerEntry> = {};
    const now = Date.now();
    for (let i = 0; i < QUARANTINE_SOFT_CAP; i++) full[`note|old-${i}`] = entry(now - 1000 + (i % 500));
    full['note|oldest'] = entry(now - 5000);
    delete full['note|old-0'];
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [QUARANTINE, full],
    ]);
    expect((await pullWith(s, state, () => now)).kind).toBe('done');
    const q = state.get(QUARANTINE) as Record<string, LedgerEntry>;
    expect(Object.keys(q)).toHaveLength(QUARANTINE_SOFT_CAP);
    expect(q['note|forged']).toMatchObject({ attempts: 1 });
    expect(q['note|oldest']).toBeUndefined();
  });

  it('fetches a lost blob again after an hour, not before, and applies it once the service has it', async () => {
    let blobBack = false;
    const s = await scriptedService(['n1'], () => (blobBack ? 'item' : 'missing'));
    const state = new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
    const t0 = 1_000_000;
    let now = t0;
    const applied: string[] = [];
    await pullWith(s, state, () => now, applied);
    expect(state.get(SCHEMA_INVALID_ITEMS)).toEqual({
      'note|n1': { reason: 'blobMissing', at: t0, appVersion: '2.0.0' },
    });
    const asked = s.asked.length;
    now = t0 + BLOB_MISSING_RETRY_MS - 1;
    await pullWith(s, state, () => now, applied);
    expect(s.asked.length).toBe(asked); // not yet: no request
    now = t0 + BLOB_MISSING_RETRY_MS;
    await pullWith(s, state, () => now, applied); // still missing: stamped anew
    expect(s.asked.slice(asked).flat()).toEqual(['n1']);
    expect((state.get(SCHEMA_INVALID_ITEMS) as Record<string, LedgerEntry>)['note|n1']!.at).toBe(now);
    blobBack = true;
    now += BLOB_MISSING_RETRY_MS;
    await pullWith(s, state, () => now, applied);
    expect(applied).toEqual(['n1']);
    expect(state.get(SCHEMA_INVALID_ITEMS)).toEqual({});
  });

  it('forgets an expired note-body entry without a request (the sweep re-reads bodies), keeps a younger one', async () => {
    const s = await scriptedService([], () => 'gone');
    const now = 100 * QUARANTINE_TTL_MS;
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [
        QUARANTINE,
        {
          'note_body|n1|snapshot': entry(now - QUARANTINE_TTL_MS),
          'note_body|n2|7': entry(now - QUARANTINE_TTL_MS + 1),
        },
      ],
    ]);
    await pullWith(s, state, () => now);
    expect(s.asked).toEqual([]);
    expect(Object.keys(state.get(QUARANTINE) as Record<string, LedgerEntry>)).toEqual(['note_body|n2|7']);
  });

  it('retries at most 500 ids a run, the longest refused first, in requests of 100', async () => {
    const s = await scriptedService([], () => 'gone');
    const ledger: Record<string, LedgerEntry> = {};
    for (let i = 0; i < RETRY_IDS_PER_RUN + 50; i++)
      ledger[`note|s${i}`] = entry(10_000 - i, { appVersion: '1.0.0' });
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [SCHEMA_INVALID_ITEMS, ledger],
    ]);
    await pullWith(s, state, () => 20_000);
    expect(s.asked.map((ids) => ids.length)).toEqual([100, 100, 100, 100, 100]);
    // the service no longer has them: they left the ledger; the 50 most recent wait for the next run
    const left = Object.keys(state.get(SCHEMA_INVALID_ITEMS) as Record<string, LedgerEntry>);
    expect(left.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `note|s${i}`).sort());
  });

  it('ledgers a payload that opens but fails the type schema at apply, with this version, and moves on', async () => {
    const s = await scriptedService(['ok', 'bad'], () => 'item');
    const state = new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
    const deps = scriptedPullDeps(s, state, () => 7);
    const records = {
      ...deps.records,
      apply: async (items: IncomingRecord[]) => ({
        changed: items.filter((i) => i.id !== 'bad').map(({ type, id }) => ({ type, id })),
        held: [],
        declined: [],
        unreadable: items.filter((i) => i.id === 'bad').map(({ type, id }) => ({ type, id })),
      }),
    };
    const pulled = await pullChanges({ ...deps, records });
    expect(pulled).toMatchObject({ kind: 'done', changed: [{ type: 'note', id: 'ok' }], cursor: 1 });
    expect(state.get(SCHEMA_INVALID_ITEMS)).toEqual({
      'note|bad': { reason: FAILS_SCHEMA, at: 7, appVersion: '2.0.0' },
    });
  });
});
