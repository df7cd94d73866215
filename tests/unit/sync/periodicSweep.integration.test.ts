import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { BODY_SWEEP_PASS_AT } from '../../../src/sync/engine/pull/periodicSweep';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

/**
 * The periodic CRDT sweep of every body (spec 4.3.10): a body update the change feed did not
 * deliver to a device (its cursor moved past it) reaches it through the sweep, on a schedule.
 */
let service: SharedSyncService;
let a: Device;
let b: Device;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
  } = await devicesOfOneAccount(service.url, 'sweep', ['A', 'B']));
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

async function typeAtEnd(d: Device, noteId: string, text: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, value<Uint8Array>(await d.bodies.open(noteId)));
  const before = Y.encodeStateVector(doc);
  doc.getText('markdown').insert(doc.getText('markdown').length, text);
  value(await d.bodies.applyUpdate(noteId, Y.encodeStateAsUpdate(doc, before)));
}

const probes = (d: Device, from: number) =>
  d.requests.slice(from).filter((r) => r === 'POST /sync/crdt/updates/batch').length;
const snapshotGets = (d: Device, from: number) =>
  d.requests.slice(from).filter((r) => r.startsWith('GET /sync/crdt/snapshot/')).length;

describe('the periodic body sweep', () => {
  it('fetches a body update the feed never delivered, once per pass', async () => {
    const note = value<{ id: string }>(await a.notes.create({ title: 'Swept', markdown: 'start' }));
    await a.sync.syncNow();
    const first = b.requests.length;
    await b.sync.syncNow();
    expect((await b.db.bodies.get(note.id))?.markdown).toBe('start');
    // B's first pull read the whole feed (the note's first snapshot included): that is its first
    // pass, so the sweep neither probes nor fetches the baseline the pull just merged
    expect(snapshotGets(b, first)).toBe(1);
    expect(probes(b, first)).toBe(0);

    await typeAtEnd(a, note.id, ' and more');
    await a.sync.syncNow();
    // B's cursor moves past the update without B reading it
    await b.db.syncState.put({ key: LAST_CURSOR, value: 1_000_000_000 });
    const passed = b.requests.length;
    await b.sync.syncNow(); // B's first sync counted as a pass: the next is not due yet
    expect(probes(b, passed)).toBe(0);
    expect((await b.db.bodies.get(note.id))?.markdown).toBe('start');

    await b.db.syncState.put({ key: BODY_SWEEP_PASS_AT, value: 0 }); // 15 minutes later
    const due = b.requests.length;
    await b.sync.syncNow();
    expect(probes(b, due)).toBe(1);
    expect((await b.db.bodies.get(note.id))?.markdown).toBe('start and more');
    // the baseline B's pull merged this session is not fetched again (the revision rule)
    expect(snapshotGets(b, due)).toBe(0);
  }, 90_000);
});
