import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, joinAccount, openDevice, value } from './syncDevice';

/**
 * Two devices compacting one note at once, against the real local service. A's compacting
 * snapshot is held on the wire (after its sweep) while B writes an update and compacts the note
 * itself, pruning that update. Released, A's snapshot (built without B's update) must not replace
 * B's: the service refuses it (expectedRevision), A merges B's snapshot and retries, and a fresh
 * device gets both edits. Without the precondition A's snapshot wins and B's edit is gone.
 */
let service: SharedSyncService;
let a: Device;
let b: Device;
let c: Device;
let recoveryKey = '';
let email = '';
const delays = { quietMs: 300, ceilingMs: 2_000 };

let armed = false;
let held: () => void = () => {};
let release: () => void = () => {};
const heldNow = new Promise<void>((r) => {
  held = r;
});
const released = new Promise<void>((r) => {
  release = r;
});

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
    email,
    recoveryKey,
  } = await devicesOfOneAccount(service.url, 'race', ['A', 'B'], {
    A: {
      snapshotDelays: delays,
      beforeFetch: async (method, path) => {
        if (!armed || method !== 'POST' || !path.startsWith('/sync/crdt/snapshot')) return;
        armed = false;
        held();
        await released;
      },
    },
    B: { snapshotDelays: delays },
  }));
  c = await openDevice(service.url, 'C');
}, 120_000);

afterAll(async () => {
  release();
  // let running cycles end before the databases go
  for (const d of [a, b, c]) d?.sync.stop();
  for (const d of [a, b, c]) await d?.sync.syncNow();
  await a?.close();
  await b?.close();
  await c?.close();
});

const revisionOf = async (d: Device, id: string) => (await d.db.crdtMarks.get(id))?.revision ?? null;
const markdownOf = async (d: Device, id: string) => (await d.db.bodies.get(id))?.markdown ?? '';

describe('two devices compacting one note at once', () => {
  it('never lose the update one of them pruned', async () => {
    const id = value<{ id: string }>(await a.notes.create({ title: 'Race', markdown: 'base' })).id;
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(await markdownOf(b, id)).toBe('base');
    const r0 = await revisionOf(a, id);
    expect(r0).not.toBeNull();

    armed = true;
    await typeInto(a, id, ' A1');
    // pushes the update; its compaction comes 300 ms later (maybe in a cycle this call waits for)
    const aSyncing = a.sync.syncNow();
    await heldNow;

    await typeInto(b, id, ' B2');
    await b.sync.syncNow();
    // B compacts (its snapshot covers both edits and prunes them)
    await expect.poll(() => revisionOf(b, id), { timeout: 30_000, interval: 100 }).not.toBe(r0);
    const rB = await revisionOf(b, id);

    const from = a.requests.length;
    release();
    await aSyncing;
    await expect
      .poll(async () => [r0, rB].includes(await revisionOf(a, id)), { timeout: 30_000, interval: 100 })
      .toBe(false);
    await a.sync.syncNow();
    const onA = await markdownOf(a, id);
    expect(onA).toContain(' A1');
    expect(onA).toContain(' B2');

    await joinAccount(c, email, recoveryKey);
    await c.sync.syncNow();
    expect(await markdownOf(c, id)).toBe(onA);
    await b.sync.syncNow();
    expect(await markdownOf(b, id)).toBe(onA);
    const after = a.requests.slice(from);
    // the held request (recorded once sent) and one retry after merging B's snapshot
    expect(after.filter((r) => r.startsWith('POST /sync/crdt/snapshot')).length).toBe(2);
    expect(after).toContain(`GET /sync/crdt/snapshot/${id}`);
  }, 120_000);
});

async function typeInto(d: Device, noteId: string, text: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, value<Uint8Array>(await d.bodies.open(noteId)));
  const before = Y.encodeStateVector(doc);
  doc.getText('markdown').insert(doc.getText('markdown').length, text);
  value(await d.bodies.applyUpdate(noteId, Y.encodeStateAsUpdate(doc, before)));
}
