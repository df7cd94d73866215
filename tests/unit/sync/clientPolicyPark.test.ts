import { describe, expect, it } from 'vitest';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { QueuedRecord } from '../../../src/sync/engine/ports';
import type { PushItem } from '../../../src/sync/protocol/push';
import { emptyRecords } from './emptyRecords';
import { engineOver, memoryOutbox, unexpected } from './engineHarness';

/** the push refusal that parks: 403 PLATFORM_WRITES_DISABLED or 426 CLIENT_UPGRADE_REQUIRED */
type Refusal = { code: string; status: number };

async function setup(refusal: Refusal) {
  const policy = { writeAllowed: false };
  const requests: string[] = [];
  const call = (async (
    method: string,
    path: string,
    o?: { body?: unknown },
  ): Promise<SyncResult<unknown>> => {
    requests.push(`${method} ${path.split('?')[0]}`);
    if (path === '/sync/push') {
      if (!policy.writeAllowed) return { ok: false, error: { ...refusal, message: 'writes refused' } };
      const items = (o!.body as { items: PushItem[] }).items;
      return {
        ok: true,
        value: { accepted: items.map((i) => ({ type: i.type, id: i.id })), rejected: [], maxCursor: 1 },
      };
    }
    if (path === '/sync/status')
      return { ok: true, value: { ok: true, userId: 'u', deviceId: 'd', clientPolicy: { ...policy } } };
    if (path.startsWith('/sync/changes'))
      return { ok: true, value: { refs: [], nextCursor: 0, serverTimeMs: 0 } };
    if (path.startsWith('/sync/manifest')) return { ok: true, value: { items: [], nextCursor: null } };
    return unexpected(path);
  }) as SyncCall;
  const rows: QueuedRecord[] = [{ qid: 'r|note|n1', type: 'note', id: 'n1', op: 'create', version: 1 }];
  const { engine, statuses } = await engineOver(call, {
    outbox: memoryOutbox(rows),
    records: emptyRecords(async () => ({
      clock: { d: 1 },
      deletedAt: null,
      payload: { id: 'n1', title: 'n1' },
    })),
  });
  return { engine, policy, requests, rows, last: () => statuses.at(-1)! };
}

describe('client policy (spec 3.1): a parked outbox', () => {
  it.each([
    { code: 'PLATFORM_WRITES_DISABLED', status: 403 },
    { code: 'CLIENT_UPGRADE_REQUIRED', status: 426 },
  ])(
    'on $status $code: keeps its rows, stops pushing, still pulls, and resumes by itself when the policy clears',
    async (refusal) => {
      const { engine, policy, requests, rows, last } = await setup(refusal);
      engine.start();
      await engine.syncNow();
      expect(last().phase).toBe('parked');
      expect(rows).toHaveLength(1);
      expect(requests.filter((r) => r === 'POST /sync/push')).toHaveLength(1);

      requests.length = 0;
      engine.foreground();
      await engine.syncNow();
      expect(requests).toContain('GET /sync/status');
      expect(requests).toContain('GET /sync/changes'); // reads are never gated
      expect(requests).not.toContain('POST /sync/push');
      expect(last().phase).toBe('parked');

      policy.writeAllowed = true;
      engine.foreground();
      await engine.syncNow();
      expect(rows).toHaveLength(0);
      expect(last().phase).toBe('synced');
      engine.stop();
    },
  );
});
