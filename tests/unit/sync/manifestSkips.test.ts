import { describe, expect, it } from 'vitest';
import { CURSOR_SKIP_REPAIR } from '../../../src/sync/engine/pull/cursorRepair';
import { DECLINED_SYNC_REFS } from '../../../src/sync/engine/pull/ledgers';
import { MANIFEST_CHECKED_AT, manifestCheck } from '../../../src/sync/engine/pull/manifestCheck';
import { QUARANTINE, SCHEMA_INVALID_ITEMS } from '../../../src/sync/engine/pull/pullChanges';
import { scriptedPullDeps, scriptedService } from './scriptedPull';

// Issue 7 part 5: the manifest check fetches by id only what is PROVABLY missing here; an item
// this device already knows it does not store (`declinedSyncRefs`, the quarantine, the
// schema-invalid ledger) is known, not missing, and is not fetched again by it.
describe('the manifest check (spec 4.3.9) and the ledgers', () => {
  it('fetches none of the ids in declinedSyncRefs, the quarantine or the schema-invalid ledger', async () => {
    const s = await scriptedService(['n1', 'n2', 'n3', 'n4'], () => 'item');
    const entry = { reason: 'r', at: 0, attempts: 1 };
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [DECLINED_SYNC_REFS, { 'note|n1': entry }],
      [QUARANTINE, { 'note|n2': entry }],
      [SCHEMA_INVALID_ITEMS, { 'note|n3': entry }],
    ]);
    const applied: string[] = [];
    const checked = await manifestCheck(
      scriptedPullDeps(s, state, () => 1_000, applied),
      {
        pushAllowed: false,
      },
    );
    expect(checked.ran).toBe(true);
    expect(s.asked).toEqual([['n4']]);
    expect(applied).toEqual(['n4']);
    expect(state.get(MANIFEST_CHECKED_AT)).toBe(1_000);
    expect(Object.keys(state.get(DECLINED_SYNC_REFS) as object)).toEqual(['note|n1']);
  });
});
