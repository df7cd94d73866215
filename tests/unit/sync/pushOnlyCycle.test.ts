import { afterEach, describe, expect, it } from 'vitest';
import type { SyncEngine } from '../../../src/sync/engine/syncEngine';
import { idleFeedOnManualTimers } from './engineHarness';

// Push-only cycles (docs/sync-client.md): a local edit's cycle skips the changes request while the
// socket has stayed connected since the last completed pull (every other device's commit is then
// announced by a frame, and each frame wakes a pull). Every cycle over the harness's empty outbox
// that pulls sends exactly one `GET /sync/changes`, so requests count pulls. Without the rule,
// each requestPush below sends one.

let engine: SyncEngine | undefined;
afterEach(() => engine?.stop());

async function setup(failing?: () => boolean) {
  const started = await idleFeedOnManualTimers(failing);
  engine = started.engine;
  const pulls = started.changesAt;
  const { advance } = started;
  /** a local edit long after the last cycle: its cycle starts at once */
  const edit = async () => {
    await advance(1_000);
    engine!.requestPush();
    await advance(0);
  };
  return { e: started.engine, pulls, advance, edit };
}

describe('a local edit pushes without reading the feed while the socket is live', () => {
  it('skips the pull after a pull made on the same connection, and pulls for a wake', async () => {
    const { e, pulls, edit } = await setup();
    e.connection(1);
    await e.syncNow();
    const afterPull = pulls.length;
    await edit();
    await edit();
    expect(pulls.length).toBe(afterPull);
    expect(e.status().phase).toBe('synced');

    // another device's commit is announced: that pull still goes out
    e.wake(6);
    await new Promise((r) => setTimeout(r, 30));
    expect(pulls.length).toBe(afterPull + 1);
    // Sync now always reads the feed
    await e.syncNow();
    expect(pulls.length).toBe(afterPull + 2);
  });

  it('pulls with the push when the socket is down, or reconnected since the last pull', async () => {
    const { e, pulls, edit } = await setup();
    // no socket yet: the pull of setup ran without one
    await edit();
    expect(pulls.length).toBe(1);

    e.connection(1);
    await edit(); // connected, but the last pull was before the connection: it pulls
    expect(pulls.length).toBe(2);
    await edit(); // now on the connection of the last pull: push only
    expect(pulls.length).toBe(2);

    e.connection(null);
    await edit();
    expect(pulls.length).toBe(3);

    e.connection(2); // a reconnect: frames of the gap were never seen
    await edit();
    expect(pulls.length).toBe(4);
  });

  it('pulls again with the next edit when the last pull failed', async () => {
    let failNext = false;
    const { e, pulls, edit } = await setup(() => failNext);
    e.connection(1);
    failNext = true;
    await e.syncNow();
    failNext = false;
    const afterFailed = pulls.length;
    await edit();
    expect(pulls.length).toBe(afterFailed + 1);
    await edit();
    expect(pulls.length).toBe(afterFailed + 1);
  });
});
