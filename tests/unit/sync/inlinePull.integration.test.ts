import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

/**
 * `GET /sync/changes?inline=1` on the first page of a pull outside a full sync (spec 4, changes
 * row), against the real service: an edit reaches the other device with no `POST /sync/pull`.
 */
let a: Device;
let b: Device;
const seen: string[] = [];

beforeAll(async () => {
  const service = await sharedSyncService();
  const made = await devicesOfOneAccount(service.url, 'inline', ['A', 'B'] as const, {
    B: { beforeFetch: async (method, path) => void seen.push(`${method} ${path}`) },
  });
  [a, b] = made.devices;
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('inline items on an incremental pull', () => {
  it('applies a changed note from the first page without fetching it by id', async () => {
    const id = value<{ id: string }>(await a.notes.create({ title: 'First', markdown: 'text' })).id;
    await a.sync.syncNow();
    await b.sync.syncNow(); // B's first (full) sync: from cursor 0, rows fetched by id
    expect((await b.notes.get(id))?.title).toBe('First');
    value(await a.notes.rename(id, 'Renamed'));
    await a.sync.syncNow();
    const from = seen.length;
    await b.sync.syncNow();
    expect((await b.notes.get(id))?.title).toBe('Renamed');
    const later = seen.slice(from);
    expect(later).toContain('GET /sync/changes');
    expect(later).not.toContain('POST /sync/pull');
  }, 60_000);
});
