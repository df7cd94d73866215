import { describe, expect, it } from 'vitest';
import {
  CORRUPT_COOLDOWN_MS,
  CORRUPT_ITEMS_CAP,
  capCorrupt,
} from '../../../src/sync/engine/pull/corruptItems';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import type { LedgerEntry } from '../../../src/sync/engine/pull/ledgers';
import { MANIFEST_CHECKED_AT, manifestCheck } from '../../../src/sync/engine/pull/manifestCheck';
import {
  CORRUPT_ITEMS,
  pullChanges,
  QUARANTINE,
  SCHEMA_INVALID_ITEMS,
} from '../../../src/sync/engine/pull/pullChanges';
import { orphanTaskRecords } from './emptyRecords';
import { type ScriptedService, scriptedPullDeps, scriptedService } from './scriptedPull';

const HOUR = CORRUPT_COOLDOWN_MS;
const fresh = () => new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
const tracker = (state: Map<string, unknown>) =>
  (state.get(CORRUPT_ITEMS) ?? {}) as Record<string, LedgerEntry>;
const pull = (s: ScriptedService, state: Map<string, unknown>, now: number, applied?: string[]) =>
  pullChanges(scriptedPullDeps(s, state, () => now, applied));

describe('the corrupt-item tracker (spec 8.3: 5,000 entries, 1-hour cooldown)', () => {
  it('tracks an item received damaged without holding the cursor, fetches it again after an hour and never sooner, and lets it go once it applies', async () => {
    let damaged = true;
    const s = await scriptedService(['n1'], () => (damaged ? 'damaged' : 'item'));
    const state = fresh();
    const applied: string[] = [];
    const t0 = 5_000_000;
    await pull(s, state, t0, applied);
    expect(tracker(state)).toEqual({
      'note|n1': { reason: 'payload does not match its signed hash', at: t0 },
    });
    expect(state.get(QUARANTINE)).toEqual({});
    expect(state.get(SCHEMA_INVALID_ITEMS)).toEqual({});
    expect(applied).toEqual([]);
    expect(state.get(LAST_CURSOR)).toBe(1); // the feed moved past it

    const asked = s.asked.length;
    await pull(s, state, t0 + HOUR - 1, applied);
    expect(s.asked.length).toBe(asked); // within the hour: no request

    await pull(s, state, t0 + HOUR, applied); // still damaged: stamped anew, the hour restarts
    expect(s.asked.slice(asked)).toEqual([['n1']]);
    expect(tracker(state)['note|n1']!.at).toBe(t0 + HOUR);
    await pull(s, state, t0 + 2 * HOUR - 1, applied);
    expect(s.asked.length).toBe(asked + 1);

    damaged = false;
    await pull(s, state, t0 + 2 * HOUR, applied);
    expect(applied).toEqual(['n1']);
    expect(tracker(state)).toEqual({});
    expect(state.get(LAST_CURSOR)).toBe(1); // the re-fetch never moves it
  });

  it('is keyed by (type, id): a note and a task of one id are two entries, and one healing leaves the other', async () => {
    let noteHealed = false;
    const s = await scriptedService(
      [
        { type: 'note', id: 'x' },
        { type: 'task', id: 'x' },
      ],
      (_id, type) => (type === 'note' && noteHealed ? 'item' : 'damaged'),
    );
    const state = fresh();
    const applied: string[] = [];
    await pull(s, state, 0, applied);
    expect(Object.keys(tracker(state)).sort()).toEqual(['note|x', 'task|x']);
    noteHealed = true;
    await pull(s, state, HOUR, applied);
    expect(applied).toEqual(['x']);
    expect(Object.keys(tracker(state))).toEqual(['task|x']);
  });

  it('leaves the tracker for the quarantine when the item fetched again fails its signature', async () => {
    let forged = false;
    const s = await scriptedService(['n1'], () => (forged ? 'forged' : 'damaged'));
    const state = fresh();
    await pull(s, state, 0);
    forged = true;
    await pull(s, state, HOUR);
    expect(tracker(state)).toEqual({});
    expect(Object.keys(state.get(QUARANTINE) as object)).toEqual(['note|n1']);
  });

  it('forgets an item the service no longer has', async () => {
    let gone = false;
    const s = await scriptedService(['n1'], () => (gone ? 'gone' : 'damaged'));
    const state = fresh();
    await pull(s, state, 0);
    gone = true;
    await pull(s, state, HOUR);
    expect(s.asked.at(-1)).toEqual(['n1']);
    expect(tracker(state)).toEqual({});
  });

  it(`holds at most ${CORRUPT_ITEMS_CAP} entries: the oldest are evicted`, () => {
    const ledger: Record<string, LedgerEntry> = {};
    for (let i = 0; i < CORRUPT_ITEMS_CAP + 3; i++) ledger[`note|${i}`] = { reason: 'r', at: 10_000 - i };
    capCorrupt(ledger);
    expect(Object.keys(ledger)).toHaveLength(CORRUPT_ITEMS_CAP);
    // the three with the oldest last failure went
    expect(['note|5002', 'note|5001', 'note|5000'].filter((k) => k in ledger)).toEqual([]);
    expect(ledger['note|4999']).toBeDefined();
  });

  it('is held to its cap when a pull saves it', async () => {
    const s = await scriptedService(['new'], () => 'damaged');
    const full: Record<string, LedgerEntry> = {};
    for (let i = 0; i < CORRUPT_ITEMS_CAP; i++) full[`note|old-${i}`] = { reason: 'r', at: 1_000 + i };
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [CORRUPT_ITEMS, full],
    ]);
    await pull(s, state, 1_000_000); // the new entry is the latest, and nothing old is due yet
    const held = tracker(state);
    expect(Object.keys(held)).toHaveLength(CORRUPT_ITEMS_CAP);
    expect(held['note|new']).toBeDefined();
    expect(held['note|old-0']).toBeUndefined();
  });

  it('keeps the manifest check from fetching an item in its cooldown', async () => {
    const s = await scriptedService(['n1', 'n2'], () => 'item');
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [CORRUPT_ITEMS, { 'note|n1': { reason: 'r', at: 0 } }],
    ]);
    const applied: string[] = [];
    const checked = await manifestCheck(
      scriptedPullDeps(s, state, () => HOUR - 1, applied),
      {
        pushAllowed: false,
      },
    );
    expect(checked.ran).toBe(true);
    expect(s.asked).toEqual([['n2']]); // n2 provably missing; n1 waits for its hour
    expect(applied).toEqual(['n2']);
    expect(state.get(MANIFEST_CHECKED_AT)).toBe(HOUR - 1);
  });

  it("keeps an orphan's parent in its cooldown from being fetched: the child is stored as it is", async () => {
    const s = await scriptedService([{ type: 'task', id: 'child' }], () => 'item');
    // the child task waits for its parent project p: held with that need
    const { records, modes } = orphanTaskRecords();
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [CORRUPT_ITEMS, { 'project|p': { reason: 'r', at: 0 } }],
    ]);
    const deps = scriptedPullDeps(s, state, () => HOUR - 1, [], records);
    await pullChanges({ ...deps, types: [...deps.types, 'project'] });
    expect(s.asked).toEqual([['child']]); // the feed's slice only, never the parent
    expect(modes.at(-1)).toEqual({ ids: ['child'], mode: 'keep' });
  });
});
