import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { BODY_TEXT, COMPACT_AFTER } from '../../../src/worker/crdt/docStore';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createNoteBodies, type NoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';

let db: VaultDb;
let n = 0;
const channels: BroadcastChannel[] = [];

function tab(
  name: string,
  now: () => number = () => Date.now(),
): { bodies: NoteBodies; notes: ReturnType<typeof createNotesStore> } {
  const ch = new BroadcastChannel(name);
  channels.push(ch);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now,
    newId: () => `n${++id}`,
    deviceId: 'd',
  };
  const bodies = createNoteBodies(services, ch);
  return { bodies, notes: createNotesStore({ ...services, bodies }) };
}

/** An editor replica: a Y.Doc started from the worker's state, sending its own updates. */
async function editor(bodies: NoteBodies, id: string) {
  const opened = await bodies.open(id);
  if (!opened.ok) throw new Error(opened.error.message);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, opened.value, 'remote');
  const sent: Promise<unknown>[] = [];
  doc.on('update', (u: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') sent.push(bodies.applyUpdate(id, u));
  });
  bodies.onUpdate((docId, u) => {
    if (docId === id) Y.applyUpdate(doc, u, 'remote');
  });
  return { doc, text: doc.getText(BODY_TEXT), settled: () => Promise.all(sent) };
}

