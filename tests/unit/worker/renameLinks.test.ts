import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type Change, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { BODY_TEXT } from '../../../src/worker/crdt/docStore';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { splitFrontmatter } from '../../../src/worker/domain/notes/frontmatter/splitFrontmatter';
import { LinkResolver } from '../../../src/worker/domain/notes/links/linkResolver';
import { linkRowsOf } from '../../../src/worker/domain/notes/links/linkRows';
import { headerOfRow } from '../../../src/worker/links/headerOfRow';
import { createNoteBodies, type NoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';
import { deriveText } from '../../../src/worker/stores/noteText';

let db: VaultDb;
let store: NotesStore;
let bodies: NoteBodies;
let seen: Change[][];
let updateLinks = true;
let n = 0;

beforeEach(async () => {
  db = openVaultDb(`rename-links-${++n}`);
  await db.open();
  const feed = new ChangeFeed('v', null);
  seen = [];
  feed.subscribe((b) => seen.push(b.changes));
  let t = 1000;
  let id = 0;
  updateLinks = true;
  const services = { vaultId: 'v', db, feed, now: () => ++t, newId: () => `id${++id}`, deviceId: 'd1' };
  bodies = createNoteBodies(services, null);
  store = createNotesStore({
    ...services,
    bodies,
    // read from a table outside the rename's transaction, as the settings store does in the app
    updateLinksOnRename: async () => ((await db.settings.get('x')) === undefined ? updateLinks : true),
  });
});
afterEach(() => db.delete());

async function make(title: string, markdown = '', folderPath = ''): Promise<string> {
  const r = await store.create({ title, markdown, folderPath });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.id;
}
const text = async (id: string) => (await store.get(id))?.markdown;
/** The note's CRDT document as a device would load it: must say what the mirror says. */
async function docText(id: string): Promise<string> {
  const state = await bodies.open(id);
  if (!state.ok) throw new Error('open failed');
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state.value);
  return doc.getText(BODY_TEXT).toString();
}

