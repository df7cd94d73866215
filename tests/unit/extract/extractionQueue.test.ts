import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileTextRow } from '../../../src/worker/db/extractTables';
import { openVaultDb, type VaultDb } from '../../../src/worker/db/schema';
import { createExtractionQueue, MAX_ATTEMPTS } from '../../../src/worker/extract/extractionQueue';
import { createDexieExtractionSource } from '../../../src/worker/extract/extractionSource';
import {
  type Extractors,
  ExtractorUnavailable,
  UnreadableFile,
} from '../../../src/worker/extract/extractors';
import { createDexieFileTextStore } from '../../../src/worker/extract/fileTextStore';
import type { PdfProgress } from '../../../src/worker/extract/pdfPageTexts';

let n = 0;
const dbs: VaultDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

function vaultDb(): VaultDb {
  const db = openVaultDb(`extract-${++n}-${Math.random()}`);
  dbs.push(db);
  return db;
}

/** A filed file as the notes store writes it: a `notes` row and its bytes. */
async function fileInto(db: VaultDb, id: string, fileType: 'pdf' | 'image' | 'audio', bytes = 'x') {
  await db.notes.add({
    id,
    title: `${id}.${fileType === 'pdf' ? 'pdf' : 'png'}`,
    titleKey: id,
    folderPath: '',
    fileType,
    snippet: '',
    wordCount: 0,
    tags: [],
    emoji: null,
    localOnly: false,
    mime: fileType === 'pdf' ? 'application/pdf' : 'image/png',
    size: bytes.length,
    created: 1,
    modified: 1,
  });
  await db.blobs.add({ id, blob: new Blob([bytes]) });
}

/** Extractors answering from the file's bytes: `pdf:a|b` gives pages a and b, `bad` is unreadable. */
function fakeExtractors(log: string[] = []): Extractors & { running: number; most: number } {
  const ex = {
    running: 0,
    most: 0,
    /** a page written `ocr:text` stands for a scanned page read by OCR (progress is reported) */
    async pdf(data: Uint8Array, onProgress?: (p: PdfProgress) => void) {
      return ex.run(new TextDecoder().decode(data), (t) => {
        const raw = t.replace(/^pdf:/, '').split('|');
        const ocrPages: number[] = [];
        const pages = raw.map((p, i) => {
          if (p.startsWith('ocr:')) ocrPages.push(i + 1);
          onProgress?.({ page: i + 1, pageCount: raw.length, ocr: ocrPages.length });
          return p.replace(/^ocr:/, '');
        });
        return { pages, ocrPages, unreadPages: [] };
      });
    },
    async image(blob: Blob) {
      return ex.run(await blob.text(), (t) => t.replace(/^img:/, ''));
    },
    async run<T>(text: string, read: (t: string) => T): Promise<T> {
      ex.running++;
      ex.most = Math.max(ex.most, ex.running);
      log.push(text);
      await new Promise((r) => setTimeout(r, 2));
      ex.running--;
      if (text === 'bad') throw new UnreadableFile('This PDF is damaged or is not a PDF.');
      if (text === 'boom') throw new Error('out of cheese');
      return read(text);
    },
  };
  return ex;
}

function queueFor(db: VaultDb, extractors: Extractors, announced: Array<[string, string[]]> = []) {
  let t = 1000;
  return createExtractionQueue({
    store: createDexieFileTextStore(db),
    source: createDexieExtractionSource(db),
    extractors,
    announce: (op, ids) => announced.push([op, ids]),
    now: () => ++t,
  });
}

