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
      .filter((k) => !k.endsWith('/'))
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
    expect(Object.keys(unzipped)).toEqual(['Sub/In.md']);
    expect(new TextDecoder().decode(unzipped['Sub/In.md'])).toBe('---\ntags: [x]\n---\nbody');
  });
});
