import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

/**
 * The markdown-seed risk (issue 7 lesson "never seed a note body from local markdown over a CRDT
 * state"): a record reaches a device before its body; the device opens or edits it in between;
 * once the body arrives the text is there exactly once, on both devices.
 */
let service: SharedSyncService;
let a: Device;
let b: Device;

const crdtRoutes = (_method: string, path: string) => path.startsWith('/sync/crdt/');

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
  } = await devicesOfOneAccount(service.url, 'later', ['A', 'B']));
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const textOf = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc.getText('markdown').toString();
};

const count = (text: string, part: string) => text.split(part).length - 1;

describe('a body that arrives after its record', () => {
  it('is never seeded over: a note opened in between holds its text once', async () => {
    a.refuse(crdtRoutes); // the records go, the body stays queued on A
    const note = value<{ id: string }>(await a.notes.create({ title: 'Later', markdown: 'hello there' }));
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect((await b.notes.get(note.id))?.title).toBe('Later');

    // opened before its body arrived: empty, and nothing of it queued to be sent back
    expect(textOf(value<Uint8Array>(await b.bodies.open(note.id)))).toBe('');
    expect(await b.db.syncQueue.where('qid').startsWith('b|').count()).toBe(0);

    a.refuse(null);
    await a.sync.syncNow();
    await b.sync.syncNow();
    await a.sync.syncNow();
    for (const d of [a, b]) {
      expect((await d.db.bodies.get(note.id))?.markdown).toBe('hello there');
      expect(textOf(value<Uint8Array>(await d.bodies.open(note.id)))).toBe('hello there');
    }
  }, 90_000);

  it('never seeds a journal entry from its record’s mirror: an edit in between merges once', async () => {
    const date = '2026-11-19';
    a.refuse(crdtRoutes);
    value(await a.write('journal.createEntry', { date, content: 'Dear diary.' }));
    await a.sync.syncNow();
    await b.sync.syncNow();
    const seen = await b.db.journal.get(`j${date}`);
    expect(seen).toBeDefined();

    // B edits what it shows, as the journal view does (a whole-text save)
    value(await b.write('journal.updateEntry', date, { content: `${seen?.markdown ?? ''}\nB was here.` }));
    a.refuse(null);
    for (const d of [a, b, a, b]) await d.sync.syncNow();
    for (const d of [a, b]) {
      const text = (await d.db.journal.get(`j${date}`))?.markdown ?? '';
      expect(count(text, 'Dear diary.')).toBe(1);
      expect(count(text, 'B was here.')).toBe(1);
    }
    expect((await a.db.journal.get(`j${date}`))?.markdown).toBe(
      (await b.db.journal.get(`j${date}`))?.markdown,
    );
  }, 90_000);
});
