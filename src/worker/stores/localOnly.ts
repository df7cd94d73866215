import { fail, ok, type Result } from '../../shared/result';
import { recordQid } from '../../sync/engine/queue/queueKeys';
import type { ChangeFeed } from '../changes/changeFeed';
import type { NoteRow, VaultDb } from '../db/schema';
import { attachmentOwner } from '../domain/notes/attachments';
import { attachmentRowsOf } from './attachmentRows';

export interface LocalOnlyDeps {
  db: VaultDb;
  feed: ChangeFeed;
  now: () => number;
}

/**
 * "Keep on this device only" (docs/notes.md, "Local-only notes"). The switch is one rw
 * transaction over `notes` and `syncQueue`; the outbox middleware (src/worker/sync) joins the
 * same transaction, so the row and its queue entry change together or not at all:
 * - ON: the note and its attachments stop syncing here. Their pending record push is dropped (a
 *   local-only row is never pushed, so it would only retire as a dead letter); queued body
 *   updates stay held in the outbox (dexieOutbox.nextBodies skips them) so nothing of the text
 *   leaves the device. Other devices keep the copy they already have: ON is not a delete.
 * - OFF: the rows are written back with `localOnly: false`; the middleware ticks their clocks and
 *   queues them for push in that same transaction, and the held body updates go up with them.
 */
export function createLocalOnly({ db, feed, now }: LocalOnlyDeps) {
  return {
    async set(id: string, localOnly: boolean): Promise<Result<NoteRow>> {
      const changed: string[] = [];
      const value = await db.transaction('rw', db.notes, db.syncQueue, async () => {
        const row = await db.notes.get(id);
        if (!row || attachmentOwner(row.folderPath) !== null) return null;
        if (row.localOnly === localOnly) return row;
        const rows = [row, ...(await attachmentRowsOf(db, id))];
        const t = now();
        const next = rows.map((r) => ({ ...r, localOnly, modified: r.id === id ? t : r.modified }));
        await db.notes.bulkPut(next);
        if (localOnly) await db.syncQueue.bulkDelete(rows.map((r) => recordQid('note', r.id)));
        changed.push(...rows.map((r) => r.id));
        return next[0]!;
      });
      if (value === null)
        return fail('NOT_FOUND', `No note with id "${id}" (an attachment follows its note).`, {
          field: 'id',
        });
      if (changed.length > 0) feed.committed([{ table: 'notes', op: 'put', ids: changed }]);
      return ok(value);
    },

    /** How many notes and filed files are kept on this device only (attachments go with their note, uncounted). */
    async count(): Promise<number> {
      // a boolean cannot be indexed in IndexedDB: one key-less scan of the note headers
      return db.notes.filter((n) => n.localOnly === true && attachmentOwner(n.folderPath) === null).count();
    },
  };
}

export type LocalOnly = ReturnType<typeof createLocalOnly>;
