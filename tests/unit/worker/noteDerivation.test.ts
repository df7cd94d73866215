import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { BODY_TEXT } from '../../../src/worker/crdt/docStore';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { startSearchIndexer } from '../../../src/worker/indexing/searchIndexer';
import { electLeader } from '../../../src/worker/leader';
import { createLinkReads } from '../../../src/worker/links/linkReads';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';
import { deriveText } from '../../../src/worker/stores/noteText';

const locks = {
  request: (_n: string, _o: unknown, cb: () => Promise<unknown>) => cb(),
} as unknown as LockManager;

let db: VaultDb;
let n = 0;
const closers: (() => void)[] = [];

/** One tab's note stores over the shared database; its own feed, as a worker has. */
function tab() {
  const feed = new ChangeFeed('v', null);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed,
    now: () => Date.now(),
    newId: () => `t${n}-${++id}`,
    deviceId: 'd',
  };
  const bodies = createNoteBodies(services, null);
  return { feed, bodies, notes: createNotesStore({ ...services, bodies }) };
}

/** An editor replica sending each local change as the UI does (createNoteDoc). */
async function editor(t: ReturnType<typeof tab>, id: string) {
  const opened = await t.bodies.open(id);
  if (!opened.ok) throw new Error(opened.error.message);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, opened.value, 'remote');
  const sent: Promise<unknown>[] = [];
  doc.on('update', (u: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') sent.push(t.bodies.applyUpdate(id, u));
  });
  return { text: doc.getText(BODY_TEXT), sent: () => Promise.all(sent) };
}

beforeEach(async () => {
  db = openVaultDb(`derive-${++n}`);
  await db.open();
});
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await db.delete();
});

async function waitFor(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('derived data of a note typed into', () => {
  it('after a burst of edits: row fields, links, backlinks and search match the final text', async () => {
    const t = tab();
    const search = await startSearchIndexer({
      db,
      leader: electLeader(locks, `v${n}`),
      channel: null,
      subscribe: (l) => t.feed.subscribe(l),
      now: () => Date.now(),
    });
    const target = await t.notes.create({ title: 'Target', markdown: 'the target' });
    const other = await t.notes.create({ title: 'Other', markdown: 'another' });
    const note = await t.notes.create({ title: 'Busy', markdown: 'Start [[Other]] #old\n' });
    if (!target.ok || !other.ok || !note.ok) throw new Error('create');
    const id = note.value.id;
    const links = createLinkReads(db, t.bodies.links);
    const ed = await editor(t, id);

    // a burst: a link replaced, tags changed, a word typed character by character, frontmatter added
    const s = ed.text.toString();
    ed.text.delete(s.indexOf('[[Other]]'), '[[Other]]'.length);
    ed.text.insert(s.indexOf('[[Other]]'), '[[Target]]');
    ed.text.delete(ed.text.toString().indexOf('#old'), 4);
    ed.text.insert(ed.text.length, '#fresh ');
    for (const ch of 'zephyrine') ed.text.insert(ed.text.length, ch);
    ed.text.insert(0, '---\naliases: [Busy bee]\n---\n');
    await ed.sent();

    const final = ed.text.toString();
    expect((await db.bodies.get(id))?.markdown).toBe(final); // the mirror is in step at once
    await t.bodies.settleDerived();
    await search.settled();

    const row = await db.notes.get(id);
    const expected = deriveText(final);
    expect(row).toMatchObject({
      tags: expected.tags,
      wordCount: expected.wordCount,
      snippet: expected.snippet,
      aliases: ['Busy bee'],
    });
    expect(expected.tags).toEqual(['fresh']);
    const out = await links.getLinks(id);
    expect(out?.outgoing.map((l) => l.note.title)).toEqual(['Target']);
    expect((await links.getLinks(target.value.id))?.backlinks.map((l) => l.note.id)).toEqual([id]);
    expect((await links.getLinks(other.value.id))?.backlinks).toEqual([]);
    const hits = await search.index.query({ query: 'zephyrine', fuzzy: false, prefix: false });
    if (!hits.ok) throw new Error('query');
    expect(hits.value.map((h) => h.id)).toEqual([id]);
    expect(await db.derivePending.count()).toBe(0);
    expect((await t.bodies.links.resolver.get(id))?.aliases).toEqual(['Busy bee']);
  });

  it('settles on its own once typing pauses, with no call from anyone', async () => {
    const t = tab();
    const note = await t.notes.create({ title: 'Quiet', markdown: 'one' });
    if (!note.ok) throw new Error('create');
    const ed = await editor(t, note.value.id);
    ed.text.insert(3, ' two three #later');
    await ed.sent();
    await waitFor(async () => (await db.notes.get(note.value.id))?.tags.length === 1);
    expect(await db.notes.get(note.value.id)).toMatchObject(deriveText('one two three #later'));
    await waitFor(async () => (await db.derivePending.count()) === 0);
  });

  it('a note typed into by a tab that closed before deriving is derived by the next start', async () => {
    const first = tab();
    const note = await first.notes.create({ title: 'Left', markdown: 'alpha' });
    if (!note.ok) throw new Error('create');
    const ed = await editor(first, note.value.id);
    ed.text.insert(5, ' beta #kept');
    await ed.sent();
    expect(await db.derivePending.count()).toBe(1);
    expect((await db.notes.get(note.value.id))?.tags).toEqual([]); // not derived yet
    // the next start (another worker over the same database) finds the mark
    const next = tab();
    await next.bodies.settleDerived();
    expect((await db.notes.get(note.value.id))?.tags).toEqual(['kept']);
    expect(await db.derivePending.count()).toBe(0);
  });

  it('a whole-body write derives at once and leaves nothing pending', async () => {
    const t = tab();
    const note = await t.notes.create({ title: 'Agent', markdown: 'x' });
    if (!note.ok) throw new Error('create');
    const ed = await editor(t, note.value.id);
    ed.text.insert(1, 'y');
    await ed.sent();
    const res = await t.notes.updateBody(note.value.id, 'now #tagged by an agent');
    expect(res.ok && res.value.tags).toEqual(['tagged']);
    expect(await db.derivePending.count()).toBe(0);
  });
});
