import { describe, expect, it } from 'vitest';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import type { LedgerEntry } from '../../../src/sync/engine/pull/ledgers';
import { MANIFEST_CHECKED_AT, manifestCheck } from '../../../src/sync/engine/pull/manifestCheck';
import { pullChanges, QUARANTINE } from '../../../src/sync/engine/pull/pullChanges';
import { QUARANTINE_TTL_MS } from '../../../src/sync/engine/pull/quarantineLedger';
import { REFUSED_PAGE, VAULT_KEY_MISMATCH } from '../../../src/sync/engine/pull/refusedPage';
import { orphanTaskRecords } from './emptyRecords';
import { scriptedPullDeps, scriptedService } from './scriptedPull';

// The fetches by id (the ledgers' retry, the manifest check, orphans' parents) follow the refused
// page's rule (docs/sync-client.md, "A refused page"): an item that does not open while this
// device's vault key is not the account's is never booked as final; it is fetched again, and
// applied, once the key is right. The scripted service lists its feed at cursor 1 and in the manifest.

const quarantine = (state: Map<string, unknown>) =>
  (state.get(QUARANTINE) as Record<string, LedgerEntry> | undefined) ?? {};

describe('fetches by id under a stale vault key (spec 3.8)', () => {
  it('the ledgers’ retry books nothing and keeps the entry; the right key applies the item', async () => {
    const s = await scriptedService(['q'], () => 'item');
    const entry: LedgerEntry = { reason: 'signature does not verify', at: 0, attempts: 2 };
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [LAST_CURSOR, 1], // the feed is read: only the retry fetches `q`
      [QUARANTINE, { 'note|q': entry }],
    ]);
    const now = QUARANTINE_TTL_MS; // the entry has expired: it is due
    const applied: string[] = [];
    const stale = { ...scriptedPullDeps(s, state, () => now, applied), keyring: s.otherKeyring };
    for (let run = 1; run <= 2; run++) {
      const pulled = await pullChanges(stale);
      expect(pulled.kind === 'stopped' && pulled.error.code).toBe(VAULT_KEY_MISMATCH);
      // not quarantined again (a third failure would make the entry permanent): as it was
      expect(quarantine(state)).toEqual({ 'note|q': entry });
      expect(state.get(REFUSED_PAGE)).toMatchObject({ cursor: 1, reason: 'vault_key_mismatch' });
    }
    expect(s.asked).toEqual([['q'], ['q']]);
    expect(applied).toEqual([]);
    const right = await pullChanges(scriptedPullDeps(s, state, () => now, applied));
    expect(right.kind).toBe('done');
    expect(applied).toEqual(['q']);
    expect(quarantine(state)).toEqual({});
    expect(state.get(REFUSED_PAGE)).toBeUndefined();
  });

  it('the manifest check books nothing and is not marked done; the right key fetches the item', async () => {
    const s = await scriptedService(['m'], () => 'item');
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [LAST_CURSOR, 1],
    ]);
    const applied: string[] = [];
    const stale = { ...scriptedPullDeps(s, state, () => 9, applied), keyring: s.otherKeyring };
    const checked = await manifestCheck(stale, { pushAllowed: true });
    expect(checked.error?.code).toBe(VAULT_KEY_MISMATCH);
    // without the rule `m` sat in the quarantine, where the manifest check skips it for 7 days
    expect(quarantine(state)).toEqual({});
    expect(state.get(MANIFEST_CHECKED_AT)).toBeUndefined();
    expect(state.get(REFUSED_PAGE)).toMatchObject({ cursor: 1, reason: 'vault_key_mismatch' });
    const right = await manifestCheck(
      scriptedPullDeps(s, state, () => 10, applied),
      { pushAllowed: true },
    );
    expect(right.error).toBeNull();
    expect(applied).toEqual(['m']);
    expect(state.get(MANIFEST_CHECKED_AT)).toBe(10);
  });

  it('an orphan’s parent that does not open refuses the page: the parent is not quarantined, the cursor holds', async () => {
    // the child was sealed by this device under its (stale) key and opens; its parent project,
    // sealed under the account's key, does not
    const s = await scriptedService([{ type: 'task', id: 'child' }], (_id, type) =>
      type === 'task' ? 'foreign' : 'item',
    );
    // the child task waits for its parent project p: held with that need
    const { records, modes } = orphanTaskRecords();
    const state = new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
    const deps = scriptedPullDeps(s, state, () => 5, [], records);
    const types = [...deps.types, 'project'];
    const pulled = await pullChanges({ ...deps, types, keyring: s.otherKeyring });
    expect(pulled.kind === 'stopped' && pulled.error.code).toBe(VAULT_KEY_MISMATCH);
    expect(s.asked).toEqual([['child'], ['p']]);
    expect(quarantine(state)).toEqual({});
    expect(state.get(LAST_CURSOR)).toBeUndefined();
    expect(state.get(REFUSED_PAGE)).toMatchObject({ cursor: 0, reason: 'vault_key_mismatch' });
    // the child was held, never stored (kept or settled) without its parent
    expect(modes).toEqual([{ ids: ['child'], mode: 'hold' }]);
  });
});
