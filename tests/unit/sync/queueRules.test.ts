import { describe, expect, it } from 'vitest';
import { BatchSize } from '../../../src/sync/engine/push/batchSize';
import { coalesceOp } from '../../../src/sync/engine/queue/coalesce';
import { phaseOf } from '../../../src/sync/engine/syncStatus';

describe('coalescing per (type, id), spec 3.2', () => {
  it('lets a delete win over anything queued', () => {
    for (const queued of ['create', 'update', 'delete'] as const)
      expect(coalesceOp(queued, 'delete')).toBe('delete');
  });
  it('keeps an unacknowledged create through later updates', () => {
    expect(coalesceOp('create', 'update')).toBe('create');
  });
  it('turns a write after a queued delete into a create', () => {
    expect(coalesceOp('delete', 'update')).toBe('create');
    expect(coalesceOp('delete', 'create')).toBe('create');
  });
  it('keeps an update an update', () => {
    expect(coalesceOp('update', 'update')).toBe('update');
  });
});

describe('push batch size, spec 3.3', () => {
  it('halves on 5xx down to 1, then refuses to halve further', () => {
    const b = new BatchSize();
    const seen: number[] = [];
    while (b.halve()) seen.push(b.current);
    expect(seen).toEqual([50, 25, 12, 6, 3, 1]);
    expect(b.current).toBe(1);
  });
  it('doubles only after three consecutive full-size answered pushes', () => {
    const b = new BatchSize();
    b.halve();
    b.halve(); // 25
    b.answered(25);
    b.answered(25);
    expect(b.current).toBe(25);
    b.answered(10); // not full size: does not count, does not reset
    b.answered(25);
    expect(b.current).toBe(50);
    for (let i = 0; i < 6; i++) b.answered(b.current);
    expect(b.current).toBe(100);
  });
});

describe('status phase', () => {
  const clean = { queued: 0, deadLetters: 0, quarantined: 0, corrupt: 0, error: null, lastSyncedAt: 1 };
  it('says synced only when nothing is queued, failed or quarantined and the run was clean', () => {
    expect(phaseOf(clean, false, false)).toBe('synced');
    expect(phaseOf({ ...clean, queued: 1 }, false, false)).toBe('pending');
    expect(phaseOf({ ...clean, deadLetters: 1 }, false, false)).toBe('pending');
    expect(phaseOf({ ...clean, quarantined: 1 }, false, false)).toBe('pending');
    expect(phaseOf({ ...clean, corrupt: 1 }, false, false)).toBe('pending');
    expect(phaseOf({ ...clean, lastSyncedAt: null }, false, false)).toBe('pending');
    const error = { category: 'offline' as const, code: 'NETWORK_OFFLINE', message: 'x' };
    expect(phaseOf({ ...clean, error }, false, false)).toBe('error');
    expect(phaseOf(clean, false, true)).toBe('parked');
  });
});
