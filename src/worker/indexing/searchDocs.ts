import type { NoteRow, VaultDb } from '../db/schema';
import { readNote } from '../domain/notes/frontmatter/readNote';
import type { DocText, SearchDoc, TextSource } from '../search/searchTypes';

/** The body a search sees: the markdown without its frontmatter (properties are not prose). */
export const searchableBody = (markdown: string) => readNote(markdown).body;

export function searchDoc(row: NoteRow, markdown: string): SearchDoc {
  return {
    id: row.id,
    title: row.title,
    folder_path: row.folderPath,
    file_type: row.fileType,
    body: row.fileType === 'markdown' ? searchableBody(markdown) : '',
  };
}

/** Snippet text, read at query time from the markdown mirror. */
export function createNoteTexts(db: VaultDb): TextSource {
  return {
    async getTexts(ids) {
      const bodies = await db.bodies.bulkGet([...ids]);
      const out = new Map<string, DocText>();
      ids.forEach((id, i) => {
        const b = bodies[i];
        out.set(id, { body: b ? searchableBody(b.markdown) : '', extra: [] });
      });
      return out;
    },
  };
}

/** Search documents for these note ids (missing ones are left out). */
export async function loadSearchDocs(db: VaultDb, ids: readonly string[]): Promise<SearchDoc[]> {
  const rows = await db.notes.bulkGet([...ids]);
  const bodies = await db.bodies.bulkGet([...ids]);
  const docs: SearchDoc[] = [];
  rows.forEach((row, i) => {
    if (row) docs.push(searchDoc(row, bodies[i]?.markdown ?? ''));
  });
  return docs;
}
