import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, openDevice, value } from './syncDevice';

let service: SharedSyncService;
let a: Device;
let b: Device;
let recoveryKey = '';
const email = `snap-${Date.now()}@test.cairn.local`;

beforeAll(async () => {
  service = await sharedSyncService();
  a = await openDevice(service.url, 'A');
  b = await openDevice(service.url, 'B');
  await a.signIn(email);
  recoveryKey = value<{ recoveryKey: string }>(await a.sync.setUp()).recoveryKey;
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const count = (d: Device, route: string) => d.requests.filter((r) => r === route).length;

describe('first uploads of note bodies', () => {
  it('go up 50 to a snapshot batch request, and a fresh device gets every body', async () => {
    const ids: string[] = [];
    a.online(false); // the running engine would push part of them while they are written
    for (let i = 0; i < 120; i++) {
      ids.push(value<{ id: string }>(await a.notes.create({ title: `N${i}`, markdown: `body ${i}` })).id);
    }
    await a.sync.syncNow();
    a.requests.length = 0;
    a.online(true);
    await a.sync.syncNow();
    expect(count(a, 'POST /sync/crdt/snapshot/batch')).toBe(3);
    expect(count(a, 'POST /sync/crdt/updates')).toBe(0);
    expect(await a.db.syncQueue.count()).toBe(0);
    expect(await a.db.crdtMarks.count()).toBe(120);

    await b.signIn(email);
    await b.sync.setUp();
    value(await b.sync.restore(recoveryKey));
    await b.sync.syncNow();
    for (const [i, id] of ids.entries()) expect((await b.db.bodies.get(id))?.markdown).toBe(`body ${i}`);
    // merged revisions are remembered: a second pull fetches no snapshot again
    const before = b.requests.filter((r) => r.startsWith('GET /sync/crdt/snapshot/')).length;
    expect(before).toBe(120);
    await b.sync.syncNow();
    expect(b.requests.filter((r) => r.startsWith('GET /sync/crdt/snapshot/')).length).toBe(before);
  }, 120_000);

  it('sends later edits as updates, from either device, and both converge', async () => {
    const id = value<{ id: string }>(await a.notes.create({ title: 'Later', markdown: 'start' })).id;
    await a.sync.syncNow();
    await b.sync.syncNow();
    const updatesBefore = count(b, 'POST /sync/crdt/updates');
    await typeInto(b, id, ' from B');
    await typeInto(a, id, ' from A');
    await a.sync.syncNow();
    await b.sync.syncNow();
    await a.sync.syncNow();
    expect(count(b, 'POST /sync/crdt/updates')).toBe(updatesBefore + 1);
    const onA = (await a.db.bodies.get(id))?.markdown;
    expect(onA).toContain(' from A');
    expect(onA).toContain(' from B');
    expect((await b.db.bodies.get(id))?.markdown).toBe(onA);
  }, 60_000);
});

async function typeInto(d: Device, noteId: string, text: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, value<Uint8Array>(await d.bodies.open(noteId)));
  const before = Y.encodeStateVector(doc);
  doc.getText('markdown').insert(doc.getText('markdown').length, text);
  value(await d.bodies.applyUpdate(noteId, Y.encodeStateAsUpdate(doc, before)));
}
