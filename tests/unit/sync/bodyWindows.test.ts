import { describe, expect, it } from 'vitest';
import { BODY_WINDOW_MS, createBodyWindows } from '../../../src/sync/engine/push/bodyWindows';

/** A clock and timers the test moves by hand. */
function manualTime() {
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  return {
    now: () => now,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        timers.push({ at: now + ms, fn, id: ++ids });
        return ids;
      },
      clearTimeout: (h: unknown) => {
        const i = timers.findIndex((t) => t.id === h);
        if (i >= 0) timers.splice(i, 1);
      },
      setInterval: () => 0,
      clearInterval: () => {},
    },
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
    pending: () => timers.length,
  };
}

function setup() {
  const time = manualTime();
  let flushes = 0;
  const w = createBodyWindows({ now: time.now, timers: time.timers, flush: () => flushes++ });
  return { time, w, flushes: () => flushes };
}

describe('per-note body window (spec 4.2.2)', () => {
  it('flushes the first update after a quiet second at once', () => {
    const { w, flushes } = setup();
    w.touched('n1');
    expect(flushes()).toBe(1);
    expect(w.takeIfDue('n1')).toBe(true);
  });

  it('sends later updates of the second in ONE trailing flush, held back until then', () => {
    const { time, w, flushes } = setup();
    w.touched('n1');
    w.takeIfDue('n1'); // the push carried it at t=0
    time.advance(200);
    w.touched('n1');
    time.advance(300);
    w.touched('n1');
    expect(flushes()).toBe(1);
    expect(w.takeIfDue('n1')).toBe(false); // another change's push must not carry it yet
    time.advance(BODY_WINDOW_MS - 500);
    expect(flushes()).toBe(2);
    expect(w.takeIfDue('n1')).toBe(true);
  });

  it('keeps windows per note: another note is not held by this one', () => {
    const { time, w, flushes } = setup();
    w.touched('n1');
    w.takeIfDue('n1');
    time.advance(100);
    w.touched('n1');
    w.touched('n2');
    expect(flushes()).toBe(2); // n2 at once; n1 waits
    expect(w.takeIfDue('n2')).toBe(true);
    expect(w.takeIfDue('n1')).toBe(false);
  });

  it('an update landing during the push flushes once more after the window', () => {
    const { time, w, flushes } = setup();
    w.touched('n1');
    expect(w.takeIfDue('n1')).toBe(true); // push in flight
    time.advance(50);
    w.touched('n1');
    time.advance(BODY_WINDOW_MS);
    expect(flushes()).toBe(2);
  });

  it('stop clears the trailing timers: nothing flushes after it', () => {
    const { time, w, flushes } = setup();
    w.touched('n1');
    w.takeIfDue('n1');
    w.touched('n1');
    w.stop();
    time.advance(5 * BODY_WINDOW_MS);
    expect(flushes()).toBe(1);
    expect(time.pending()).toBe(0);
  });
});
