import 'fake-indexeddb/auto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { planImport } from '../../../src/worker/domain/importExport/importPlan';
import { exportZip } from '../../../src/worker/stores/exporter';
import { type ImportProgress, importFiles } from '../../../src/worker/stores/importer';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';

const VAULT = join(import.meta.dirname, '../../../../shared/fixtures/obsidian-help-en');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

let db: VaultDb | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

function store(name: string) {
  db = openVaultDb(name);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => Date.now(),
    newId: () => `i${++id}`,
    deviceId: 'd',
  };
  return createNotesStore({ ...services, bodies: createNoteBodies(services, null) });
}

describe('import plan', () => {
  it('skips hidden files, unknown kinds and oversized notes with a reason, and keeps titles unique per folder', () => {
    const plan = planImport([
      { path: '.obsidian/app.json', size: 10 },
      { path: 'a/Note.md', size: 10 },
      { path: 'a/note.md', size: 10 },
      { path: 'a/What? Why: now.md', size: 10 },
      { path: 'b/tool.exe', size: 10 },
      { path: 'b/huge.md', size: 6 * 1024 * 1024 },
      { path: 'b/pic.PNG', size: 10 },
    ]);
    expect(plan.items.map((i) => [i.folderPath, i.title, i.kind])).toEqual([
      ['a', 'Note', 'markdown'],
      ['a', 'note 1', 'markdown'],
      ['a', 'What- Why- now', 'markdown'],
      ['b', 'pic.PNG', 'image'],
    ]);
    expect(plan.skipped.map((s) => s.path)).toEqual(['.obsidian/app.json', 'b/tool.exe', 'b/huge.md']);
    expect(plan.skipped[1]!.reason).toMatch(/not notes, PDFs, images, audio or video/);
  });
});

describe('import and export round trip on the Obsidian Help vault', () => {
  it('keeps titles, folders, frontmatter, text and attachments byte for byte', async () => {
    const notes = store('roundtrip');
    const paths = walk(VAULT);
    const sources = paths.map((p) => ({ path: relative(VAULT, p), file: new Blob([readFileSync(p)]) }));
    const progress: ImportProgress[] = [];
    const res = await importFiles(notes, sources, '', (p) => progress.push(p));
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.notes).toBe(173);
    expect(res.value.files).toBe(paths.length - 173);
    expect(res.value.skipped).toEqual([]);
    expect(progress.at(-1)).toEqual({ done: paths.length, total: paths.length });
    expect(progress.length).toBeGreaterThan(2);

    const unzipped = unzipSync(await exportZip(db!));
    const exported = Object.keys(unzipped)
      .filter((k) => !k.endsWith('/') && !k.startsWith('.cairn/'))
      .sort();
    expect(exported).toEqual(paths.map((p) => relative(VAULT, p)).sort());
    for (const p of paths) {
      const key = relative(VAULT, p);
      expect(Buffer.from(unzipped[key]!).equals(readFileSync(p)), key).toBe(true);
    }
    const home = await db!.notes.where('titleKey').equals('home').first();
    expect(home?.folderPath).toBe('');
    expect((await db!.notes.where('fileType').equals('image').count()) > 100).toBe(true);
  }, 60_000);

  it('exports one folder with paths relative to it', async () => {
    const notes = store('folder-export');
    await notes.create({ title: 'In', folderPath: 'Keep/Sub', markdown: '---\ntags: [x]\n---\nbody' });
    await notes.create({ title: 'Out', folderPath: 'Other', markdown: 'no' });
    const unzipped = unzipSync(await exportZip(db!, 'Keep'));
    expect(Object.keys(unzipped)).toEqual(['.cairn/backup.json', 'Sub/In.md']);
    expect(new TextDecoder().decode(unzipped['Sub/In.md'])).toBe('---\ntags: [x]\n---\nbody');
  });
});

