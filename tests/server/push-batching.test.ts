import { describe, expect, it } from 'vitest';
import type { ManifestResponse } from '../../src/sync/protocol/manifest';
import type { PushResponse } from '../../src/sync/protocol/push';
import { api, signInDevice, uniqueEmail } from './helpers';
import { envelopeText, signedItem } from './items';

// Issue 16 part 5: a push takes its cursors as one block in its commit batch and writes its small
// objects in that batch too (server/src/records/commit-statements.ts, adapters/inline-blobs.ts).

describe('push batching (real workerd)', () => {
  it('8 devices of one account pushing at once: every item accepted once, readable, cursors unique and in item order per push', async () => {
    const email = uniqueEmail('push8');
    const devices = [];
    for (let i = 0; i < 8; i++) devices.push(await signInDevice(email));
    const answers = await Promise.all(
      devices.map(async (d, n) => {
        const items = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            signedItem(d, 'default', {
              id: `b-${n}-${i}`,
              clock: { [d.deviceId]: 1 },
              payload: envelopeText(300),
            }),
          ),
        );
        const res = await api<PushResponse>('/sync/push', { token: d.accessToken, body: { items } });
        expect(res.status).toBe(200);
        return { items, body: res.body };
      }),
    );
    const cursors: number[] = [];
    for (const { items, body } of answers) {
      expect(body.rejected).toEqual([]);
      expect(body.accepted.map((a) => a.id)).toEqual(items.map((i) => i.id));
      const mine = body.accepted.map((a) => a.serverCursor);
      // one block: consecutive, in item order, topped by maxCursor
      expect(mine).toEqual(mine.map((_, i) => (mine[0] as number) + i));
      expect(body.maxCursor).toBe(mine[mine.length - 1]);
      cursors.push(...mine);
    }
    expect(new Set(cursors).size).toBe(8 * 60);
    const manifest = await api<ManifestResponse>('/sync/manifest', { token: devices[0]?.accessToken });
    expect(manifest.body.items.filter((i) => i.id.startsWith('b-'))).toHaveLength(8 * 60);
    // the objects committed with their rows: a pull returns every payload
    const pulled = await api<{ items: { id: string; payload: string }[] }>('/sync/pull', {
      token: devices[1]?.accessToken,
      body: { items: answers[3]?.items.map((i) => ({ type: 'note', id: i.id })) },
    });
    const byId = new Map(pulled.body.items.map((i) => [i.id, i.payload]));
    for (const item of answers[3]?.items ?? []) expect(byId.get(item.id)).toBe(item.payload);
  });
});
