import type { VaultDb } from '../../db/schema';
import { canvasPath } from '../../domain/canvas/canvasRecord';
import { taskIdSchema } from '../../domain/tasks/schemas';
import type { TaskRecord } from '../../domain/tasks/types';
import { isTrashedTask } from '../../domain/trash/taskTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import { linksOfTask, type Ties, tiesOfCanvas, tiesOfEvent, tiesOfNote } from './taskLinkReads';
import { fromTaskRow } from './taskRows';
import type { TaskStore } from './taskStore';
import { cardsOf } from './taskViews';

export const TIE_ITEM_TYPES = ['note', 'canvas', 'event'] as const;
const itemId = { type: 'string', minLength: 1, maxLength: 200 } as const;
const pageSchema = {
  type: 'object',
  properties: {
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
  additionalProperties: false,
} as const;
const page = { name: 'options', required: false, schema: pageSchema } as const;

/**
 * `tasks.getLinkedTasks(noteId)` and `tasks.listForItem(itemType, itemId)` (spec 4.4; shapes
 * are Cairn's, docs/planning.md "Task links"): the tasks tied to a note, canvas or calendar
 * event, as task cards with `via` (how each is tied), a page at a time. A link to a task that
 * no longer exists is listed in `missingTaskIds`, not as a card.
 */
export function taskLinkOperations(store: TaskStore, db: VaultDb): Operation[] {
  const linkTables = [db.notes, db.canvases, db.calendarEvents];
  async function reply(ties: Ties, o: { offset?: number; limit?: number } | undefined) {
    const offset = o?.offset ?? 0;
    const limit = o?.limit ?? 100;
    const ids = [...ties.keys()];
    const rows = await db.tasks.bulkGet(ids);
    const found: TaskRecord[] = [];
    const missingTaskIds: string[] = [];
    rows.forEach((r, i) => {
      if (r && !isTrashedTask(r)) found.push(fromTaskRow(r));
      else missingTaskIds.push(ids[i] as string);
    });
    const cards = await cardsOf(db, store.query, found.slice(offset, offset + limit));
    return {
      tasks: cards.map((c) => ({ ...c, via: ties.get(c.id) ?? [] })),
      total: found.length,
      hasMore: offset + limit < found.length,
      missingTaskIds,
    };
  }

  return [
    defineOperation({
      name: 'tasks.getLinkedItems',
      kind: 'read',
      summary:
        'The notes and canvases a task is linked from (its linkedNoteIds and linkedCanvasIds), with their titles.',
      params: [{ name: 'id', required: true, schema: taskIdSchema }] as const,
      handler: ([taskId]) =>
        store.view(async () => {
          const task = await store.ctx.read.getTask(taskId);
          if (task === null)
            return fail('NOT_FOUND', `task ${JSON.stringify(taskId)} does not exist`, { field: 'id' });
          const links = await linksOfTask(db, task);
          const noteRows = await db.notes.bulkGet([...links.linkedNoteIds]);
          const canvasRows = await db.canvases.bulkGet([...links.linkedCanvasIds]);
          return ok({
            id: taskId,
            notes: noteRows.flatMap((n) =>
              n ? [{ id: n.id, title: n.title, folderPath: n.folderPath }] : [],
            ),
            canvases: canvasRows.flatMap((c) =>
              c ? [{ id: c.id, title: c.title, path: canvasPath(c.folder, c.title) }] : [],
            ),
          });
        }, linkTables),
    }),
    defineOperation({
      name: 'tasks.getLinkedTasks',
      kind: 'read',
      summary:
        'Tasks a note is tied to: those its text links to (svc://task/<id> or #/tasks/task/<id>), then those made from it.',
      params: [{ name: 'noteId', required: true, schema: itemId }, page] as const,
      handler: ([noteId, o]) =>
        store.view(async () => {
          const ties = await tiesOfNote(db, noteId);
          if (ties === null)
            return fail('NOT_FOUND', `no note ${JSON.stringify(noteId)}`, { field: 'noteId' });
          return ok({ noteId, ...(await reply(ties, o)) });
        }, linkTables),
    }),
    defineOperation({
      name: 'tasks.listForItem',
      kind: 'read',
      summary:
        'Tasks tied to a note (linked or made from it), a canvas (cards of them) or a calendar event (its description’s links and its note’s).',
      params: [
        { name: 'itemType', required: true, schema: { type: 'string', enum: TIE_ITEM_TYPES } },
        { name: 'itemId', required: true, schema: itemId },
        page,
      ] as const,
      handler: ([itemType, id, o]) =>
        store.view(async () => {
          const ties =
            itemType === 'note'
              ? await tiesOfNote(db, id)
              : itemType === 'canvas'
                ? await tiesOfCanvas(db, id)
                : await tiesOfEvent(db, id);
          if (ties === null)
            return fail('NOT_FOUND', `no ${itemType} ${JSON.stringify(id)}`, { field: 'itemId' });
          return ok({ itemType, itemId: id, ...(await reply(ties, o)) });
        }, linkTables),
    }),
  ];
}
