import { describe, expect, it } from 'vitest';
import { MANIFEST_CHECK_INTERVAL_MS } from '../../../src/sync/engine/pull/manifestCheck';
import { PULL_SLICE_FETCH_WINDOW } from '../../../src/sync/engine/pull/pullChanges';
import { QUARANTINE_TTL_MS } from '../../../src/sync/engine/pull/quarantineLedger';
import { BODY_WINDOW_MS } from '../../../src/sync/engine/push/bodyWindows';
import {
  SNAPSHOT_CEILING_MS,
  SNAPSHOT_GATHER_MS,
  SNAPSHOT_QUIET_MS,
} from '../../../src/sync/engine/push/snapshotSchedule';
import { PULL_SLICE_IDS } from '../../../src/sync/protocol/limits';
import { MAX_PUSH_ATTEMPTS } from '../../../src/worker/sync/dexieOutbox';

// The behaviour tests of these rules (bodyWindows, snapshotRules, ledgerRetry, pullSlices,
// pullRules, pushOutcomes) drive the engine with its own constants, so a changed value would
// still pass them. Here each value is pinned to the figure issue 7 and the spec name.
describe('the sync engine runs with the spec values (issue 7 parts 4-6)', () => {
  it('pins each delay, window and limit', () => {
    expect({
      bodyWindow: BODY_WINDOW_MS, // 4.2.2: per-note 1 s window
      snapshotGather: SNAPSHOT_GATHER_MS, // 4.3.11: 2 s window
      snapshotQuiet: SNAPSHOT_QUIET_MS, // 30 s quiet
      snapshotCeiling: SNAPSHOT_CEILING_MS, // 120 s ceiling
      quarantine: QUARANTINE_TTL_MS, // 7 days
      sliceRequestsInFlight: PULL_SLICE_FETCH_WINDOW, // 2 requests in flight
      sliceIds: PULL_SLICE_IDS, // slices of 100
      manifestEvery: MANIFEST_CHECK_INTERVAL_MS, // every 30 minutes, persisted
      attempts: MAX_PUSH_ATTEMPTS, // 5 attempts, then exhausted
    }).toEqual({
      bodyWindow: 1_000,
      snapshotGather: 2_000,
      snapshotQuiet: 30_000,
      snapshotCeiling: 120_000,
      quarantine: 7 * 86_400_000,
      sliceRequestsInFlight: 2,
      sliceIds: 100,
      manifestEvery: 1_800_000,
      attempts: 5,
    });
  });
});
