import { describe, expect, it } from 'vitest';
import { needsBaseline } from '../../../src/sync/engine/pull/sweepBodies';
import {
  createSnapshotSchedule,
  SNAPSHOT_CEILING_MS,
  SNAPSHOT_QUIET_MS,
} from '../../../src/sync/engine/push/snapshotSchedule';

describe('the snapshotMeta revision rule (spec 4.3.10)', () => {
  const meta = { n1: { sequenceNum: 7, revision: 'r7', signerDeviceId: 'd' } };
  it('skips the baseline only for the revision this session merged, applied at or past it', () => {
    const session = new Map([['n1', 'r7']]);
    expect(needsBaseline(meta, 'n1', session, { appliedSeq: 7, revision: 'r7' })).toBe(false);
    expect(needsBaseline(meta, 'n1', session, { appliedSeq: 9, revision: 'r7' })).toBe(false);
    expect(needsBaseline(meta, 'n1', session, { appliedSeq: 6, revision: 'r7' })).toBe(true);
  });
  it('fetches it with no recorded merge in this session, even when a stored mark agrees', () => {
    expect(needsBaseline(meta, 'n1', new Map(), { appliedSeq: 7, revision: 'r7' })).toBe(true);
    expect(needsBaseline(meta, 'n1', new Map([['n1', 'r6']]), { appliedSeq: 7, revision: 'r6' })).toBe(true);
  });
  it('always fetches from an older server (no snapshotMeta); never for a note with no snapshot', () => {
    expect(needsBaseline(undefined, 'n1', new Map([['n1', 'r7']]), { appliedSeq: 7, revision: 'r7' })).toBe(
      true,
    );
    expect(needsBaseline(meta, 'n2', new Map(), null)).toBe(false);
  });
});

function manualTime() {
  let now = 0;
  let timer: { at: number; fn: () => void } | null = null;
  return {
    now: () => now,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        timer = { at: now + ms, fn };
        return timer;
      },
      clearTimeout: (h: unknown) => {
        if (timer === h) timer = null;
      },
      setInterval: () => 0,
      clearInterval: () => {},
    },
    advance(ms: number) {
      now += ms;
      const t = timer;
      if (t && t.at <= now) {
        timer = null;
        t.fn();
      }
    },
    armedAt: () => (timer as { at: number } | null)?.at ?? null,
  };
}

describe('the snapshot schedule (spec 4.3.11)', () => {
  it('makes a note due 30 s after its last pushed update, and gathers notes due within 2 s', () => {
    const time = manualTime();
    let flushes = 0;
    const s = createSnapshotSchedule({ now: time.now, timers: time.timers, flush: () => flushes++ });
    s.updated('a');
    time.advance(1_500);
    s.updated('b');
    time.advance(10_000);
    s.updated('c');
    expect(time.armedAt()).toBe(SNAPSHOT_QUIET_MS);
    time.advance(SNAPSHOT_QUIET_MS - 11_500);
    expect(flushes).toBe(1);
    expect(s.takeDue().sort()).toEqual(['a', 'b']);
    expect(time.armedAt()).toBe(11_500 + SNAPSHOT_QUIET_MS);
  });

  it('caps a note typed in without pause at 120 s after its first update', () => {
    const time = manualTime();
    const s = createSnapshotSchedule({ now: time.now, timers: time.timers, flush: () => {} });
    for (let t = 0; t < SNAPSHOT_CEILING_MS; t += 10_000) {
      s.updated('busy');
      time.advance(10_000);
      if (t + 10_000 < SNAPSHOT_CEILING_MS) expect(s.takeDue()).toEqual([]);
    }
    expect(s.takeDue()).toEqual(['busy']);
  });

  it('puts a note back with retry, and stop forgets everything', () => {
    const time = manualTime();
    const s = createSnapshotSchedule({ now: time.now, timers: time.timers, flush: () => {} });
    s.retry('n');
    time.advance(SNAPSHOT_QUIET_MS);
    expect(s.takeDue()).toEqual(['n']);
    s.updated('m');
    s.stop();
    expect(time.armedAt()).toBeNull();
    time.advance(SNAPSHOT_CEILING_MS);
    expect(s.takeDue()).toEqual([]);
  });
});