describe('rename keeps links', () => {
  it('rewrites every backlink in one change, through the CRDT text, leaving code and frontmatter alone', async () => {
    const target = await make('Meeting notes', '# Agenda\n', 'Work');
    const a = await make(
      'A',
      '---\nrelated: "[[Meeting notes]]"\n---\nSee [[Meeting notes#Agenda|the agenda]] and ![[Meeting notes]].\n`[[Meeting notes]]`\n',
    );
    const b = await make('B', '```\n[[Meeting notes]]\n```\n[m](Work/Meeting%20notes.md)\n', 'Other');
    const heard: string[] = [];
    bodies.onUpdate((docId) => heard.push(docId));
    seen.length = 0;
    const r = await store.rename(target, 'Weekly sync');
    expect(r.ok).toBe(true);
    // one change on the feed, naming the renamed note and both rewritten ones (their derived
    // fields follow after the quiet time, as after typing: another change then)
    expect(seen).toHaveLength(1);
    const put = seen[0]?.filter((c) => c.table === 'notes').flatMap((c) => c.ids);
    expect(new Set(put)).toEqual(new Set([target, a, b]));
    expect(await text(a)).toBe(
      '---\nrelated: "[[Meeting notes]]"\n---\nSee [[Weekly sync#Agenda|the agenda]] and ![[Weekly sync]].\n`[[Meeting notes]]`\n',
    );
    expect(await text(b)).toBe('```\n[[Meeting notes]]\n```\n[m](Work/Weekly%20sync.md)\n');
    expect(await docText(a)).toBe(await text(a));
    expect(await docText(b)).toBe(await text(b));
    expect(new Set(heard)).toEqual(new Set([a, b]));
    // every stored link still reaches the note
    const incoming = await db.links.where('to_id').equals(target).toArray();
    expect(incoming.map((l) => l.from_id).sort()).toEqual([a, a, b].sort());
    expect(await db.links.where('to_id').equals(target).count()).toBe(3);
  });

  it('a folder rename rewrites path links to every note inside; bare names that still resolve stay', async () => {
    const plan = await make('Plan', '', 'Projects/Cairn');
    const linker = await make('L', '[[Projects/Cairn/Plan]] [[Plan]] [p](Projects/Cairn/Plan.md)');
    const bare = await make('M', 'Only [[Plan]] here.');
    expect((await store.renameFolder('Projects', 'Work')).ok).toBe(true);
    expect(await text(linker)).toBe('[[Work/Cairn/Plan]] [[Plan]] [p](Work/Cairn/Plan.md)');
    expect(await text(bare)).toBe('Only [[Plan]] here.');
    // every stored row of both linking notes, rewritten or not, still reaches the note
    const rows = await db.links.where('from_id').anyOf([linker, bare]).toArray();
    expect(rows.map((r) => [r.from_id, r.to_id])).toEqual(
      expect.arrayContaining([
        [linker, plan],
        [linker, plan],
        [linker, plan],
        [bare, plan],
      ]),
    );
    expect(rows).toHaveLength(4);
  });

  it('a move rewrites the moved note’s own relative links and links to it by path', async () => {
    await make('B', '', 'Work/Sub');
    const moving = await make('A', '[b](./Sub/B.md)', 'Work');
    const linker = await make('C', '[[Work/A]]');
    expect((await store.move(moving, 'Archive')).ok).toBe(true);
    expect(await text(moving)).toBe('[b](../Work/Sub/B.md)');
    expect(await text(linker)).toBe('[[Archive/A]]');
  });

  it('with the setting off, a rename leaves the links as written (they become unresolved)', async () => {
    const target = await make('Old');
    const linker = await make('L', '[[Old]]');
    updateLinks = false;
    expect((await store.rename(target, 'New')).ok).toBe(true);
    expect(await text(linker)).toBe('[[Old]]');
    expect(await db.links.where('to_id').equals(target).count()).toBe(0);
  });

  it('writes only the rewritten links’ rows, in place; every stored row equals the rows of the note’s text', async () => {
    const hub = await make('Hub', '# Hub\n');
    const other = await make('Other');
    const plain = await make('P', 'See [[Hub]], [[Other]] and [[Hub 2]].\n[[Hub#Hub|the hub]] ![[Hub]]\n');
    // a wiki link that is also a markdown link's text (`[Hub]`): both rows come from the whole text
    const nested = await make('N', 'Read [[Hub]](Other.md) now.\n');
    // a link that still reaches the note as written (by path, after the rename: no edit)
    const md = await make('M', 'Go [h](Hub.md) and `[[Hub]]`.\n');
    const seqsBefore = new Map(
      (await db.links.where('from_id').equals(plain).toArray()).map((r) => [r.seq, r.target]),
    );
    expect((await store.rename(hub, 'Hub 2')).ok).toBe(true);
    expect(await text(plain)).toBe(
      'See [[Hub 2]], [[Other]] and [[Hub 2]].\n[[Hub 2#Hub|the hub]] ![[Hub 2]]\n',
    );
    expect(await text(nested)).toBe('Read [[Hub 2]](Other.md) now.\n');
    expect(await text(md)).toBe('Go [h](Hub%202.md) and `[[Hub]]`.\n');
    // the rewritten rows kept their places (seq); the link that was unresolved now resolves
    const after = await db.links.where('from_id').equals(plain).toArray();
    expect(after.map((r) => r.seq)).toEqual([...seqsBefore.keys()]);
    expect(after.map((r) => [r.target, r.to_id])).toEqual([
      ['Hub 2', hub],
      ['Other', other],
      ['Hub 2', hub],
      ['Hub 2', hub],
      ['Hub 2', hub],
    ]);
    // every note's stored rows are what its text gives now
    const rows = await db.notes.toArray();
    const resolver = new LinkResolver(rows.map(headerOfRow));
    for (const row of rows) {
      const body = splitFrontmatter((await text(row.id)) ?? '').body;
      const stored = (await db.links.where('from_id').equals(row.id).sortBy('seq')).map(({ seq, ...r }) => r);
      expect(stored, row.title).toEqual(linkRowsOf(headerOfRow(row), body, resolver));
    }
  });

  it('the rewritten notes’ derived fields follow in one batch, marked in the rename’s transaction', async () => {
    const hub = await make('Hub');
    const ids = [await make('A', '[[Hub]] one two'), await make('B', 'x ![[Hub]]')];
    const before = await db.notes.bulkGet(ids);
    expect((await store.rename(hub, 'The big hub')).ok).toBe(true);
    // committed with the rename: what a crash right now leaves for the next start
    expect((await db.derivePending.bulkGet(ids)).map((m) => m?.id)).toEqual(ids);
    seen.length = 0;
    await bodies.settleDerived();
    expect(await db.derivePending.count()).toBe(0);
    const after = await db.notes.bulkGet(ids);
    const texts = ['[[The big hub]] one two', 'x ![[The big hub]]'];
    expect(await Promise.all(ids.map(text))).toEqual(texts);
    expect(after.map((r) => [r?.wordCount, r?.snippet])).toEqual(
      texts.map((t) => [deriveText(t).wordCount, deriveText(t).snippet]),
    );
    expect(after.map((r) => r?.wordCount)).not.toEqual(before.map((r) => r?.wordCount));
    for (const [i, r] of after.entries()) expect(r!.modified).toBeGreaterThan(before[i]!.modified);
    // one transaction for the batch: one change
    expect(seen).toHaveLength(1);
    expect(new Set(seen[0]?.find((c) => c.table === 'notes')?.ids)).toEqual(new Set(ids));
  });

  it('a refused rename rewrites nothing', async () => {
    const target = await make('Old');
    await make('Taken');
    const linker = await make('L', '[[Old]]');
    expect(await store.rename(target, 'taken')).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await text(linker)).toBe('[[Old]]');
    expect(await docText(linker)).toBe('[[Old]]');
  });
});
