import { AppFailure, ok, type Result } from '../../shared/result';
import type { Change, ChangeFeed } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';
import type { LinkIndex } from '../links/linkIndex';

export type NoteWrite = <T>(work: (changes: Change[]) => Promise<T>) => Promise<Result<T>>;

/**
 * The one way notes, folders and attachments are written: `work` runs in one rw transaction
 * over every notes table; a thrown AppFailure becomes the refusal and nothing is written (the
 * link resolver is rolled back too). The changes `work` collects are announced only after commit.
 */
export function createNoteTransaction(db: VaultDb, feed: ChangeFeed, links: LinkIndex): NoteWrite {
  return async function write<T>(work: (changes: Change[]) => Promise<T>): Promise<Result<T>> {
    const changes: Change[] = [];
    try {
      const tables = [
        db.notes,
        db.bodies,
        db.folders,
        db.crdtUpdates,
        db.crdtSnapshots,
        db.noteVersions,
        db.blobs,
        db.links,
      ];
      // The scope must itself be an async function: Dexie then keeps the transaction across native awaits.
      const value = await db.transaction('rw', tables, async () => await work(changes));
      links.settle();
      feed.committed(changes);
      return ok(value);
    } catch (err) {
      await links.rollback();
      if (err instanceof AppFailure) return { ok: false, error: err.error };
      throw err;
    }
  };
}
