import { describe, expect, it } from 'vitest';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import type { LedgerEntry } from '../../../src/sync/engine/pull/ledgers';
import { pullChanges, QUARANTINE } from '../../../src/sync/engine/pull/pullChanges';
import {
  PULL_PAGE_REFUSED,
  REFUSED_PAGE,
  REFUSED_PAGE_ATTEMPTS,
  REFUSED_PAGE_HOLD_MS,
  VAULT_KEY_MISMATCH,
} from '../../../src/sync/engine/pull/refusedPage';
import { type Answer, scriptedPullDeps, scriptedService } from './scriptedPull';

// Spec 3.8: "a refused page (all items failed crypto, or key mid-transition) leaves" LAST_CURSOR
// (docs/sync-client.md, "Pull", "A refused page"). The scripted service lists `feed` at cursor 1.

const fresh = () => new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
const quarantined = (state: Map<string, unknown>) =>
  Object.keys((state.get(QUARANTINE) as Record<string, LedgerEntry> | undefined) ?? {}).sort();

async function service(feed: string[], answer: (id: string) => Answer) {
  return scriptedService(feed, (id) => answer(id));
}

/** One pull of `feed` by a device whose vault key is not the account's. */
async function pullUnderStaleKey(feed: string[], answer: (id: string) => Answer) {
  const s = await service(feed, answer);
  const state = fresh();
  const applied: string[] = [];
  const pulled = await pullChanges({
    ...scriptedPullDeps(s, state, () => 5, applied),
    keyring: s.otherKeyring,
  });
  expect(pulled.kind === 'stopped' && pulled.error.code).toBe(VAULT_KEY_MISMATCH);
  // refused before any slice committed, and nothing booked
  expect(applied).toEqual([]);
  expect(state.get(LAST_CURSOR)).toBeUndefined();
  expect(state.has(QUARANTINE)).toBe(false);
}

