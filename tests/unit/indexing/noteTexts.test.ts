import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileTextRow } from '../../../src/worker/db/extractTables';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createNoteTexts } from '../../../src/worker/indexing/searchDocs';

let db: VaultDb | undefined;
let opened = 0;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

const file = (fileId: string, kind: FileTextRow['kind'], status: FileTextRow['status']): FileTextRow => ({
  fileId,
  kind,
  status,
  reason: null,
  pages: [],
  pageCount: null,
  attempts: 1,
  updated: 1,
});

async function vault(): Promise<VaultDb> {
  db = openVaultDb(`note-texts-${++opened}-${Date.now()}`);
  await db.open();
  await db.bodies.bulkPut([
    { id: 'n1', markdown: '---\ntags: [a]\n---\nThe river body' },
    { id: 'n2', markdown: 'Second body' },
  ]);
  await db.fileTexts.bulkPut([
    { ...file('f1', 'pdf', 'done'), pages: ['Page one', 'Page two'], pageCount: 2 },
    file('f2', 'image', 'extracting'),
  ]);
  return db;
}

describe('createNoteTexts (the snippet texts of the worker, on IndexedDB)', () => {
  it('getTexts: bodies without frontmatter, read pages only, an empty text for an id that is gone', async () => {
    const texts = createNoteTexts(await vault());
    const all = await texts.getTexts(['n1', 'f1', 'gone', 'f2'], ['markdown', 'pdf', 'markdown', 'image']);
    expect([...all]).toEqual([
      ['n1', { body: 'The river body', extra: [] }],
      ['f1', { body: '', extra: ['Page one', 'Page two'] }],
      ['gone', { body: '', extra: [] }],
      ['f2', { body: '', extra: [] }],
    ]);
  });

  it('on a database closed because its vault was switched away or deleted: refuses, never opens it again', async () => {
    const d = await vault();
    const texts = createNoteTexts(d);
    d.close();
    await expect(texts.getTexts(['n2', 'f1'], ['markdown', 'pdf'])).rejects.toThrow(/closed/i);
    expect(d.isOpen()).toBe(false);
  });
});
