import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, joinAccount, openDevice, value } from './syncDevice';

/**
 * A first upload meets a snapshot it never saw, against the real local service. A's first
 * snapshot of a new note is held on the wire (its record already went up) while B pulls the note,
 * types into it and compacts it, pruning its own update. Released, A's first snapshot must not
 * replace B's: it is sent on the condition that the note has no snapshot yet (`expectedRevision:
 * null`), so the service refuses it; A merges B's snapshot and retries, and a fresh device gets
 * both texts. Sent unconditionally (as before), A's snapshot wins and B's text is gone.
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
  } = await devicesOfOneAccount(service.url, 'first-race', ['A', 'B'], {
    A: {
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
  for (const d of [a, b, c]) d?.sync.stop();
  for (const d of [a, b, c]) await d?.sync.syncNow();
  await a?.close();
  await b?.close();
  await c?.close();
});

const revisionOf = async (d: Device, id: string) => (await d.db.crdtMarks.get(id))?.revision ?? null;
const markdownOf = async (d: Device, id: string) => (await d.db.bodies.get(id))?.markdown ?? '';

describe("a first upload racing another device's snapshot", () => {
  it('merges the snapshot it did not see and loses nothing', async () => {
    await a.sync.syncNow();
    armed = true;
    const id = value<{ id: string }>(await a.notes.create({ title: 'First', markdown: 'base' })).id;
    // the record goes up, then the first snapshot of the body is held on the wire
    const aSyncing = a.sync.syncNow();
    await heldNow;

    await b.sync.syncNow();
    expect(await b.db.notes.get(id)).toBeDefined();
    await typeInto(b, id, 'from B ');
    await b.sync.syncNow();
    // B compacts: its snapshot holds its text and prunes its update
    await expect.poll(() => revisionOf(b, id), { timeout: 30_000, interval: 100 }).not.toBeNull();
    const rB = await revisionOf(b, id);

    const from = a.requests.length;
    release();
    await aSyncing;
    await a.sync.syncNow();
    const onA = await markdownOf(a, id);
    expect(onA).toContain('base');
    expect(onA).toContain('from B ');
    const rA = await revisionOf(a, id);
    expect(rA).not.toBeNull();
    expect(rA).not.toBe(rB);

    await joinAccount(c, email, recoveryKey);
    await c.sync.syncNow();
    expect(await markdownOf(c, id)).toBe(onA);
    await b.sync.syncNow();
    expect(await markdownOf(b, id)).toBe(onA);
    const after = a.requests.slice(from);
    // the held request (recorded once sent), then B's snapshot fetched and one retry
    expect(after.filter((r) => r.startsWith('POST /sync/crdt/snapshot')).length).toBe(2);
    expect(after).toContain(`GET /sync/crdt/snapshot/${id}`);
  }, 120_000);
});

async function typeInto(d: Device, noteId: string, text: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, value<Uint8Array>(await d.bodies.open(noteId)));
  const before = Y.encodeStateVector(doc);
  doc.getText('markdown').insert(0, text);
  value(await d.bodies.applyUpdate(noteId, Y.encodeStateAsUpdate(doc, before)));
}
