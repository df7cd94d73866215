import type { AppError } from '../../../shared/result';
import type { Change } from '../../changes/changeFeed';
import { attachmentNameFor } from '../../domain/inbox/attachmentName';
import type { InboxRow } from '../../domain/inbox/inboxItem';
import { inboxBlobId, isFileCapture, isStale } from '../../domain/inbox/inboxItem';
import { fileItem, reopenItem } from '../../domain/inbox/inboxTransitions';
import { noteTitleOf } from '../../domain/inbox/noteTitle';
import { createTask } from '../../domain/tasks/createTask';
import { deleteTask } from '../../domain/tasks/deleteTask';
import { DESCRIPTION_MAX } from '../../domain/tasks/schemas';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { type ErrorCode, fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { PlanningFailure, writeTx } from '../writeTx';
import { isUneditedFiledNote, markdownOf, noteMarkdownOf } from './filedNote';
import { removeUneditedRecord } from './inboxConvertOperations';
import { fileTargetSchema, itemId, itemIds, toTaskSchema } from './inboxSchemas';
import type { InboxStore } from './inboxStore';
import type { NoteCreator } from './noteCreator';

const write = { kind: 'write', requiresApproval: true } as const;
type Target = { folder?: string; projectId?: string; dueDate?: string; dueTime?: string; priority?: number };

/**
 * Filing (`inbox.file`, `convertToNote`, `convertToTask`, bulk and stale filing) and its undo.
 * A filed item becomes a task in a project IN THE SAME transaction as the item's own change, or
 * a note in a folder (see fileAsNotes), and records where it went; `undoFile` puts it back in the inbox and
 * removes the task, event or reminder it made if nobody edited it since (and an unedited note).
 */
export function inboxFilingOperations(
  services: VaultServices,
  store: InboxStore,
  tasks: TaskStore,
  createNote: NoteCreator,
): Operation[] {
  const { db, deps } = store;

  async function fileOne(
    row: InboxRow,
    target: Target,
    action: string,
    changes: Change[],
    field: string,
  ): Promise<InboxRow> {
    if (row.bucket === 'filed')
      throw new PlanningFailure({
        code: 'VALIDATION',
        message: `“${row.title}” is already filed (${row.filedTo})`,
        field,
      });
    const set = await tasks.editInside(
      (ctx) =>
        createTask(ctx, {
          title: row.title,
          description: markdownOf(row).slice(0, DESCRIPTION_MAX) || null,
          projectId: target.projectId ?? null,
          ...(target.dueDate ? { dueDate: target.dueDate } : {}),
          ...(target.dueTime ? { dueTime: target.dueTime } : {}),
          ...(target.priority !== undefined ? { priority: target.priority } : {}),
          tags: row.tags.slice(0, 20),
        }),
      changes,
    );
    const task = set.tasks[0]!;
    return fileItem(row, `task:${task.id}`, action, deps, `project:${task.projectId}`);
  }

  /** Files each item in ONE transaction over the task and inbox tables: all or nothing. */
  const fileAsTasks = async (ids: readonly string[], target: Target, action: string) => {
    await tasks.ready();
    return writeTx(services, [db.inbox, ...tasks.tables()], async (changes) => {
      const rows: InboxRow[] = [];
      for (const [i, id] of ids.entries()) {
        // a bulk refusal names the one item refused, as the notes path does
        const field = ids.length === 1 ? 'id' : `ids[${i}]`;
        rows.push(await fileOne(await store.load(id, field), target, action, changes, field));
      }
      await store.put(rows, changes);
      return { items: rows.map((r) => ({ id: r.id, filedTo: r.filedTo })) };
    });
  };

  /**
   * Files items as notes, one at a time: the note is made by the notes store (its own
   * transaction), then the item is marked filed; if that is refused, the new note is deleted
   * again. A refusal stops the run; the items filed before it stay filed and are reported.
   */
  const fileAsNotes = async (ids: readonly string[], folder: string, action: string) => {
    const items: { id: string; filedTo: string | null }[] = [];
    for (const [i, id] of ids.entries()) {
      const field = ids.length === 1 ? 'id' : `ids[${i}]`;
      const row = await db.inbox.get(id);
      if (!row) return fail('NOT_FOUND', `inbox item ${JSON.stringify(id)} does not exist`, { field });
      if (row.bucket === 'filed')
        return fail('VALIDATION', `“${row.title}” is already filed (${row.filedTo})`, { field });
      // A file capture's file becomes the note's attachment, embedded at the top (the embed
      // resolves when the upload commits, docs/notes.md "Attachments").
      const file = isFileCapture(row) ? await db.blobs.get(inboxBlobId(id)) : undefined;
      const attachName = file
        ? attachmentNameFor(row.metadata?.fileName ?? row.title, `${row.type} capture`)
        : null;
      const made = await createNote.create({
        title: noteTitleOf(row.title),
        folderPath: folder,
        markdown: noteMarkdownOf(row, attachName),
      });
      const refused = (error: AppError) => ({
        ok: false as const,
        error: { ...error, code: error.code as ErrorCode, field, filed: items },
      });
      if (!made.ok) return refused(made.error);
      const attached =
        file && attachName
          ? await createNote.attach(
              made.value.id,
              attachName,
              file.blob,
              row.metadata?.mimeType ?? file.blob.type,
            )
          : null;
      if (attached && !attached.ok) {
        await createNote.remove(made.value.id);
        return refused(attached.error);
      }
      const res = await writeTx(services, [db.inbox, db.blobs], async (changes) => {
        const fresh = await store.load(id, field);
        if (fresh.bucket === 'filed')
          throw new PlanningFailure({ code: 'VALIDATION', message: 'filed meanwhile', field });
        let filed = fileItem(fresh, `note:${made.value.id}`, action, deps, `folder:${folder}`);
        if (attached?.ok) {
          // The bytes moved to the attachment: one copy, which undoFile copies back.
          filed = {
            ...filed,
            metadata: { ...filed.metadata, attachmentId: attached.value.id, attachment: attached.value.file },
          };
          await db.blobs.delete(inboxBlobId(id));
        }
        await store.put([filed], changes);
        return filed.filedTo;
      });
      if (!res.ok) {
        await createNote.remove(made.value.id);
        return res;
      }
      items.push({ id, filedTo: res.value });
    }
    return ok({ items });
  };

  const file = (ids: readonly string[], target: Target, action: string) =>
    target.folder !== undefined ? fileAsNotes(ids, target.folder, action) : fileAsTasks(ids, target, action);

  return [
    defineOperation({
      ...write,
      name: 'inbox.file',
      summary: 'File an item: into a folder (it becomes a note there) or a project (a task there).',
      params: [itemId, { name: 'target', required: true, schema: fileTargetSchema }] as const,
      handler: ([id, target]) => file([id], target, 'file'),
    }),
    defineOperation({
      ...write,
      name: 'inbox.bulkFile',
      summary: 'File several items to one folder or project; all or nothing.',
      params: [itemIds, { name: 'target', required: true, schema: fileTargetSchema }] as const,
      handler: ([ids, target]) => file(ids, target, 'file'),
    }),
    defineOperation({
      ...write,
      name: 'inbox.convertToTask',
      summary: 'Turn an item into a task (Inbox project unless one is given); the item is filed.',
      params: [itemId, { name: 'task', required: false, schema: toTaskSchema }] as const,
      handler: ([id, t]) => file([id], t ?? {}, 'convertToTask'),
    }),
    defineOperation({
      ...write,
      name: 'inbox.convertToNote',
      summary: 'Turn an item into a note in a folder (root unless one is given); the item is filed.',
      params: [
        itemId,
        {
          name: 'note',
          required: false,
          schema: {
            type: 'object',
            properties: { folder: { type: 'string', maxLength: 1000 } },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: ([id, n]) => file([id], { folder: n?.folder ?? '' }, 'convertToNote'),
    }),
    defineOperation({
      ...write,
      name: 'inbox.fileAllStale',
      summary: 'File every stale open item to one folder or project.',
      params: [{ name: 'target', required: true, schema: fileTargetSchema }] as const,
      handler: async ([target]) => {
        const days = await store.staleDays();
        const now = deps.now();
        const ids = (
          await db.inbox
            .where('[bucket+capturedAt]')
            .between(['open', -Infinity], ['open', Infinity])
            .toArray()
        )
          .filter((r) => isStale(r, now, days))
          .map((r) => r.id);
        return ids.length === 0 ? { ok: true as const, value: { items: [] } } : file(ids, target, 'file');
      },
    }),
    defineOperation({
      ...write,
      name: 'inbox.undoFile',
      summary: 'Put a filed item back in the inbox; the task or note it became is removed if unedited.',
      params: [itemId],
      handler: async ([id]) => {
        await tasks.ready();
        const undone = await writeTx(services, db.tables, async (changes) => {
          const row = await store.load(id);
          if (row.bucket !== 'filed')
            throw new PlanningFailure({ code: 'VALIDATION', message: 'the item is not filed', field: 'id' });
          let removed: string | null = null;
          const taskId = row.filedTo?.startsWith('task:') ? row.filedTo.slice(5) : null;
          const task = taskId === null ? null : await tasks.ctx.read.getTask(taskId);
          if (task !== null && task.createdAt === task.modifiedAt) {
            await tasks.editInside((ctx) => deleteTask(ctx, task.id), changes);
            removed = `task:${task.id}`;
          }
          removed = (await removeUneditedRecord(services, row.filedTo, changes)) ?? removed;
          const noteId = row.filedTo?.startsWith('note:') ? row.filedTo.slice(5) : null;
          const unedited = noteId !== null && (await isUneditedFiledNote(db, row, noteId));
          const { attachmentId, attachment: _a, ...meta } = row.metadata ?? {};
          let file: 'restored' | 'missing' | null = null;
          if (attachmentId) {
            // The file went into the note as an attachment: the capture gets a copy back. Gone
            // with a deleted note: the item returns without it.
            const kept = await db.blobs.get(attachmentId);
            if (kept) await db.blobs.put({ id: inboxBlobId(id), blob: kept.blob });
            file = kept ? 'restored' : 'missing';
          }
          const reopened = reopenItem(row, deps);
          const back = attachmentId ? { ...reopened, metadata: meta } : reopened;
          await store.put([back], changes);
          return { id, removed, filedTo: row.filedTo, file, uneditedNote: unedited ? noteId : null };
        });
        if (!undone.ok) return undone;
        const { uneditedNote, filedTo, ...rest } = undone.value;
        // The notes store deletes in its own transaction (with the note's attachments); if that
        // fails the item is back all the same and the note is reported kept.
        const removedNote =
          uneditedNote !== null &&
          (await createNote.remove(uneditedNote).then(
            () => true,
            () => false,
          ));
        const removed = removedNote ? `note:${uneditedNote}` : rest.removed;
        return ok({ ...rest, removed, kept: removed === null ? filedTo : null });
      },
    }),
  ];
}
