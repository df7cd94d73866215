import 'fake-indexeddb/auto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Change, ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { readNote } from '../../../src/worker/domain/notes/frontmatter/readNote';
import { LinkResolver } from '../../../src/worker/domain/notes/links/linkResolver';
import { linkRowsOf } from '../../../src/worker/domain/notes/links/linkRows';
import { createLinkReads, type LinkReads } from '../../../src/worker/links/linkReads';
import { importFiles } from '../../../src/worker/stores/importer';
import { createNoteBodies, type NoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore, type NotesStore } from '../../../src/worker/stores/notesStore';
import { FIXTURE_ROOT, loadFixtureVault } from '../notes/fixtureVault';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

let db: VaultDb;
let notes: NotesStore;
let bodies: NoteBodies;
let reads: LinkReads;
const seen: Change[] = [];

/** id of the note at a vault path (`Folder/Title`), from the database. */
async function idOf(path: string): Promise<string> {
  const slash = path.lastIndexOf('/');
  const row = await db.notes
    .where('[folderPath+titleKey]')
    .equals([slash === -1 ? '' : path.slice(0, slash), path.slice(slash + 1).toLowerCase()])
    .first();
  if (!row) throw new Error(`no note ${path}`);
  return row.id;
}

const pathOf = (n: { title: string; folder_path: string | null }) =>
  n.folder_path ? `${n.folder_path}/${n.title}` : n.title;

beforeAll(async () => {
  db = openVaultDb('links-fixture');
  await db.open();
  const feed = new ChangeFeed('v', null);
  feed.subscribe((b) => seen.push(...b.changes));
  let id = 0;
  const services = { vaultId: 'v', db, feed, now: () => Date.now(), newId: () => `n${++id}`, deviceId: 'd' };
  bodies = createNoteBodies(services, null);
  notes = createNotesStore({
    ...services,
    bodies,
    // these tests are about re-resolution as written; rewriting on rename is renameLinks.test.ts
    updateLinksOnRename: async () => false,
  });
  const sources = walk(FIXTURE_ROOT).map((p) => ({
    path: relative(FIXTURE_ROOT, p),
    file: new Blob([readFileSync(p)]),
  }));
  const res = await importFiles(notes, sources, '', () => {});
  if (!res.ok) throw new Error(res.error.message);
  reads = createLinkReads(db, bodies.links);
}, 60_000);
afterAll(() => db.delete());

