import type { VaultDb } from '../db/schema';

export type ExtractableKind = 'pdf' | 'image';

/** The filed files extraction reads: which exist, of what kind, and their bytes. */
export interface ExtractionSource {
  /** kind of each id that is a filed pdf or image; other and missing ids are absent */
  kinds(ids: readonly string[]): Promise<Map<string, ExtractableKind>>;
  blob(id: string): Promise<Blob | null>;
  /** every filed pdf and image of the vault */
  allExtractable(): Promise<Map<string, ExtractableKind>>;
}

const isExtractable = (t: string): t is ExtractableKind => t === 'pdf' || t === 'image';

export function createDexieExtractionSource(db: VaultDb): ExtractionSource {
  return {
    async kinds(ids) {
      const rows = await db.notes.bulkGet([...ids]);
      const out = new Map<string, ExtractableKind>();
      for (const row of rows) if (row && isExtractable(row.fileType)) out.set(row.id, row.fileType);
      return out;
    },
    async blob(id) {
      return (await db.blobs.get(id))?.blob ?? null;
    },
    async allExtractable() {
      const out = new Map<string, ExtractableKind>();
      // The fileType index: no markdown note is read.
      await db.notes
        .where('fileType')
        .anyOf('pdf', 'image')
        .each((row) => {
          if (isExtractable(row.fileType)) out.set(row.id, row.fileType);
        });
      return out;
    },
  };
}
