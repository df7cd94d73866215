import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, openDevice, value } from './syncDevice';

/**
 * A fresh device's first sync runs under a bootstrap session (spec 2.10, 3.4) against the real
 * local service (its secret configured by scripts/server-dev.mjs): opened before the first pull,
 * the token on every pull request, closed when the pull completed; a later sync opens none.
 */
let service: SharedSyncService;
let a: Device;
let b: Device;
const email = `boot-${Date.now()}@test.cairn.local`;
/** method, path and whether the bootstrap header rode along, for every request B sent */
const seen: { route: string; token: boolean }[] = [];

beforeAll(async () => {
  service = await sharedSyncService();
  a = await openDevice(service.url, 'A');
  b = await openDevice(service.url, 'B', {
    beforeFetch: async (method, path, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      seen.push({ route: `${method} ${path}`, token: typeof headers['x-svc-bootstrap-token'] === 'string' });
    },
  });
}, 120_000);

afterAll(async () => {
  for (const d of [a, b]) d?.sync.stop();
  await a?.close();
  await b?.close();
});

describe('first sync of a fresh device', () => {
  it('opens a bootstrap session, pulls with its token, closes it, and opens none later', async () => {
    await a.signIn(email);
    const recoveryKey = value<{ recoveryKey: string }>(await a.sync.setUp()).recoveryKey;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(value<{ id: string }>(await a.notes.create({ title: `N${i}`, markdown: `body ${i}` })).id);
    }
    await a.sync.syncNow();

    await b.signIn(email);
    await b.sync.setUp();
    value(await b.sync.restore(recoveryKey));
    await b.sync.syncNow();
    for (const [i, id] of ids.entries()) expect((await b.db.bodies.get(id))?.markdown).toBe(`body ${i}`);

    const routes = seen.map((s) => s.route);
    const opened = routes.indexOf('POST /sync/bootstrap');
    const closed = routes.indexOf('POST /sync/bootstrap/close');
    const firstPull = routes.indexOf('GET /sync/changes');
    expect(opened).toBeGreaterThanOrEqual(0);
    expect(opened).toBeLessThan(firstPull);
    expect(closed).toBeGreaterThan(firstPull);
    const during = seen.slice(opened + 1, closed);
    const pulls = during.filter((s) =>
      /^(GET \/sync\/changes|GET \/sync\/crdt\/snapshot\/|POST \/sync\/pull)/.test(s.route),
    );
    expect(pulls.length).toBeGreaterThanOrEqual(1 + ids.length);
    expect(pulls.every((s) => s.token)).toBe(true);
    // never on a push
    expect(
      seen
        .filter((s) => s.route === 'POST /sync/push' || s.route === 'POST /sync/crdt/updates')
        .every((s) => !s.token),
    ).toBe(true);

    const before = seen.length;
    await b.sync.syncNow();
    const later = seen.slice(before);
    expect(later.some((s) => s.route.startsWith('POST /sync/bootstrap'))).toBe(false);
    expect(later.some((s) => s.token)).toBe(false);
    expect((await b.sync.state()).status.phase).toBe('synced');
  }, 120_000);
});
