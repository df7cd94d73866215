import { describe, expect, it } from 'vitest';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { createOwnPushes } from '../../../src/sync/engine/pull/ownPushes';
import { pullChanges } from '../../../src/sync/engine/pull/pullChanges';
import { scriptedPullDeps, scriptedService } from './scriptedPull';

describe("a device's own pushed versions (the pull does not fetch them back)", () => {
  it('knows a row only at the cursor its push got, until a completed pull passes it', () => {
    const own = createOwnPushes();
    own.committed([
      { type: 'note', id: 'a', serverCursor: 1 },
      { type: 'task', id: 'b', serverCursor: 2 },
    ]);
    expect(own.isOwn({ type: 'note', id: 'a', serverCursor: 1 })).toBe(true);
    // another write of the same row, or a listing without a cursor, is not this device's version
    expect(own.isOwn({ type: 'note', id: 'a', serverCursor: 3 })).toBe(false);
    expect(own.isOwn({ type: 'note', id: 'a' })).toBe(false);
    expect(own.isOwn({ type: 'task', id: 'a', serverCursor: 1 })).toBe(false);
    own.pulledThrough(1);
    expect(own.isOwn({ type: 'note', id: 'a', serverCursor: 1 })).toBe(false);
    expect(own.isOwn({ type: 'task', id: 'b', serverCursor: 2 })).toBe(true);
  });

  it("asks the service only for the rows another write listed; the cursor still passes the page's end", async () => {
    // the scripted feed lists every row at cursor 1
    const s = await scriptedService(['mine', 'theirs', { type: 'task', id: 'mine' }], () => 'item');
    const own = createOwnPushes();
    own.committed([
      { type: 'note', id: 'mine', serverCursor: 1 },
      // the task of the same id was pushed here too, but written again since (a later cursor)
      { type: 'task', id: 'mine', serverCursor: 0 },
    ]);
    const state = new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
    const applied: string[] = [];
    const res = await pullChanges({ ...scriptedPullDeps(s, state, () => 0, applied), own });
    expect(res.kind).toBe('done');
    expect(s.asked).toEqual([['theirs', 'mine']]);
    expect(applied).toEqual(['theirs', 'mine']);
    expect(state.get(LAST_CURSOR)).toBe(1);
  });
});
