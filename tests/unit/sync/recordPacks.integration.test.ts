import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackListEntry, PackListResponse } from '../../../src/sync/protocol/packs';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, joinAccount, openDevice, value } from './syncDevice';

/**
 * Records packs (docs/packs.md "Record packs") on a fresh device against the real local service,
 * whose queue consumer builds them: the first pull applies the packs' feed pages and reads the
 * feed only above them; every failure leaves the rest to the feed, nothing lost.
 */
let service: SharedSyncService;
let a: Device;
let email: string;
let recoveryKey: string;
let syncVaultId: string;
const ids: string[] = [];
const taskIds: string[] = [];
const opened: Device[] = [];
// a note is a record and a snapshot on the feed: 150 notes and 4 tasks fill one full window (256)
const N = 150;

async function listing(d: Device, kinds: string): Promise<PackListEntry[]> {
  const call = await d.sync.accountCall();
  const page = value<PackListResponse>(
    await call('GET', `/sync/packs?limit=50&kinds=${kinds}`, { vaultId: syncVaultId }),
  );
  return page.packs;
}

beforeAll(async () => {
  service = await sharedSyncService();
  const made = await devicesOfOneAccount(service.url, 'recpacks', ['A'] as const);
  [a] = made.devices;
  email = made.email;
  recoveryKey = made.recoveryKey;
  for (let i = 0; i < N; i++) {
    const markdown = `# Record ${i}\n\nbody ${i}`;
    ids.push(value<{ id: string }>(await a.notes.create({ title: `Record ${i}`, markdown })).id);
  }
  for (let i = 0; i < 4; i++) {
    const { task } = value<{ task: { id: string } }>(await a.write('tasks.create', { title: `Task ${i}` }));
    taskIds.push(task.id);
  }
  await a.sync.syncNow();
  syncVaultId = (await a.db.syncState.get('syncVaultId'))?.value as string;
  // both kinds built (3 s after the rows settled): a records pack, and snapshots of every note
  for (;;) {
    const records = await listing(a, 'records');
    const snapshots = await listing(a, 'crdt_snapshot');
    if (records.length >= 1 && snapshots.reduce((n, p) => n + p.entryCount, 0) >= N) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
}, 180_000);

afterAll(async () => {
  for (const d of [a, ...opened]) await d?.close();
});

async function freshDevice(options: Parameters<typeof openDevice>[2] = {}): Promise<Device> {
  const d = await openDevice(service.url, `R${opened.length}`, { packs: true, ...options });
  opened.push(d);
  await joinAccount(d, email, recoveryKey);
  return d;
}

/** What a device holds of the vault: note titles and bodies, tasks. */
async function contents(d: Device) {
  const notes = await Promise.all(
    ids.map(async (id) => ({
      id,
      title: (await d.notes.get(id))?.title,
      body: (await d.db.bodies.get(id))?.markdown,
    })),
  );
  const tasks = await Promise.all(taskIds.map(async (id) => (await d.db.tasks.get(id))?.title));
  return { notes, tasks };
}

const changesPages = (d: Device) => d.requests.filter((r) => r.startsWith('GET /sync/changes')).length;
const recordPackGets = (d: Device) =>
  d.requests.filter(
    (r) => r.startsWith('GET /objects/') && decodeURIComponent(r).includes('/packs/records/'),
  );

describe('records packs on a fresh device', () => {
  it('the first pull applies the records packs and reads only the feed above them; the device ends equal to one on the item path', async () => {
    const b = await freshDevice();
    await b.sync.syncNow();
    expect((await b.sync.state()).status.phase).toBe('synced');
    const seed = b.sync.packSeed();
    expect(seed?.records.packs).toBeGreaterThanOrEqual(1);
    expect(recordPackGets(b).length).toBe(seed?.records.packs);
    // the packs held the whole feed but its tail: no record of them fetched by id
    expect(seed?.records.refs).toBe(0);

    const c = await freshDevice({ packs: false });
    await c.sync.syncNow();
    expect((await c.sync.state()).status.phase).toBe('synced');
    expect(recordPackGets(c)).toEqual([]);
    const onC = await contents(c);
    expect(onC.notes.every((n) => n.title !== undefined && n.body?.startsWith('# Record'))).toBe(true);
    expect(await contents(b)).toEqual(onC);
    // 256 entries came from a pack: the packs device read fewer feed pages
    expect(changesPages(b)).toBeLessThan(changesPages(c));
    expect(changesPages(c) - changesPages(b)).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('a corrupted records pack is not used: the feed from 0 brings everything', async () => {
    const d = await freshDevice();
    d.answerFor((method, path, url) => {
      if (method !== 'GET' || !decodeURIComponent(path).includes('/packs/records/')) return null;
      return new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
            bytes[8 + 30] = (bytes[8 + 30] as number) ^ 0xff; // the payload digest no longer matches
            controller.enqueue(bytes);
            controller.close();
          },
        }),
        { status: 200 },
      );
    });
    await d.sync.syncNow();
    expect((await d.sync.state()).status.phase).toBe('synced');
    expect(d.sync.packSeed()?.records.packs).toBe(0);
    expect(recordPackGets(d).length).toBeGreaterThanOrEqual(1);
    const c = opened.find((x) => !recordPackGets(x).length && x !== d) as Device;
    expect(await contents(d)).toEqual(await contents(c));
  }, 120_000);

  it('a record changed after its pack was built: the newer version from the feed wins', async () => {
    const [packed] = await listing(a, 'records');
    value(await a.notes.rename(ids[0] as string, 'Renamed after the pack'));
    const { task } = value<{ task: { id: string } }>(await a.write('tasks.create', { title: 'Late task' }));
    await a.sync.syncNow();
    // the pack still holds the old version (the rename's row has a cursor above it)
    expect((await listing(a, 'records'))[0]?.maxCursor).toBe(packed?.maxCursor);
    const e = await freshDevice();
    await e.sync.syncNow();
    expect(e.sync.packSeed()?.records.packs).toBeGreaterThanOrEqual(1);
    expect((await e.notes.get(ids[0] as string))?.title).toBe('Renamed after the pack');
    expect((await e.db.tasks.get(task.id))?.title).toBe('Late task');
    expect((await e.sync.state()).status.phase).toBe('synced');
  }, 120_000);
});
