import type { ExtractionStatus, FileTextRow } from '../db/extractTables';
import type { VaultDb } from '../db/schema';

/** What the extraction queue stores and reads. Each call is its own transaction. */
export interface FileTextStore {
  get(id: string): Promise<FileTextRow | undefined>;
  getMany(ids: readonly string[]): Promise<Array<FileTextRow | undefined>>;
  put(row: FileTextRow): Promise<void>;
  /** adds rows for ids that have none; returns the ids added */
  addMissing(rows: readonly FileTextRow[]): Promise<string[]>;
  delete(ids: readonly string[]): Promise<void>;
  idsWithStatus(status: ExtractionStatus): Promise<string[]>;
  allIds(): Promise<string[]>;
}

export function createDexieFileTextStore(db: VaultDb): FileTextStore {
  return {
    get: (id) => db.fileTexts.get(id),
    getMany: (ids) => db.fileTexts.bulkGet([...ids]),
    async put(row) {
      await db.fileTexts.put(row);
    },
    addMissing(rows) {
      return db.transaction('rw', db.fileTexts, async () => {
        const existing = await db.fileTexts.bulkGet(rows.map((r) => r.fileId));
        const fresh = rows.filter((_, i) => existing[i] === undefined);
        if (fresh.length > 0) await db.fileTexts.bulkAdd(fresh);
        return fresh.map((r) => r.fileId);
      });
    },
    async delete(ids) {
      await db.fileTexts.bulkDelete([...ids]);
    },
    async idsWithStatus(status) {
      return (await db.fileTexts.where('status').equals(status).primaryKeys()) as string[];
    },
    async allIds() {
      return (await db.fileTexts.toCollection().primaryKeys()) as string[];
    },
  };
}
