import { afterEach, describe, expect, it } from 'vitest';
import { createTickSkip, TICK_SKIP_MAX_MS } from '../../../src/sync/engine/socket/tickSkip';
import { PULL_TICK_MS, type SyncEngine } from '../../../src/sync/engine/syncEngine';
import { startIdleFeedEngine } from './engineHarness';
import { manualTimers } from './manualTimers';

describe('tick skip (spec 4.3.1): the rule', () => {
  it('skips only while the same connection stayed up since the previous tick, at most 5 minutes', () => {
    let now = 0;
    const skip = createTickSkip(() => now);
    skip.pulled();
    const tick = () => {
      now += PULL_TICK_MS;
      return skip.skip();
    };
    expect(tick()).toBe(false); // no socket
    skip.connection(1);
    expect(tick()).toBe(false); // connected since, but not at, the previous tick
    skip.pulled(); // that tick pulled
    expect([tick(), tick(), tick(), tick()]).toEqual([true, true, true, true]);
    expect(tick()).toBe(false); // 5 minutes since the last pull
    skip.pulled();
    expect(tick()).toBe(true);
    skip.connection(null);
    skip.connection(2); // a reconnect in between: a new generation
    expect(tick()).toBe(false);
    skip.pulled();
    expect(tick()).toBe(true);
    skip.connection(null);
    expect(tick()).toBe(false); // disconnected now
    expect(TICK_SKIP_MAX_MS).toBe(5 * 60_000);
  });

  it('any pull restarts the 5 minutes (a wake pull read the whole feed)', () => {
    let now = 0;
    const skip = createTickSkip(() => now);
    skip.connection(1);
    skip.skip();
    for (let i = 0; i < 10; i++) {
      now += PULL_TICK_MS;
      skip.pulled(); // a wake pull between two ticks
      expect(skip.skip()).toBe(true);
    }
  });
});

let engine: SyncEngine | null = null;
afterEach(() => {
  engine?.stop();
  engine = null;
});

describe('tick skip: the engine asks it at every tick', () => {
  it('pulls at each tick without a socket; with one connected, once in 5 minutes', async () => {
    const timers = manualTimers();
    const started = await startIdleFeedEngine(timers);
    engine = started.engine;
    const e = engine;
    const changes = started.changesAt;
    const pullsAt = (t: number) => changes.filter((at) => at === t).length;
    const tickOnce = async () => {
      timers.advance(PULL_TICK_MS);
      const at = timers.now();
      // a tick that runs sends its changes request within a few turns; one that skips sends none
      await new Promise((r) => setTimeout(r, 30));
      return pullsAt(at);
    };
    expect(await tickOnce()).toBe(1); // no socket: every tick pulls
    e.connection(1);
    expect(await tickOnce()).toBe(1); // the socket was not connected at the previous tick
    expect([await tickOnce(), await tickOnce(), await tickOnce(), await tickOnce()]).toEqual([0, 0, 0, 0]);
    expect(await tickOnce()).toBe(1); // 5 minutes without a pull
    e.connection(null);
    e.connection(2);
    expect(await tickOnce()).toBe(1); // reconnected since the previous tick
  });
});
