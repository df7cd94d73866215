import { describe, expect, it } from 'vitest';
import { randomRevision, snapshotRevision } from '../../server/src/crdt/revision';
import { chunk } from '../../server/src/domain/chunk';
import { mapPool } from '../../server/src/domain/pool';
import { frameFor } from '../../server/src/hub/frame-for';
import { bearerToken } from '../../server/src/middleware/authenticate';
import { decideWrite } from '../../server/src/policy/write-policy';
import { dominates, hasGreaterEntry } from '../../server/src/records/clock-rules';
import type { ItemRow } from '../../server/src/records/item-row';
import { decideOverwrite } from '../../server/src/records/write-rules';
import { parseClientHeader } from '../../src/sync/protocol/client-header';
import { LEGACY_SYNC_TYPES, negotiateSyncTypes } from '../../src/sync/protocol/item-types';
import type { PullItem } from '../../src/sync/protocol/pull';

describe('pure service rules', () => {
  it('client header: platforms incl. web; pre-release and malformed are null', () => {
    expect(parseClientHeader('web/1.2.3+45')).toEqual({ platform: 'web', version: '1.2.3', build: '45' });
    expect(parseClientHeader('desktop/0.0.0')).toEqual({
      platform: 'desktop',
      version: '0.0.0',
      build: null,
    });
    for (const bad of [
      'web/1.2.3-rc.1',
      'web/1.2',
      'Web/1.2.3',
      'web/1.2.3+',
      'web/1.2.3 extra',
      'x/1.0.0',
    ]) {
      expect(parseClientHeader(bad), bad).toBeNull();
    }
  });

  it('write gate: kill switch first, then the floor; missing or unparseable floor allows', () => {
    const ios = (v: string) => ({ platform: 'ios' as const, version: v, build: null });
    expect(decideWrite(ios('1.0.0'), null)).toEqual({ allowed: true });
    expect(decideWrite(ios('9.9.9'), { min_write_version: '1.0.0', writes_enabled: 0 })).toEqual({
      allowed: false,
      code: 'PLATFORM_WRITES_DISABLED',
    });
    expect(decideWrite(ios('1.9.10'), { min_write_version: '1.10.0', writes_enabled: 1 })).toEqual({
      allowed: false,
      code: 'CLIENT_UPGRADE_REQUIRED',
      minVersion: '1.10.0',
    });
    expect(decideWrite(ios('1.10.0'), { min_write_version: '1.10.0', writes_enabled: 1 })).toEqual({
      allowed: true,
    });
    expect(decideWrite(ios('0.0.1'), { min_write_version: 'v2', writes_enabled: 1 })).toEqual({
      allowed: true,
    });
    expect(decideWrite(ios('0.0.1'), { min_write_version: null, writes_enabled: 1 })).toEqual({
      allowed: true,
    });
  });

  it('type negotiation: legacy list frozen at 15; tokens are not types', () => {
    expect(LEGACY_SYNC_TYPES).toHaveLength(15);
    expect(LEGACY_SYNC_TYPES).not.toContain('property_definition');
    expect(negotiateSyncTypes(null).types).toEqual([...LEGACY_SYNC_TYPES]);
    expect(negotiateSyncTypes('zzz')).toEqual({ types: [], noteBody: false, purgedTombstones: false });
    expect(negotiateSyncTypes('note_body, task ,task,purged_tombstones')).toEqual({
      types: ['task'],
      noteBody: true,
      purgedTombstones: true,
    });
  });

  it('clock rules', () => {
    expect(hasGreaterEntry({ a: 2 }, { a: 1, b: 5 })).toBe(true);
    expect(hasGreaterEntry({ a: 1 }, { a: 1 })).toBe(false);
    expect(hasGreaterEntry({ c: 1 }, {})).toBe(true);
    expect(dominates({ a: 2, b: 5 }, { a: 1, b: 5 })).toBe(true);
    expect(dominates({ a: 2 }, { a: 1, b: 5 })).toBe(false);
    expect(dominates({ a: 1, b: 5 }, { a: 1, b: 5 })).toBe(false);
  });

  it('overwrite decision over a purged marker', () => {
    const marker = { vector_clock: '{"d":2}', purged_at: 1 } as ItemRow;
    expect(decideOverwrite({ type: 'task', vectorClock: { d: 3 }, deletedAt: null }, marker).ok).toBe(false);
    expect(decideOverwrite({ type: 'journal', vectorClock: { d: 3 }, deletedAt: null }, marker).ok).toBe(
      true,
    );
    expect(decideOverwrite({ type: 'journal', vectorClock: { e: 3 }, deletedAt: null }, marker).ok).toBe(
      false,
    );
    expect(decideOverwrite({ type: 'task', vectorClock: { d: 3 }, deletedAt: 5 }, marker).ok).toBe(true);
  });

  it('chunk keeps every element in order', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i);
    const parts = chunk(ids, 45);
    expect(parts.map((p) => p.length)).toEqual([45, 45, 45, 45, 45, 25]);
    expect(parts.flat()).toEqual(ids);
    expect(() => chunk(ids, 0)).toThrow(RangeError);
  });

  it('snapshot revisions: deterministic for old rows, random for new writes', async () => {
    const a = await snapshotRevision('note-1', 1000, 42);
    expect(await snapshotRevision('note-1', 1000, 42)).toBe(a);
    expect(await snapshotRevision('note-1', 1000, 43)).not.toBe(a);
    expect(await snapshotRevision('note-2', 1000, 42)).not.toBe(a);
    expect(randomRevision()).not.toBe(randomRevision());
    expect(a.startsWith('d-')).toBe(true);
  });
});

describe('socket frame per socket', () => {
  const item = (type: string) => ({ type, id: 'x' }) as PullItem;
  const frame = {
    type: 'changes_available' as const,
    cursor: 7,
    items: [item('note'), item('task')],
    committedAtMs: 5,
  };
  const socket = { deviceId: 'd', items: true, types: ['note'], tokenExpiresAtMs: 1000 };

  it('opted-in socket with a live token gets its types only', () => {
    expect(frameFor(frame, socket, 999)).toEqual({
      type: 'changes_available',
      cursor: 7,
      items: [item('note')],
      committedAtMs: 5,
    });
  });
  it('expired token, no opt-in, or a push without items: hint-only', () => {
    const hint = { type: 'changes_available', cursor: 7 };
    expect(frameFor(frame, socket, 1000)).toEqual(hint);
    expect(frameFor(frame, { ...socket, items: false }, 0)).toEqual(hint);
    expect(frameFor({ type: 'changes_available', cursor: 7 }, socket, 0)).toEqual(hint);
  });
  it('bearer token from headers or, on upgrades only, from the subprotocol', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken(undefined, 'websocket', 'cairn-sync.v1, bearer.a.b.c')).toBe('a.b.c');
    expect(bearerToken(undefined, undefined, 'bearer.a.b.c')).toBeNull();
    expect(bearerToken('Basic xyz')).toBeNull();
  });
});

describe('mapPool', () => {
  it('keeps input order and never exceeds the limit in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapPool(
      Array.from({ length: 40 }, (_, i) => i),
      6,
      async (i) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, (i * 7) % 5));
        inFlight--;
        return i * 2;
      },
    );
    expect(out).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(peak).toBe(6);
    expect(await mapPool([], 6, async () => 1)).toEqual([]);
  });
});