describe('attachments in an export come back as attachments of their notes', () => {
  async function vaultWithAttachment(name: string) {
    const notes = store(name);
    const made = await notes.create({
      title: 'Trip',
      folderPath: 'Travel',
      markdown: 'Look: ![[photo.png]]\n',
    });
    if (!made.ok) throw new Error(made.error.message);
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], { type: 'image/png' });
    const up = await notes.attachments.upload(made.value.id, 'photo.png', png);
    if (!up.ok) throw new Error(up.error.message);
    // a plain filed file with the same name elsewhere: the embed must not end up on it
    await notes.insertMany([
      { kind: 'image', title: 'photo.png', folderPath: 'Other', mime: 'image/png', blob: png },
    ]);
    return { notes, noteId: made.value.id };
  }

  async function reimport(zip: Uint8Array, name: string, targetFolder = '') {
    const files = unzipSync(zip);
    const sources = Object.entries(files)
      .filter(([k]) => !k.endsWith('/'))
      .map(([path, bytes]) => ({
        path,
        file: new Blob([bytes], { type: path.endsWith('.png') ? 'image/png' : '' }),
      }));
    await db!.delete();
    const notes = store(name);
    const res = await importFiles(notes, sources, targetFolder, () => {});
    if (!res.ok) throw new Error(res.error.message);
    return { notes, summary: res.value };
  }

  async function expectAttachedAndResolved(notes: ReturnType<typeof store>, folder: string) {
    const trip = await db!.notes.where('titleKey').equals('trip').first();
    expect(trip?.folderPath).toBe(folder);
    const listed = await notes.attachments.list(trip!.id);
    expect(listed.ok && listed.value.map((a) => a.name)).toEqual(['photo.png']);
    const entry = listed.ok ? listed.value[0]! : null;
    const bytes = new Uint8Array(await (await notes.getBlob(entry!.id))!.arrayBuffer());
    expect([...bytes]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    // the embed resolves to the note's own attachment, not to the other photo.png
    const links = await db!.links.where('from_id').equals(trip!.id).toArray();
    expect(links.map((l) => l.to_id)).toEqual([entry!.id]);
    // no `attachments/<old id>` folder of plain files was made
    expect((await db!.folders.toArray()).some((f) => f.path.startsWith('attachments'))).toBe(false);
  }

  it('the whole vault: the manifest names each attachment folder’s note', async () => {
    const { noteId } = await vaultWithAttachment('att-export');
    const zip = await exportZip(db!);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toContain(`attachments/${noteId}/photo.png`);
    expect(JSON.parse(new TextDecoder().decode(files['.cairn/attachments.json']))).toEqual({
      version: 1,
      notes: { [noteId]: 'Travel/Trip.md' },
    });
    const { notes, summary } = await reimport(zip, 'att-import');
    expect(summary).toMatchObject({ notes: 1, files: 1, attachments: 1, skipped: [] });
    await expectAttachedAndResolved(notes, 'Travel');
  });

  it('one folder: its notes take their attachments along', async () => {
    const { noteId } = await vaultWithAttachment('att-folder');
    const files = unzipSync(await exportZip(db!, 'Travel'));
    expect(Object.keys(files).sort()).toEqual([
      '.cairn/attachments.json',
      '.cairn/backup.json',
      'Trip.md',
      `attachments/${noteId}/photo.png`,
    ]);
    const { notes, summary } = await reimport(await exportZip(db!, 'Travel'), 'att-folder-import', 'Back');
    expect(summary).toMatchObject({ notes: 1, files: 0, attachments: 1 });
    await expectAttachedAndResolved(notes, 'Back');
  });

  it('without a manifest (an older export): the one note embedding the name owns it', async () => {
    await vaultWithAttachment('att-old');
    const files = unzipSync(await exportZip(db!));
    delete files['.cairn/attachments.json'];
    const { zipSync } = await import('fflate');
    const { notes, summary } = await reimport(zipSync(files), 'att-old-import');
    expect(summary.attachments).toBe(1);
    await expectAttachedAndResolved(notes, 'Travel');
  });
});
