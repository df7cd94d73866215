import type { VaultClient } from '../../vault/createVaultClient';
import { writeOp } from '../shared/callOp';
import type { Failure } from '../shared/createFailure';
import type { InboxEntry, Undoable } from './inboxTypes';

export type FileTarget = { folder: string } | { projectId: string };

/** What one item's buttons can do; each answers whether the write went through. */
export interface ItemActions {
  toTask: (item: InboxEntry) => Promise<boolean>;
  toNote: (item: InboxEntry) => Promise<boolean>;
  toEvent: (item: InboxEntry, startAt: string) => Promise<boolean>;
  toReminder: (item: InboxEntry, remindAt: string) => Promise<boolean>;
  linkToNote: (item: InboxEntry, noteId: string, noteTitle: string) => Promise<boolean>;
  addTag: (item: InboxEntry, tag: string) => Promise<boolean>;
  removeTag: (item: InboxEntry, tag: string) => Promise<boolean>;
  snooze: (item: InboxEntry, days: number) => Promise<boolean>;
  unsnooze: (item: InboxEntry) => Promise<boolean>;
  markViewed: (item: InboxEntry) => Promise<boolean>;
  /** the item's title or text changed in place (inbox.update) */
  update: (item: InboxEntry, patch: { title?: string; content?: string | null }) => Promise<boolean>;
  retryTranscription: (item: InboxEntry) => Promise<boolean>;
  archive: (item: InboxEntry) => Promise<boolean>;
  restore: (item: InboxEntry) => Promise<boolean>;
  remove: (item: InboxEntry) => Promise<boolean>;
  file: (item: InboxEntry, target: FileTarget, label: string) => Promise<boolean>;
  /** a filed item back in the inbox (filing history) */
  putBack: (item: InboxEntry) => Promise<boolean>;
}

/** Local midnight `days` from now, as an ISO instant (snooze targets). */
export function startOfDayIn(days: number): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d.toISOString();
}

interface Sinks {
  failure: Failure;
  /** the toast offering to undo the last filing or archive */
  offerUndo: (u: Undoable) => void;
  /** a plain message that is not a failure (why a transcription cannot run) */
  tell: (message: string) => void;
  putBack: (id: string) => Promise<boolean>;
}

/**
 * The inbox's per-item writes. Every filing (convert, link, file) offers `inbox.undoFile` and an
 * archive `inbox.undoArchive` in the toast, as the worker keeps enough to reverse them.
 */
export function createInboxActions(client: VaultClient, sinks: Sinks): ItemActions {
  const { failure, offerUndo } = sinks;
  const run = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp<unknown>(client, op, ...args)) !== null;
  const filed = async (item: InboxEntry, message: string, op: string, ...args: unknown[]) => {
    const done = await run(op, item.id, ...args);
    if (done) offerUndo({ message: `“${item.title}” ${message}`, op: 'inbox.undoFile', ids: [item.id] });
    return done;
  };
  const at = (iso: string) => new Date(iso).toLocaleString();
  return {
    toTask: (item) => filed(item, 'is now a task in Inbox.', 'inbox.convertToTask'),
    toNote: (item) => filed(item, 'is now a note.', 'inbox.convertToNote'),
    toEvent: (item, startAt) =>
      filed(item, `is now an event on ${at(startAt)}.`, 'inbox.convertToEvent', { startAt }),
    toReminder: (item, remindAt) =>
      filed(item, `is now a reminder at ${at(remindAt)}.`, 'inbox.convertToReminder', { remindAt }),
    linkToNote: (item, noteId, noteTitle) =>
      filed(item, `added to the note “${noteTitle}”.`, 'inbox.linkToNote', noteId),
    file: (item, target, label) => filed(item, `filed to ${label}.`, 'inbox.file', target),
    addTag: (item, tag) => run('inbox.addTag', item.id, tag),
    removeTag: (item, tag) => run('inbox.removeTag', item.id, tag),
    snooze: (item, days) => run('inbox.snooze', item.id, { until: startOfDayIn(days) }),
    unsnooze: (item) => run('inbox.unsnooze', item.id),
    markViewed: (item) => run('inbox.markViewed', item.id),
    update: (item, patch) => run('inbox.update', item.id, patch),
    async retryTranscription(item) {
      const res = await writeOp<unknown>(client, 'inbox.retryTranscription', item.id);
      // The worker always explains why it cannot transcribe: that is news, not a failure.
      if (!res.ok && res.error.code === 'UNAVAILABLE') {
        failure.clear();
        sinks.tell(res.error.message);
        return false;
      }
      return failure.take(res) !== null;
    },
    async archive(item) {
      const done = await run('inbox.archive', item.id);
      if (done) offerUndo({ message: `“${item.title}” archived.`, op: 'inbox.undoArchive', ids: [item.id] });
      return done;
    },
    restore: (item) => run('inbox.unarchive', item.id),
    putBack: (item) => sinks.putBack(item.id),
    async remove(item) {
      return confirm(`Delete “${item.title}” for good?`) && run('inbox.deletePermanent', item.id);
    },
  };
}
