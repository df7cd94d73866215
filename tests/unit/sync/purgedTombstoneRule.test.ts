import { describe, expect, it } from 'vitest';
import { type PurgedContext, purgedApplies } from '../../../src/sync/engine/pull/purgedTombstones';
import type { PurgedTombstone } from '../../../src/sync/protocol/pull';

const entry: PurgedTombstone = {
  type: 'task',
  id: 't1',
  clock: { a: 3, b: 1 },
  deletedAt: 5_000,
  signerDeviceId: 'srv-a',
  deleteAttestation: 'sig',
};

const ctx = (over: Partial<PurgedContext> = {}): PurgedContext => ({
  asked: new Set(['task|t1']),
  types: ['task', 'note'],
  fromZero: false,
  local: { clock: { a: 2, b: 1 }, queued: false, modifiedAt: 4_000 },
  attested: true,
  ...over,
});

describe('purged tombstones (spec 4.3.7)', () => {
  it('applies when every condition holds and no exclusion does', () => {
    expect(purgedApplies(entry, ctx()).apply).toBe(true);
    expect(purgedApplies(entry, ctx({ local: undefined })).apply).toBe(true);
  });

  it.each([
    ['the request did not ask for it', ctx({ asked: new Set(['task|other']) })],
    ['its type is not one with a required clock here', ctx({ types: ['note'] })],
    ['the attestation does not verify', ctx({ attested: false })],
    ['the pull started from cursor 0', ctx({ fromZero: true })],
    ['the local row has no clock', ctx({ local: { clock: null, queued: false, modifiedAt: 1 } })],
    ['the local row has an empty clock', ctx({ local: { clock: {}, queued: false, modifiedAt: 1 } })],
    [
      'it was re-created and is still queued',
      ctx({ local: { clock: { a: 2 }, queued: true, modifiedAt: 1 } }),
    ],
    [
      'it was touched after the delete',
      ctx({ local: { clock: { a: 2, b: 1 }, queued: false, modifiedAt: 6_000 } }),
    ],
    [
      'its clock names devices the row never saw',
      ctx({ local: { clock: { z: 1 }, queued: false, modifiedAt: 1 } }),
    ],
  ])('is refused when %s', (_why, c) => {
    expect(purgedApplies(entry, c).apply).toBe(false);
  });

  it('is refused without a clock', () => {
    expect(purgedApplies({ ...entry, clock: {} }, ctx()).apply).toBe(false);
  });
});