describe('the extraction queue', () => {
  it('stores progress while scanned pages are read by OCR, then the pages OCR read', async () => {
    const db = vaultDb();
    await fileInto(db, 'p1', 'pdf', 'pdf:typed|ocr:LANTERN|ocr:QUARRY');
    const seen: Array<FileTextRow['progress']> = [];
    const store = createDexieFileTextStore(db);
    const queue = createExtractionQueue({
      store,
      source: createDexieExtractionSource(db),
      extractors: fakeExtractors(),
      // what a viewer re-reading the row on each announcement sees
      announce: (_op, ids) => void store.get(ids[0]!).then((r) => seen.push(r?.progress)),
      now: () => Date.now(),
    });
    await queue.admit(['p1']);
    queue.start();
    await queue.settled();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toContainEqual({ page: 2, pageCount: 3 });
    expect(seen).toContainEqual({ page: 3, pageCount: 3 });
    expect(await db.fileTexts.get('p1')).toMatchObject({
      status: 'done',
      pages: ['typed', 'LANTERN', 'QUARRY'],
      ocrPages: [2, 3],
      unreadPages: [],
      progress: null,
    });
  });

  it('moves a filed PDF and image from extracting to done with their page text, one file at a time', async () => {
    const db = vaultDb();
    await fileInto(db, 'p1', 'pdf', 'pdf:first page|second page');
    await fileInto(db, 'i1', 'image', 'img:MARMALADE');
    await fileInto(db, 'a1', 'audio');
    const announced: Array<[string, string[]]> = [];
    const ex = fakeExtractors();
    const queue = queueFor(db, ex, announced);
    await queue.admit(['p1', 'i1', 'a1']);
    // Admitted files are `extracting` before any work starts (the UI shows it at once).
    expect((await db.fileTexts.get('p1'))?.status).toBe('extracting');
    expect(await db.fileTexts.get('a1')).toBeUndefined();
    queue.start();
    await queue.settled();
    const pdf = await db.fileTexts.get('p1');
    expect(pdf).toMatchObject({
      status: 'done',
      reason: null,
      pages: ['first page', 'second page'],
      pageCount: 2,
    });
    expect(await db.fileTexts.get('i1')).toMatchObject({
      status: 'done',
      pages: ['MARMALADE'],
      pageCount: 1,
    });
    expect(ex.most).toBe(1);
    expect(announced).toContainEqual(['put', ['p1']]);
    expect(announced).toContainEqual(['put', ['i1']]);
  });

  it('fails an unreadable file with its reason, another error with its message, and changes nothing else', async () => {
    const db = vaultDb();
    await fileInto(db, 'bad', 'pdf', 'bad');
    await fileInto(db, 'boom', 'image', 'boom');
    await fileInto(db, 'gone', 'pdf', 'pdf:x');
    await db.blobs.delete('gone');
    const notesBefore = await db.notes.toArray();
    const blobsBefore = (await db.blobs.toCollection().primaryKeys()).sort();
    const queue = queueFor(db, fakeExtractors());
    await queue.admit(['bad', 'boom', 'gone']);
    queue.start();
    await queue.settled();
    expect(await db.fileTexts.get('bad')).toMatchObject({
      status: 'failed',
      reason: 'This PDF is damaged or is not a PDF.',
      pages: [],
    });
    expect((await db.fileTexts.get('boom'))?.reason).toBe('The file could not be read: out of cheese');
    // a file whose bytes are not here (a synced file's record came first) waits for them (issue 15)
    expect(await db.fileTexts.get('gone')).toBeUndefined();
    expect(await db.notes.toArray()).toEqual(notesBefore);
    expect((await db.blobs.toCollection().primaryKeys()).sort()).toEqual(blobsBefore);
    // its bytes arrive (file sync announces the file): its text is extracted then
    await db.blobs.put({ id: 'gone', blob: new Blob(['pdf:x']) });
    await queue.admit(['gone']);
    await queue.settled();
    expect((await db.fileTexts.get('gone'))?.status).toBe('done');
  });

  it('resumes after a restart: files left extracting are read, files filed meanwhile are admitted', async () => {
    const db = vaultDb();
    await fileInto(db, 'p1', 'pdf', 'pdf:one');
    await fileInto(db, 'p2', 'pdf', 'pdf:two');
    // The last tab died during p1's first start; p2 was filed while no leader ran.
    const left: FileTextRow = {
      fileId: 'p1',
      kind: 'pdf',
      status: 'extracting',
      reason: null,
      pages: [],
      pageCount: null,
      attempts: 1,
      updated: 5,
    };
    await db.fileTexts.put(left);
    // A row whose file was deleted meanwhile is dropped.
    await db.fileTexts.put({ ...left, fileId: 'deleted' });
    const announced: Array<[string, string[]]> = [];
    const queue = queueFor(db, fakeExtractors(), announced);
    queue.start();
    await queue.catchUp();
    await queue.settled();
    expect(await db.fileTexts.get('p1')).toMatchObject({ status: 'done', pages: ['one'], attempts: 2 });
    expect(await db.fileTexts.get('p2')).toMatchObject({ status: 'done', pages: ['two'], attempts: 1 });
    expect(await db.fileTexts.get('deleted')).toBeUndefined();
    expect(announced).toContainEqual(['delete', ['deleted']]);
  });

  it(`gives up on a file started ${MAX_ATTEMPTS} times without finishing (it crashed the tab each time)`, async () => {
    const db = vaultDb();
    await fileInto(db, 'p1', 'pdf', 'pdf:never read');
    const log: string[] = [];
    await db.fileTexts.put({
      fileId: 'p1',
      kind: 'pdf',
      status: 'extracting',
      reason: null,
      pages: [],
      pageCount: null,
      attempts: MAX_ATTEMPTS,
      updated: 5,
    });
    const queue = queueFor(db, fakeExtractors(log));
    queue.start();
    await queue.catchUp();
    await queue.settled();
    expect(await db.fileTexts.get('p1')).toMatchObject({ status: 'failed' });
    expect((await db.fileTexts.get('p1'))?.reason).toMatch(/stopped before finishing 3 times/);
    expect(log).toEqual([]);
  });

  it('counts a start before it begins, so a crash mid-extraction is remembered', async () => {
    const db = vaultDb();
    await fileInto(db, 'p1', 'pdf', 'pdf:x');
    let seen: FileTextRow | undefined;
    const ex = fakeExtractors();
    const queue = queueFor(db, {
      ...ex,
      pdf: async (data) => {
        seen = await db.fileTexts.get('p1');
        return ex.pdf(data);
      },
    });
    await queue.admit(['p1']);
    queue.start();
    await queue.settled();
    expect(seen).toMatchObject({ status: 'extracting', attempts: 1 });
  });

  it('pauses while the reader cannot start and reads the file on retry', async () => {
    const db = vaultDb();
    await fileInto(db, 'i1', 'image', 'img:LATER');
    let online = false;
    const ex = fakeExtractors();
    const queue = queueFor(db, {
      ...ex,
      image: async (blob) => {
        if (!online) throw new ExtractorUnavailable('offline');
        return ex.image(blob);
      },
    });
    await queue.admit(['i1']);
    queue.start();
    await queue.settled();
    expect((await db.fileTexts.get('i1'))?.status).toBe('extracting');
    online = true;
    queue.retry();
    await queue.settled();
    expect(await db.fileTexts.get('i1')).toMatchObject({ status: 'done', pages: ['LATER'] });
  });

  it('drops the text of a file deleted while it was read, and the row of a deleted file', async () => {
    const db = vaultDb();
    await fileInto(db, 'p1', 'pdf', 'pdf:x');
    await fileInto(db, 'p2', 'pdf', 'pdf:y');
    const ex = fakeExtractors();
    const queue = queueFor(db, {
      ...ex,
      pdf: async (data) => {
        await db.notes.delete('p1');
        return ex.pdf(data);
      },
    });
    await queue.admit(['p1']);
    queue.start();
    await queue.settled();
    expect(await db.fileTexts.get('p1')).toBeUndefined();
    await queue.admit(['p2']);
    await queue.settled();
    expect((await db.fileTexts.get('p2'))?.status).toBe('done');
    await db.notes.delete('p2');
    await queue.forget(['p2']);
    expect(await db.fileTexts.get('p2')).toBeUndefined();
  });

  it('does nothing while stopped (not the leader) and re-admitting a read file does not read it again', async () => {
    const db = vaultDb();
    await fileInto(db, 'p1', 'pdf', 'pdf:x');
    const log: string[] = [];
    const queue = queueFor(db, fakeExtractors(log));
    await queue.admit(['p1']);
    await queue.settled();
    expect(log).toEqual([]);
    queue.start();
    await queue.settled();
    await queue.admit(['p1']);
    await queue.settled();
    expect(log).toEqual(['pdf:x']);
  });
});
