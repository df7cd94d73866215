import { describe, expect, it } from 'vitest';
import { toBase64, type VaultKeyring } from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { IncomingRecord, QueuedRecord } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { REFUSED_PAGE, VAULT_KEY_MISMATCH } from '../../../src/sync/engine/pull/refusedPage';
import type { PushItem } from '../../../src/sync/protocol/push';
import { emptyRecords } from './emptyRecords';
import { engineOver, memoryOutbox } from './engineHarness';
import { scriptedService } from './scriptedPull';

const row = (id: string): QueuedRecord => ({
  qid: `r|note|${id}`,
  type: 'note',
  id,
  op: 'create',
  version: 1,
});

describe('a vault key found stale by the pull (spec 3.8): nothing is sealed under it', () => {
  it('pushes nothing while the page is held, and sends the queue under the right key once it passes', async () => {
    const s = await scriptedService(['theirs'], () => 'item');
    const dev = await s.keys.keyOf('dev');
    if (!dev.ok || !dev.value) throw new Error('no signer key');
    const devKey = dev.value;
    const pushed: string[] = [];
    const call = (async (method: string, path: string, o?: CallOptions): Promise<SyncResult<unknown>> => {
      if (path === '/auth/devices')
        return { ok: true, value: { devices: [{ deviceId: 'dev', publicKey: toBase64(devKey) }] } };
      if (path === '/sync/push') {
        const items = (o!.body as { items: PushItem[] }).items;
        pushed.push(...items.map((i) => i.id));
        return {
          ok: true,
          value: { accepted: items.map(({ type, id }) => ({ type, id })), rejected: [], maxCursor: 1 },
        };
      }
      return s.call(method, path, o);
    }) as SyncCall;
    // one device's state, kept across its engines
    const stored = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [LAST_CURSOR, 0],
    ]);
    const state = {
      get: async <T>(k: string) => stored.get(k) as T | undefined,
      set: async (k: string, v: unknown) => void stored.set(k, v),
    };
    const rows = [row('mine-1')];
    const applied: string[] = [];
    const engine = async (keyring: VaultKeyring) =>
      engineOver(call, {
        keyring,
        state,
        outbox: memoryOutbox(rows),
        records: emptyRecords(
          async (_type, id) => ({ clock: { d: 1 }, deletedAt: null, payload: { id, title: id } }),
          (items: IncomingRecord[]) => void applied.push(...items.map((i) => i.id)),
        ),
        types: ['note'],
      });
    // this device holds a key the account's record does not name: its first cycle pushes (it
    // cannot know yet), then its pull is refused
    const stale = await engine(s.otherKeyring);
    stale.engine.start();
    await stale.engine.syncNow();
    expect(pushed).toEqual(['mine-1']);
    expect(stale.statuses.at(-1)!.error).toMatchObject({ code: VAULT_KEY_MISMATCH });
    expect(stored.get(REFUSED_PAGE)).toMatchObject({ reason: 'vault_key_mismatch' });
    // a change made now waits: nothing is sealed under the stale key
    rows.push(row('mine-2'));
    stale.engine.foreground();
    await stale.engine.syncNow();
    expect(pushed).toEqual(['mine-1']);
    expect(rows.map((r) => r.id)).toEqual(['mine-2']);
    expect(applied).toEqual([]);
    stale.engine.stop();

    // the right key arrives (a new engine over the same state): the held page passes, then the
    // queue goes out in the same cycle
    const right = await engine(s.keyring);
    right.engine.start();
    await right.engine.syncNow();
    // (the scripted manifest check, whose local view is empty, fetches it once more)
    expect(applied[0]).toBe('theirs');
    expect(pushed).toEqual(['mine-1', 'mine-2']);
    expect(right.statuses.at(-1)!.error).toBeNull();
    expect(stored.get(REFUSED_PAGE)).toBeUndefined();
    expect(stored.get(LAST_CURSOR)).toBe(1);
    right.engine.stop();
  });
});