describe('a refused page (spec 3.8)', () => {
  it('holds the cursor on a page sealed under another vault key, books nothing, and applies it once the key is right', async () => {
    const s = await service(['a', 'b', 'c'], () => 'item');
    const state = fresh();
    const applied: string[] = [];
    const t0 = 1_000_000;
    let now = t0;
    // this device holds a vault key that is not the account's
    const wrong = { ...scriptedPullDeps(s, state, () => now, applied), keyring: s.otherKeyring };
    for (const attempt of [1, 2]) {
      const pulled = await pullChanges(wrong);
      expect(pulled.kind).toBe('stopped');
      expect(pulled.kind === 'stopped' && pulled.error.code).toBe(VAULT_KEY_MISMATCH);
      expect(state.get(LAST_CURSOR)).toBeUndefined();
      expect(applied).toEqual([]);
      // nothing booked as final: no quarantine, no ledger of any kind written
      expect(state.has(QUARANTINE)).toBe(false);
      expect(state.get(REFUSED_PAGE)).toEqual({
        cursor: 0,
        since: t0,
        attempts: attempt,
        reason: 'vault_key_mismatch',
      });
      // a mismatch has no bound: a day later the page is still held, not quarantined
      now += 24 * REFUSED_PAGE_HOLD_MS;
    }
    expect(s.script.verifierReads).toBe(2); // once a run
    // the right key arrives (the recovery key entered): the same page applies, the cursor moves
    const right = scriptedPullDeps(s, state, () => now, applied);
    const pulled = await pullChanges(right);
    expect(pulled.kind).toBe('done');
    expect(applied.sort()).toEqual(['a', 'b', 'c']);
    expect(state.get(LAST_CURSOR)).toBe(1);
    expect(quarantined(state)).toEqual([]);
    expect(state.get(REFUSED_PAGE)).toBeUndefined();
  });

  it('refuses a page mixing items that open with ones that do not while the key is not the account’s (key mid-transition)', async () => {
    // the device's own items were sealed under its (stale) key and open; the others' do not.
    // Refused before the slice committed: not even the item that opened is applied
    await pullUnderStaleKey(['own', 'theirs'], (id) => (id === 'own' ? 'foreign' : 'item'));
  });

  it('decides before a multi-slice page commits: 250 items under another key, nothing applied', async () => {
    await pullUnderStaleKey(
      Array.from({ length: 250 }, (_, i) => `n${i}`),
      () => 'item',
    );
  });

  it('quarantines a forged item among good ones: the good ones apply and the cursor moves', async () => {
    const s = await service(['a', 'forged', 'moved', 'b'], (id) =>
      id === 'forged' ? 'forged' : id === 'moved' ? 'foreign' : 'item',
    );
    const state = fresh();
    const applied: string[] = [];
    const pulled = await pullChanges(scriptedPullDeps(s, state, () => 5, applied));
    expect(pulled.kind).toBe('done');
    expect(applied.sort()).toEqual(['a', 'b']);
    expect(quarantined(state)).toEqual(['note|forged', 'note|moved']);
    expect(state.get(LAST_CURSOR)).toBe(1);
    // the envelope that did not open had the key checked: it is this device's, so the item is bad
    expect(s.script.verifierReads).toBe(1);
  });

  it('quarantines a lone forged item at once when this device’s key is the account’s: it never stalls sync', async () => {
    const s = await service(['forged'], () => 'foreign');
    const state = fresh();
    const pulled = await pullChanges(scriptedPullDeps(s, state, () => 5));
    expect(pulled.kind).toBe('done');
    expect(quarantined(state)).toEqual(['note|forged']);
    expect(state.get(LAST_CURSOR)).toBe(1);
    expect(state.get(REFUSED_PAGE)).toBeUndefined();
  });

  it('holds a page nothing explains (no key record) for 3 refusals over an hour, then quarantines its items and moves on', async () => {
    expect(REFUSED_PAGE_ATTEMPTS).toBe(3);
    const t0 = 5_000_000;
    const unverified = async () => {
      const s = await service(['x', 'y'], () => 'forged');
      s.script.keyRecord = 'none';
      const state = fresh();
      let now = t0;
      const pull = (at: number) => {
        now = at;
        return pullChanges(scriptedPullDeps(s, state, () => now));
      };
      const refused = async (at: number, attempts: number) => {
        const pulled = await pull(at);
        expect(pulled.kind === 'stopped' && pulled.error.code).toBe(PULL_PAGE_REFUSED);
        expect(state.get(REFUSED_PAGE)).toEqual({ cursor: 0, since: t0, attempts, reason: 'unverified' });
        expect(state.get(LAST_CURSOR)).toBeUndefined();
        expect(state.has(QUARANTINE)).toBe(false);
      };
      const released = async (at: number) => {
        expect((await pull(at)).kind).toBe('done');
        expect(quarantined(state)).toEqual(['note|x', 'note|y']);
        expect(state.get(LAST_CURSOR)).toBe(1);
        expect(state.get(REFUSED_PAGE)).toBeUndefined();
      };
      return { refused, released };
    };
    // 3 refusals within the hour are not enough...
    const quick = await unverified();
    await quick.refused(t0, 1);
    await quick.refused(t0 + 60_000, 2);
    await quick.refused(t0 + 120_000, 3);
    await quick.refused(t0 + REFUSED_PAGE_HOLD_MS - 1, 4);
    await quick.released(t0 + REFUSED_PAGE_HOLD_MS);
    // ...nor is an hour with fewer than 3 refusals
    const slow = await unverified();
    await slow.refused(t0, 1);
    await slow.refused(t0 + 2 * REFUSED_PAGE_HOLD_MS, 2);
    await slow.refused(t0 + 3 * REFUSED_PAGE_HOLD_MS, 3);
    await slow.released(t0 + 4 * REFUSED_PAGE_HOLD_MS);
  });

  it('moves the cursor past a page of tombstones and past an empty page: nothing failed, nothing is refused', async () => {
    const tombstones = await service(['t1', 't2'], () => 'tombstone');
    const state = fresh();
    expect((await pullChanges(scriptedPullDeps(tombstones, state, () => 5))).kind).toBe('done');
    expect(state.get(LAST_CURSOR)).toBe(1);
    // items gone from the service since the page was listed: no item came, none failed
    const gone = await service(['g1'], () => 'gone');
    const afterGone = fresh();
    expect((await pullChanges(scriptedPullDeps(gone, afterGone, () => 5))).kind).toBe('done');
    expect(afterGone.get(LAST_CURSOR)).toBe(1);
    const empty = await service([], () => 'gone');
    const afterEmpty = fresh();
    expect((await pullChanges(scriptedPullDeps(empty, afterEmpty, () => 5))).kind).toBe('done');
    expect(afterEmpty.get(LAST_CURSOR)).toBe(1);
    // none of them asked for the key record: nothing failed to open
    for (const s of [tombstones, gone, empty]) expect(s.script.verifierReads).toBe(0);
    for (const st of [state, afterGone, afterEmpty]) expect(st.get(REFUSED_PAGE)).toBeUndefined();
  });
});
