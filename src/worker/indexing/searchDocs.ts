import type { FileTextRow } from '../db/extractTables';
import { nativeDbOf } from '../db/nativeDb';
import type { BodyRow } from '../db/notesTables';
import { request } from '../db/rawIdb';
import type { NoteRow, VaultDb } from '../db/schema';
import { readNote } from '../domain/notes/frontmatter/readNote';
import { liveNote } from '../domain/trash/noteTrash';
import type { DocText, SearchDoc, TextSource } from '../search/searchTypes';

/** The body a search sees: the markdown without its frontmatter (properties are not prose). */
export const searchableBody = (markdown: string) => readNote(markdown).body;

/**
 * `pages`: the text extracted from a filed pdf or image (src/worker/extract), indexed as `extra`;
 * `reasons`: the note's search reasons (search.addReason), indexed as their own field.
 */
export function searchDoc(
  row: NoteRow,
  markdown: string,
  pages: readonly string[] = [],
  reasons: readonly string[] = [],
): SearchDoc {
  const doc: SearchDoc = {
    id: row.id,
    title: row.title,
    folder_path: row.folderPath,
    file_type: row.fileType,
    body: row.fileType === 'markdown' ? searchableBody(markdown) : '',
    ...(pages.length > 0 ? { extra: pages } : {}),
  };
  if (reasons.length > 0) doc.reasons = [...reasons];
  return doc;
}

/** The search reasons of these notes (all notes when no ids), as texts by note id. */
export async function reasonsOf(db: VaultDb, ids?: readonly string[]): Promise<Map<string, string[]>> {
  const rows = ids
    ? await db.searchReasons
        .where('note_id')
        .anyOf([...ids])
        .toArray()
    : await db.searchReasons.toArray();
  rows.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.note_id, [...(out.get(r.note_id) ?? []), r.text]);
  return out;
}

/** The extracted pages of the given ids that are read (`done`); other ids are absent. */
export async function loadFilePages(db: VaultDb, ids: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await db.fileTexts.bulkGet([...ids]);
  const out = new Map<string, string[]>();
  for (const row of rows) if (row?.status === 'done') out.set(row.fileId, row.pages);
  return out;
}

/**
 * Snippet text, read at query time from the markdown mirror and the extracted pages. With the
 * hits' file types (the index knows them) a note's body and a file's pages are read in ONE native
 * read transaction, each from the one store that holds it: a query's 20 snippets cost 20 gets,
 * not 40 gets in two Dexie transactions (docs/search.md, "Snippets").
 */
export function createNoteTexts(db: VaultDb): TextSource {
  return {
    async getTexts(ids, fileTypes) {
      const out = new Map<string, DocText>();
      if (fileTypes === undefined) {
        const bodies = await db.bodies.bulkGet([...ids]);
        const pages = await loadFilePages(db, ids);
        ids.forEach((id, i) => {
          const b = bodies[i];
          out.set(id, { body: b ? searchableBody(b.markdown) : '', extra: pages.get(id) ?? [] });
        });
        return out;
      }
      if (ids.length === 0) return out;
      const native = await nativeDbOf(db);
      const tx = native.transaction(['bodies', 'fileTexts'], 'readonly');
      const bodies = tx.objectStore('bodies');
      const files = tx.objectStore('fileTexts');
      const reads = ids.map((id, i) =>
        fileTypes[i] === 'markdown'
          ? request(bodies.get(id) as IDBRequest<BodyRow | undefined>).then(
              (b): DocText => ({ body: b ? searchableBody(b.markdown) : '', extra: [] }),
            )
          : request(files.get(id) as IDBRequest<FileTextRow | undefined>).then(
              (f): DocText => ({ body: '', extra: f?.status === 'done' ? f.pages : [] }),
            ),
      );
      const texts = await Promise.all(reads);
      for (const [i, id] of ids.entries()) out.set(id, texts[i] as DocText);
      return out;
    },
  };
}

/** Search documents for these note ids (missing ones are left out). */
export async function loadSearchDocs(db: VaultDb, ids: readonly string[]): Promise<SearchDoc[]> {
  const rows = await db.notes.bulkGet([...ids]);
  const bodies = await db.bodies.bulkGet([...ids]);
  const pages = await loadFilePages(db, ids);
  const reasons = await reasonsOf(db, ids);
  const docs: SearchDoc[] = [];
  rows.forEach((found, i) => {
    const row = liveNote(found);
    if (row) docs.push(searchDoc(row, bodies[i]?.markdown ?? '', pages.get(row.id), reasons.get(row.id)));
  });
  return docs;
}

/** Every note and file of the vault as search documents (a rebuild). */
export async function loadAllSearchDocs(db: VaultDb): Promise<SearchDoc[]> {
  // a trashed note is not searched (docs/trash.md)
  const rows = (await db.notes.toArray()).filter((r) => liveNote(r));
  const ids = rows.map((r) => r.id);
  const bodies = await db.bodies.bulkGet(ids);
  const pages = await loadFilePages(db, ids);
  const reasons = await reasonsOf(db);
  return rows.map((r, i) => searchDoc(r, bodies[i]?.markdown ?? '', pages.get(r.id), reasons.get(r.id)));
}
