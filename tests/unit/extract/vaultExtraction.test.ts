import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openMetaDb } from '../../../src/worker/db/meta';
import type { Extractors } from '../../../src/worker/extract/extractors';
import type { SearchHit } from '../../../src/worker/search/searchTypes';
import { openVault } from '../../../src/worker/vault/openVault';

/** Web Locks with a single holder, as the browser grants them to the first tab. */
const locks = {
  request: (_name: string, _opts: unknown, cb: () => Promise<unknown>) => cb(),
} as unknown as LockManager;

/** Pages are the file's bytes split at `|` (the pipeline, not pdf.js, is under test here). */
const extractors: Extractors = {
  pdf: async (data) => ({ pages: new TextDecoder().decode(data).split('|'), ocrPages: [], unreadPages: [] }),
  image: async (blob) => blob.text(),
};

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('extraction in an open vault (leader tab)', () => {
  it('reads a filed PDF and image, makes their text searchable, and gives a note its attachment_text', async () => {
    let n = 0;
    const vault = await openVault(
      {
        meta: openMetaDb(),
        locks,
        openChannel: (name) => new BroadcastChannel(name),
        now: () => Date.now(),
        newId: () => `x${++n}`,
        extractors,
      },
      `extract-vault-${Math.random()}`,
    );
    const created = await vault.notes.insertMany([
      {
        kind: 'markdown',
        title: 'Trip',
        folderPath: '',
        markdown:
          '# Trip\n\n![[report.pdf]]\n\n![[sign.png]]\n\n<div>Visible <b>words</b><script>x()</script></div>\n',
      },
      {
        kind: 'pdf',
        title: 'report.pdf',
        folderPath: '',
        mime: 'application/pdf',
        blob: new Blob(['alpha page|the zeppelin hangar']),
      },
      { kind: 'image', title: 'sign.png', folderPath: '', mime: 'image/png', blob: new Blob(['MARMALADE']) },
    ]);
    if (!created.ok) throw new Error(created.error.message);
    const [note, pdf, image] = created.value;
    if (!note || !pdf || !image) throw new Error('not created');

    const read = await until(
      () => vault.fileTexts.extractedText(pdf.id),
      (t) => t?.status === 'done',
    );
    expect(read).toEqual({
      id: pdf.id,
      status: 'done',
      reason: null,
      page_count: 2,
      pages: ['alpha page', 'the zeppelin hangar'],
      ocr_pages: [],
      unread_pages: [],
      progress: null,
    });
    await until(
      () => vault.fileTexts.extractedText(image.id),
      (t) => t?.status === 'done',
    );
    expect(await vault.fileTexts.extractedText(note.id)).toBeNull();

    const search = await vault.search;
    const hits = await until(
      async () => {
        await search.settled();
        const res = await search.index.query({ query: 'zeppelin' });
        return res.ok ? res.value : [];
      },
      (h: SearchHit[]) => h.length > 0,
    );
    expect(hits.map((h) => h.id)).toEqual([pdf.id]);
    // The snippet comes from the page that matched.
    expect(hits[0]?.snippet).toBe('the <mark>zeppelin</mark> hangar');
    const byImage = await search.index.query({ query: 'marmalade' });
    expect(byImage.ok && byImage.value.map((h) => h.id)).toEqual([image.id]);

    expect(await vault.fileTexts.attachmentTextFor(note.id)).toEqual([
      { file: 'report.pdf', text: 'alpha page\n\nthe zeppelin hangar' },
      { file: 'sign.png', text: 'MARMALADE' },
      { file: 'html:1', text: 'Visible words' },
    ]);
    // The cap cuts the entry that crosses it and leaves later ones out.
    expect(await vault.fileTexts.attachmentTextFor(note.id, 12)).toEqual([
      { file: 'report.pdf', text: 'alpha page\n\n' },
    ]);

    // A file in the Trash leaves search but keeps its text for a restore (docs/trash.md).
    await vault.notes.delete(pdf.id);
    await search.settled();
    const trashed = await search.index.query({ query: 'zeppelin' });
    expect(trashed.ok && trashed.value).toEqual([]);
    expect(await vault.services.db.fileTexts.get(pdf.id)).toBeDefined();
    // Deleting it for good drops its text and its search entry.
    await vault.notes.deleteForever([pdf.id]);
    await until(
      () => vault.services.db.fileTexts.get(pdf.id),
      (row) => row === undefined,
    );
    expect(await vault.services.db.fileTexts.get(pdf.id)).toBeUndefined();
    await search.settled();
    const after = await search.index.query({ query: 'zeppelin' });
    expect(after.ok && after.value).toEqual([]);
    await vault.extraction?.settled();
    vault.close();
  });
});
