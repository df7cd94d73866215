import 'fake-indexeddb/auto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../../src/worker/changes/changeFeed';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { readZip } from '../../../src/worker/export/zipSources';
import { exportZip, exportZipBlob } from '../../../src/worker/stores/exporter';
import { importFiles } from '../../../src/worker/stores/importer';
import { createNoteBodies } from '../../../src/worker/stores/noteBodies';
import { createNotesStore } from '../../../src/worker/stores/notesStore';

const VAULT = join(import.meta.dirname, '../../../../shared/fixtures/obsidian-help-en');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const dbs: VaultDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function vault(name: string) {
  const db = openVaultDb(name);
  dbs.push(db);
  let id = 0;
  const services = {
    vaultId: 'v',
    db,
    feed: new ChangeFeed('v', null),
    now: () => Date.now(),
    newId: () => `${name}-${++id}`,
    deviceId: 'd',
  };
  return { db, notes: createNotesStore({ ...services, bodies: createNoteBodies(services, null) }) };
}

const zipFile = (bytes: Uint8Array, name = 'backup.zip') => ({
  path: name,
  file: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
});

/** Every note and file of a vault, path → bytes, as its export holds them. */
async function contents(db: VaultDb) {
  const files = unzipSync(await exportZip(db));
  // the notes and files only: the records (ids, clocks) differ between two vaults
  return Object.fromEntries(
    Object.entries(files)
      .filter(([k]) => !k.startsWith('.cairn/'))
      .map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
  );
}

describe('importing a zip', () => {
  it("Cairn's own export restores into an empty vault, and a second import skips every identical file", async () => {
    const a = vault('zip-a');
    await a.notes.create({ title: 'Home', markdown: 'See [[Plan]]\n' });
    await a.notes.create({ title: 'Plan', folderPath: 'Work', markdown: '---\ntags: [x]\n---\nbody' });
    await a.notes.create({ title: 'Only', folderPath: 'Solo/Deep', markdown: 'deep' });
    await a.notes.insertMany([
      {
        kind: 'image',
        title: 'pic.png',
        folderPath: 'Work',
        mime: 'image/png',
        blob: new Blob([new Uint8Array([1, 2, 3])]),
      },
    ]);
    const progress: { done: number; total: number }[] = [];
    const exported = await exportZipBlob(a.db, '', (p) => progress.push(p));
    if (!exported.ok) throw new Error(exported.error.message);
    const zip = new Uint8Array(await exported.value.arrayBuffer());
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);

    const b = vault('zip-b');
    const first = await importFiles(b.notes, [zipFile(zip)], '', () => {}, b.db);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value).toMatchObject({ notes: 3, files: 1, skipped: [], renamed: [] });
    expect(await contents(b.db)).toEqual(await contents(a.db));
    const home = await b.db.notes.where('titleKey').equals('home').first();
    const plan = await b.db.notes.where('titleKey').equals('plan').first();
    const links = await b.db.links.where('from_id').equals(home!.id).toArray();
    expect(links.map((l) => l.to_id)).toEqual([plan!.id]);

    const again = await importFiles(b.notes, [zipFile(zip)], '', () => {}, b.db);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value).toMatchObject({ notes: 0, files: 0, renamed: [] });
    expect(again.value.skipped.map((k) => k.path).sort()).toEqual(
      ['Home.md', 'Solo/Deep/Only.md', 'Work/Plan.md', 'Work/pic.png'].sort(),
    );
    expect(again.value.skipped.every((k) => k.reason === 'identical to the one already in the vault')).toBe(
      true,
    );
    expect(await b.db.notes.count()).toBe(4);
  });

  it('a changed note is kept beside the one in the vault, and the summary names it and why', async () => {
    const b = vault('zip-changed');
    await b.notes.create({ title: 'Plan', folderPath: 'Work', markdown: 'mine' });
    const zip = zipSync({ 'Work/Plan.md': strToU8('theirs'), 'New.md': strToU8('new') });
    const res = await importFiles(b.notes, [zipFile(zip)], '', () => {}, b.db);
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.notes).toBe(2);
    expect(res.value.renamed).toEqual([
      {
        path: 'Work/Plan.md',
        as: 'Work/Plan 1',
        reason: 'a different "Plan" is already in "Work"; both are kept',
      },
    ]);
    const kept = await b.notes.get((await b.db.notes.where('titleKey').equals('plan').first())!.id);
    expect(kept?.markdown).toBe('mine');
  });

  it('an Obsidian vault zipped from its parent folder imports as the vault, its settings folder skipped', async () => {
    // a few of its files: the whole vault's import is roundTrip.test's
    const paths = walk(VAULT).filter((p) => /Home\.md$|Engelbart\.jpg$|Internal links\.md$/.test(p));
    const zip = zipSync(
      Object.fromEntries([
        ...paths.map((p) => [`Obsidian Help/${relative(VAULT, p)}`, new Uint8Array(readFileSync(p))]),
        ['Obsidian Help/.obsidian/app.json', strToU8('{}')],
      ]),
    );
    const b = vault('zip-obsidian');
    const res = await importFiles(b.notes, [zipFile(zip, 'Obsidian Help.zip')], '', () => {}, b.db);
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value).toMatchObject({ notes: 2, files: 1 });
    expect(res.value.skipped).toEqual([{ path: '.obsidian/app.json', reason: 'hidden file or folder' }]);
    expect((await b.db.notes.where('titleKey').equals('home').first())?.folderPath).toBe('');
  }, 60_000);

  it('a foreign file named .zip, or a zip cut short, is refused with IMPORT_BAD_ZIP and nothing is written', async () => {
    const b = vault('zip-bad');
    const foreign = await importFiles(b.notes, [zipFile(strToU8('hello, not a zip'))], '', () => {}, b.db);
    expect(foreign).toMatchObject({ ok: false, error: { code: 'IMPORT_BAD_ZIP' } });
    const whole = zipSync(
      { 'a.md': strToU8('a'.repeat(5000)), 'b.md': strToU8('b'.repeat(5000)) },
      { level: 0 },
    );
    const cut = await importFiles(b.notes, [zipFile(whole.slice(0, 6000))], '', () => {}, b.db);
    expect(cut).toMatchObject({ ok: false, error: { code: 'IMPORT_BAD_ZIP' } });
    expect(await b.db.notes.count()).toBe(0);
  });

  it('a zip of 20,000 small notes handed over in one chunk reads whole (the unzipper once overflowed the stack)', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 20_000; i++) files[`F/N${i}.md`] = strToU8(`n${i}`);
    const bytes = zipSync(files, { level: 0 });
    // Chromium hands a Blob in memory over in large chunks: here, all of it at once
    const oneChunk = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
    oneChunk.stream = () =>
      new ReadableStream({
        start(c) {
          c.enqueue(bytes);
          c.close();
        },
      });
    const read = await readZip({ path: 'big.zip', file: oneChunk });
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toHaveLength(20_000);
    expect(read.value[0]?.path).toBe('N0.md');
    expect(await read.value.at(-1)?.file.text()).toBe('n19999');
  });
});
