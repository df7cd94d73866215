import type { VaultDb } from '../db/schema';

export type ExtractableKind = 'pdf' | 'image';

/** The filed files extraction reads: which exist, of what kind, and their bytes. */
export interface ExtractionSource {
  /**
   * kind of each id that is a filed pdf or image whose bytes are on this device; other and
   * missing ids, and files whose bytes have not arrived yet (file sync), are absent
   */
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
      const present = await withBytes(db, ids);
      const out = new Map<string, ExtractableKind>();
      for (const row of rows)
        if (row && isExtractable(row.fileType) && present.has(row.id)) out.set(row.id, row.fileType);
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
      const present = await withBytes(db, [...out.keys()]);
      for (const id of out.keys()) if (!present.has(id)) out.delete(id);
      return out;
    },
  };
}

/**
 * The ids whose bytes are stored here (keys only). A synced file's record can arrive before its
 * bytes: its text is extracted when they arrive (the file sync announces the file then), not
 * failed as "not on this device" meanwhile.
 */
async function withBytes(db: VaultDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set(
    (await db.blobs
      .where(':id')
      .anyOf([...ids])
      .primaryKeys()) as string[],
  );
}
