import { afterEach, describe, expect, it } from 'vitest';
import type { SyncEngine } from '../../../src/sync/engine/syncEngine';
import { idleFeedOnManualTimers } from './engineHarness';

// Issue 7 part 4 and 5: the engine's own clocks, with the spec's values written out here (not
// the engine's constants), so a changed delay fails: the 60 s pull tick (4.3.1), the 300 ms push
// debounce with ONE trailing timer (4.2.1), and nothing sent after stop(). Each cycle over an
// empty outbox sends exactly one changes request, so requests count cycles.

let engine: SyncEngine | undefined;
afterEach(() => engine?.stop());

async function setup() {
  const started = await idleFeedOnManualTimers();
  engine = started.engine;
  return { e: started.engine, timers: started.timers, cycles: started.changesAt, advance: started.advance };
}

describe('the sync engine clocks (spec 4.2.1, 4.3.1)', () => {
  it('pulls every 60 s, not sooner', async () => {
    const { cycles, advance } = await setup();
    await advance(59_999);
    expect(cycles).toEqual([]);
    await advance(1);
    expect(cycles).toEqual([60_000]);
    await advance(60_000);
    expect(cycles).toEqual([60_000, 120_000]);
  });

  it('debounces pushes by 300 ms after the last cycle started, with one trailing timer', async () => {
    const { e, timers, cycles, advance } = await setup();
    const armedBefore = timers.pending(); // the tick
    await advance(100);
    e.requestPush();
    e.requestPush();
    e.requestPush();
    expect(timers.pending()).toBe(armedBefore + 1); // one trailing timer for the three requests
    await advance(199);
    expect(cycles).toEqual([]);
    await advance(1);
    expect(cycles).toEqual([300]); // 300 ms after the cycle at 0 started
    expect(timers.pending()).toBe(armedBefore);

    // long after the last cycle a request goes out at once, no timer
    await advance(5_000);
    e.requestPush();
    expect(timers.pending()).toBe(armedBefore);
    await advance(0);
    expect(cycles).toEqual([300, 5_300]);
  });

  it('sends nothing after stop(): the trailing timer and the tick are cleared, later requests ignored', async () => {
    const { e, timers, cycles, advance } = await setup();
    await advance(50);
    e.requestPush();
    expect(timers.pending()).toBe(2); // the tick and the trailing push
    e.stop();
    expect(timers.pending()).toBe(0);
    e.requestPush();
    e.wake();
    e.foreground();
    await advance(600_000);
    expect(cycles).toEqual([]);
  });
});