describe('the links table on the Obsidian Help vault, imported in batches', () => {
  it('holds the same links as resolving the whole vault at once (the pure domain)', async () => {
    // Ground truth: every header known before any link is resolved, no batching.
    const fixture = loadFixtureVault();
    const resolver = new LinkResolver(fixture.map((f) => f.header));
    const pathById = new Map(fixture.map((f) => [f.header.id, pathOf(f.header)]));
    const expected = fixture.flatMap((f) =>
      f.source === undefined
        ? []
        : linkRowsOf(f.header, readNote(f.source).body, resolver).map(
            (r) => `${pathOf(f.header)} -> ${r.to_id === null ? `?${r.target}` : pathById.get(r.to_id)}`,
          ),
    );
    const rows = await db.links.toArray();
    const byId = new Map(
      (await db.notes.toArray()).map((n) => [n.id, pathOf({ title: n.title, folder_path: n.folderPath })]),
    );
    const stored = rows.map(
      (r) => `${byId.get(r.from_id)} -> ${r.to_id === null ? `?${r.target}` : byId.get(r.to_id)}`,
    );
    // Titles of attachments keep their extension in the store; compare by vault path without it.
    const norm = (s: string) => s.replace(/\.(png|jpe?g|svg|gif|webp|ogg|mp4|pdf|ico)\b/gi, '');
    expect(stored.map(norm).sort()).toEqual(expected.map(norm).sort());
    expect(rows.length).toBeGreaterThan(1500);
  });

  it('answers the backlinks of a well-linked note, each with its source title and folder', async () => {
    const id = await idOf('Linking notes and files/Internal links');
    const links = await reads.getLinks(id);
    if (!links) throw new Error('no links');
    const from = new Set(links.backlinks.map((b) => pathOf(b.note)));
    // Notes that write [[Internal links...]] outside code, read from the files themselves.
    for (const path of ['Linking notes and files/Aliases', 'Linking notes and files/Embed files']) {
      expect(from.has(path)).toBe(true);
    }
    expect(links.backlinks.every((b) => b.note.exists && b.note.id !== id)).toBe(true);
    // Its own links: the help's made-up [[Example]] targets stay unresolved.
    const unresolved = links.outgoing.filter((o) => !o.note.exists).map((o) => o.target);
    expect(new Set(unresolved)).toEqual(new Set(['Example', 'Example.md']));
    expect(links.unresolved_count).toBe(unresolved.length);
    expect(await reads.getLinks('no-such-note')).toBeNull();
  });

  it('keeps exactly the unresolved links the fixture cannot resolve', async () => {
    const targets = (await db.links.toArray()).filter((r) => r.to_id === null).map((r) => r.target);
    expect(new Set(targets)).toEqual(new Set(['Example', 'Example.md', 'obsidian-cli.mp4']));
  });

  it('re-resolves on rename, create, move and delete, in the same transaction', async () => {
    const id = await idOf('Linking notes and files/Aliases');
    const before = (await reads.getLinks(id))?.backlinks.length ?? 0;
    expect(before).toBeGreaterThan(0);

    const renamed = await notes.rename(id, 'Other names');
    expect(renamed.ok).toBe(true);
    const afterRename = await reads.getLinks(id);
    expect(afterRename?.backlinks).toEqual([]);
    const dangling = await db.links.where('target_name').equals('aliases').toArray();
    expect(dangling.length).toBe(before);
    expect(dangling.every((r) => r.to_id === null)).toBe(true);

    // A new note with the old name takes the links over.
    const created = await notes.create({ title: 'Aliases', folderPath: 'Elsewhere' });
    if (!created.ok) throw new Error(created.error.message);
    expect((await reads.getLinks(created.value.id))?.backlinks.length).toBe(before);
    expect(seen.some((c) => c.table === 'links' && c.ids.includes(created.value.id))).toBe(true);

    // Deleting it leaves them unresolved again; renaming back restores them.
    expect((await notes.delete(created.value.id)).ok).toBe(true);
    expect(await db.links.where('to_id').equals(created.value.id).count()).toBe(0);
    expect((await notes.rename(id, 'Aliases')).ok).toBe(true);
    expect((await reads.getLinks(id))?.backlinks.length).toBe(before);
  });

  it('decides ties by the linking note’s folder, and follows a move', async () => {
    // Two notes are titled Templates; a bare [[Templates]] resolves to the one in its own folder.
    const plugin = await idOf('Plugins/Templates');
    const clipper = await idOf('Obsidian Web Clipper/Templates');
    const src = await notes.create({
      title: 'Tie',
      folderPath: 'Obsidian Web Clipper',
      markdown: 'See [[Templates]].',
    });
    if (!src.ok) throw new Error(src.error.message);
    const to = async () => (await db.links.where('from_id').equals(src.value.id).first())?.to_id;
    expect(await to()).toBe(clipper);
    expect((await notes.move(src.value.id, 'Plugins')).ok).toBe(true);
    expect(await to()).toBe(plugin);
  });

  it('rewrites a note’s links with its body, and keeps the aliases for resolveByTitle', async () => {
    const res = await notes.create({ title: 'Scratch', markdown: 'nothing yet' });
    if (!res.ok) throw new Error(res.error.message);
    const id = res.value.id;
    const edited = await bodies.replaceText(
      id,
      '---\naliases: [Brouillon]\n---\n[[Internal links#Supported formats for internal links]] and [[Nowhere]]',
    );
    expect(edited.ok).toBe(true);
    const out = (await reads.getLinks(id))?.outgoing ?? [];
    expect(out.map((o) => [o.target, o.note.exists])).toEqual([
      ['Internal links', true],
      ['Nowhere', false],
    ]);
    const byAlias = await reads.resolveByTitle('brouillon');
    expect(byAlias).toMatchObject({ exists: true, id, via: 'alias' });
    const preview = await reads.previewByTitle('Internal links#Supported formats for internal links');
    expect(preview.exists).toBe(true);
    expect(preview.section_found).toBe(true);
    expect(preview.preview).toMatch(/^## Supported formats/);
  });

  it('draws the local graph from the rows around a note, never the whole table', async () => {
    const id = await idOf('Linking notes and files/Internal links');
    const local = await reads.localGraph(id, 1);
    const links = await reads.getLinks(id);
    if (!local || !links) throw new Error('missing');
    const neighbours = new Set([
      ...links.outgoing.filter((o) => o.note.exists && o.note.id !== id).map((o) => o.note.id),
      ...links.backlinks.map((b) => b.note.id),
    ]);
    expect(new Set(local.nodes.map((n) => n.id))).toEqual(new Set([id, ...neighbours]));
    const full = await reads.graph();
    const inLocal = new Set(local.nodes.map((n) => n.id));
    const fullEdges = full.edges.filter((e) => inLocal.has(e.source) && inLocal.has(e.target));
    expect(new Set(local.edges.map((e) => `${e.source}>${e.target}:${e.count}`))).toEqual(
      new Set(fullEdges.map((e) => `${e.source}>${e.target}:${e.count}`)),
    );
  });
});
