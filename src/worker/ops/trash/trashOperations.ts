import { ok } from '../../../shared/result';
import { TRASH_KEEP_MS } from '../../domain/trash/noteTrash';
import type { NoteTrash, TrashedNoteEntry } from '../../stores/noteTrash';
import type { TrashedCanvasEntry } from '../../trash/canvasTrashStore';
import type { ItemTrashes } from '../../trash/itemTrashes';
import type { TrashedJournalEntry } from '../../trash/journalTrashStore';
import type { TrashedProjectEntry } from '../../trash/projectTrashStore';
import type { TrashedTaskEntry } from '../../trash/taskTrashStore';
import { defineOperation, type Operation } from '../defineOperation';

const KIND = {
  enum: ['note', 'file', 'folder', 'task', 'project', 'canvas', 'journal'],
  description: 'the kind of the trashed item, as trash.list names it',
} as const;
const ID = {
  type: 'string',
  minLength: 1,
  description: 'the id trash.list gives (a folder: its path; a journal entry: its date)',
} as const;

/** A Trash entry as the tools answer it (snake_case like the other replies; docs/trash.md). */
type Entry =
  | TrashedNoteEntry
  | TrashedTaskEntry
  | TrashedCanvasEntry
  | TrashedProjectEntry
  | TrashedJournalEntry;
const entryOf = (e: Entry) => ({
  kind: e.kind,
  id: e.id,
  title: e.title,
  ...(e.kind === 'task' ? { project: e.project } : 'folderPath' in e ? { folder_path: e.folderPath } : {}),
  trashed_at: new Date(e.trashedAt).toISOString(),
  purge_at: new Date(e.trashedAt + TRASH_KEEP_MS).toISOString(),
  ...('count' in e && e.count !== undefined ? { count: e.count } : {}),
});

/**
 * The Trash (docs/trash.md): list what a delete kept, put an item back, delete one for good, or
 * empty it. Deleting is the ordinary `*.delete` operation; these never delete a live item.
 */
export function trashOperations(trash: NoteTrash, items: ItemTrashes): Operation[] {
  /** the Trash of every kind beside notes, files and folders */
  const others = [items.project, items.task, items.canvas, items.journal];
  const itemOf = (kind: string) =>
    kind === 'task' || kind === 'project' || kind === 'canvas' || kind === 'journal' ? items[kind] : null;
  async function purgeOf(kind: (typeof KIND.enum)[number], id: string) {
    const ids = kind === 'folder' ? await trash.trashedIds({ folder: id }) : [id];
    const item = itemOf(kind);
    const gone = ids.length === 0 ? [] : item ? await item.purge(ids) : await trash.purge(ids);
    if (gone.length === 0)
      return {
        ok: false as const,
        error: { code: 'NOT_FOUND', message: `No ${kind} "${id}" in the Trash.`, field: 'id' },
      };
    return ok({ kind, id, deleted: gone.length });
  }

  return [
    defineOperation({
      name: 'trash.list',
      summary: 'List what is in the Trash, newest first, with when each item will be deleted for good',
      kind: 'read',
      params: [] as const,
      handler: async () => {
        const all: Entry[] = [...(await trash.list())];
        for (const item of others) all.push(...(await item.list()));
        all.sort((a, b) => b.trashedAt - a.trashedAt || a.id.localeCompare(b.id));
        return ok(all.map(entryOf));
      },
    }),
    defineOperation({
      name: 'trash.restore',
      summary:
        'Put a trashed item back where it was: a folder with everything that went with it; a task with its subtasks (at the top level if its parent is gone, in the Inbox if its project is gone); a project with its tasks',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'kind', required: true, schema: KIND },
        { name: 'id', required: true, schema: ID },
      ] as const,
      handler: async ([kind, id]) => {
        const item = itemOf(kind);
        const done = item
          ? await item.restore(id)
          : kind === 'folder'
            ? await trash.restoreFolder(id)
            : await trash.restore(id);
        return done.ok ? ok({ kind, id, restored: done.value.restored }) : done;
      },
    }),
    defineOperation({
      name: 'trash.deletePermanent',
      summary: 'Delete a trashed item for good (it cannot be restored after this)',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'kind', required: true, schema: KIND },
        { name: 'id', required: true, schema: ID },
      ] as const,
      handler: async ([kind, id]) => purgeOf(kind, id),
    }),
    defineOperation({
      name: 'trash.empty',
      summary: 'Delete everything in the Trash for good',
      kind: 'write',
      requiresApproval: true,
      params: [] as const,
      handler: async () => {
        const ids = await trash.trashedIds();
        let deleted = ids.length > 0 ? (await trash.purge(ids)).length : 0;
        // projects before tasks: a project's tasks go with it (purgeDueItems' order)
        for (const item of others) {
          const due = await item.trashedIds();
          if (due.length > 0) deleted += (await item.purge(due)).length;
        }
        return ok({ deleted });
      },
    }),
  ];
}
