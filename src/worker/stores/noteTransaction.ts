import { AppFailure, ok, type Result } from '../../shared/result';
import type { Change, ChangeFeed } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';
import type { LinkIndex } from '../links/linkIndex';

/** `afterCommit` registers what must happen only once the transaction committed (tell other tabs). */
export type NoteWork<T> = (changes: Change[], afterCommit: (fn: () => void) => void) => Promise<T>;
export type NoteWrite = <T>(work: NoteWork<T>) => Promise<Result<T>>;

/**
 * The one way notes, folders and attachments are written: `work` runs in one rw transaction
 * over every notes table; a thrown AppFailure becomes the refusal and nothing is written (the
 * link resolver is rolled back too). The changes `work` collects are announced only after commit.
 */
export function createNoteTransaction(
  db: VaultDb,
  feed: ChangeFeed,
  links: LinkIndex,
  onRollback?: () => void,
): NoteWrite {
  return async function write<T>(work: NoteWork<T>): Promise<Result<T>> {
    const changes: Change[] = [];
    const after: (() => void)[] = [];
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
        // derived data that follows a write after commit (noteDerivation.ts) is marked in it
        db.derivePending,
      ];
      // The scope must itself be an async function: Dexie then keeps the transaction across native awaits.
      const value = await db.transaction(
        'rw',
        tables,
        async () => await work(changes, (fn) => after.push(fn)),
      );
      links.settle();
      feed.committed(changes);
      for (const fn of after) fn();
      return ok(value);
    } catch (err) {
      await links.rollback();
      onRollback?.();
      if (err instanceof AppFailure) return { ok: false, error: err.error };
      throw err;
    }
  };
}