beforeEach(async () => {
  db = openVaultDb(`bodies-${++n}`);
  await db.open();
});
afterEach(async () => {
  for (const c of channels.splice(0)) c.close();
  await db.delete();
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('note bodies as CRDT documents', () => {
  it('two tabs typing in one note converge, and the markdown mirror says what the document says', async () => {
    const a = tab(`ch-${n}`);
    const b = tab(`ch-${n}`);
    const created = await a.notes.create({ title: 'Shared', markdown: 'Hello world' });
    if (!created.ok) throw new Error('create');
    const id = created.value.id;
    const ea = await editor(a.bodies, id);
    const eb = await editor(b.bodies, id);
    ea.text.insert(5, ', dear');
    eb.text.insert(11, '!');
    eb.text.delete(0, 1);
    eb.text.insert(0, 'h');
    await Promise.all([ea.settled(), eb.settled()]);
    await waitFor(() => ea.text.toString() === eb.text.toString());
    expect(ea.text.toString()).toBe('hello, dear world!');
    expect(eb.text.toString()).toBe('hello, dear world!');
    expect((await db.bodies.get(id))?.markdown).toBe('hello, dear world!');
    // the row's derived fields follow once typing settles (noteDerivation.ts)
    await Promise.all([a.bodies.settleDerived(), b.bodies.settleDerived()]);
    expect((await db.notes.get(id))?.wordCount).toBe(3);
  });

  it('a whole-body replacement merges with typing not yet delivered instead of overwriting it', async () => {
    const a = tab(`ch-${n}`);
    const created = await a.notes.create({ title: 'Merge', markdown: 'one two three' });
    if (!created.ok) throw new Error('create');
    const id = created.value.id;
    // A replica (another device or tab) types while disconnected...
    const opened = await a.bodies.open(id);
    if (!opened.ok) throw new Error('open');
    const replica = new Y.Doc();
    Y.applyUpdate(replica, opened.value);
    let pending: Uint8Array | null = null;
    replica.on('update', (u: Uint8Array) => {
      pending = u;
    });
    replica.getText(BODY_TEXT).insert(0, '>> ');
    // ...meanwhile an agent replaces the whole body...
    expect((await a.notes.updateBody(id, 'one 2 three')).ok).toBe(true);
    // ...and when the typing arrives, both survive.
    expect((await a.bodies.applyUpdate(id, pending!)).ok).toBe(true);
    expect((await db.bodies.get(id))?.markdown).toBe('>> one 2 three');
  });

  it('an update applied twice is stored once; a deletion-only update is stored', async () => {
    const a = tab(`ch-${n}`);
    const created = await a.notes.create({ title: 'Once', markdown: 'abc' });
    if (!created.ok) throw new Error('create');
    const id = created.value.id;
    const ed = await editor(a.bodies, id);
    const captured: Uint8Array[] = [];
    ed.doc.on('update', (u: Uint8Array) => captured.push(u));
    ed.text.delete(1, 1);
    await ed.settled();
    const rows = await db.crdtUpdates.where('docId').equals(id).count();
    await a.bodies.applyUpdate(id, captured[0]!);
    expect(await db.crdtUpdates.where('docId').equals(id).count()).toBe(rows);
    expect((await db.bodies.get(id))?.markdown).toBe('ac');
  });

  it('compaction keeps every edit, and a reopened store reads the same text', async () => {
    const a = tab(`ch-${n}`);
    const created = await a.notes.create({ title: 'Long', markdown: '' });
    if (!created.ok) throw new Error('create');
    const id = created.value.id;
    const ed = await editor(a.bodies, id);
    for (let i = 0; i < COMPACT_AFTER + 20; i++) ed.text.insert(ed.text.length, `${i % 10}`);
    await ed.settled();
    expect(await db.crdtSnapshots.get(id)).toBeDefined();
    expect(await db.crdtUpdates.where('docId').equals(id).count()).toBeLessThan(COMPACT_AFTER);
    const fresh = tab(`other-${n}`);
    const reopened = await editor(fresh.bodies, id);
    expect(reopened.text.toString()).toBe(ed.text.toString());
    expect(reopened.text.length).toBe(COMPACT_AFTER + 20);
  });

  it('deleting a note for good removes its document; opening a missing note is NOT_FOUND', async () => {
    const a = tab(`ch-${n}`);
    const created = await a.notes.create({ title: 'Gone', markdown: 'x' });
    if (!created.ok) throw new Error('create');
    await a.notes.deleteForever([created.value.id]); // the purge (a delete goes to the Trash first)
    expect(await db.crdtUpdates.count()).toBe(0);
    expect(await a.bodies.open(created.value.id)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('a note with markdown but no CRDT state (imported, older schema) is seeded once from its markdown', async () => {
    await db.notes.add({
      id: 'old',
      title: 'Old',
      titleKey: 'old',
      folderPath: '',
      fileType: 'markdown',
      snippet: '',
      wordCount: 0,
      tags: [],
      emoji: null,
      localOnly: false,
      created: 1,
      modified: 1,
    });
    await db.bodies.add({ id: 'old', markdown: 'from before' });
    const a = tab(`ch-${n}`);
    const ed = await editor(a.bodies, 'old');
    expect(ed.text.toString()).toBe('from before');
    const again = await editor(tab(`x-${n}`).bodies, 'old');
    expect(again.text.toString()).toBe('from before');
    expect(await db.crdtUpdates.where('docId').equals('old').count()).toBe(1);
  });
});

describe('note versions', () => {
  it('keeps the replaced text as a version, and a restore never loses the current text', async () => {
    const a = tab(`ch-${n}`);
    const created = await a.notes.create({ title: 'Versioned', markdown: 'first' });
    if (!created.ok) throw new Error('create');
    const id = created.value.id;
    expect((await a.notes.updateBody(id, 'second')).ok).toBe(true);
    const list = await a.bodies.versions.list(id);
    expect(list.map((v) => [v.reason, v.bytes])).toEqual([['agent', 5]]);
    expect((await a.bodies.versions.get(list[0]!.id))?.markdown).toBe('first');

    expect((await a.bodies.restoreVersion(list[0]!.id)).ok).toBe(true);
    expect((await db.bodies.get(id))?.markdown).toBe('first');
    const after = await a.bodies.versions.list(id);
    expect(after.map((v) => v.reason)).toEqual(['restore', 'agent']);
    expect((await a.bodies.versions.get(after[0]!.id))?.markdown).toBe('second');
    expect(await a.bodies.restoreVersion('nope')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('typing keeps at most one version per interval, and deleting the note drops its versions', async () => {
    const a = tab(`ch-${n}`);
    const created = await a.notes.create({ title: 'Typed', markdown: 'base' });
    if (!created.ok) throw new Error('create');
    const id = created.value.id;
    const ed = await editor(a.bodies, id);
    for (const ch of 'abc') {
      ed.text.insert(ed.text.length, ch);
      await ed.settled();
    }
    expect((await a.bodies.versions.list(id)).length).toBe(1);
    await a.notes.deleteForever([id]); // the purge (a delete goes to the Trash first)
    expect(await db.noteVersions.count()).toBe(0);
  });

  it('keeps the text each editing burst left when the next burst starts, and keepCurrent keeps the text now', async () => {
    let t = Date.UTC(2026, 10, 28, 12);
    const a = tab(`ch-${n}`, () => t);
    const created = await a.notes.create({ title: 'Bursts', markdown: 'base' });
    if (!created.ok) throw new Error('create');
    const id = created.value.id;
    const ed = await editor(a.bodies, id);
    const type = async (chars: string) => {
      for (const ch of chars) {
        t += 1000;
        ed.text.insert(ed.text.length, ch);
        await ed.settled();
      }
    };
    await type('ab'); // burst 1: 'base' kept before it
    t += 2 * 60_000; // a pause (less than the 5-minute interval)
    await type('cd'); // burst 2: the text burst 1 left is kept
    const texts = async () =>
      Promise.all(
        (await a.bodies.versions.list(id)).map(async (v) => (await a.bodies.versions.get(v.id))?.markdown),
      );
    expect(await texts()).toEqual(['baseab', 'base']);
    t += 1000;
    expect(await a.bodies.versions.keepCurrent(id, 'import')).toEqual({ ok: true, value: true });
    const list = await a.bodies.versions.list(id);
    expect(list[0]?.reason).toBe('import');
    expect(await texts()).toEqual(['baseabcd', 'baseab', 'base']);
    expect(await a.bodies.versions.keepCurrent('nope', 'import')).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});
