import { ok } from '../../../shared/result';
import { TRASH_KEEP_MS } from '../../domain/trash/noteTrash';
import type { NoteTrash, TrashedNoteEntry } from '../../stores/noteTrash';
import type { TrashedCanvasEntry } from '../../trash/canvasTrashStore';
import type { ItemTrashes } from '../../trash/itemTrashes';
import type { TrashedTaskEntry } from '../../trash/taskTrashStore';
import { defineOperation, type Operation } from '../defineOperation';

const KIND = {
  enum: ['note', 'file', 'folder', 'task', 'canvas'],
  description: 'the kind of the trashed item, as trash.list names it',
} as const;
const ID = {
  type: 'string',
  minLength: 1,
  description: 'the id trash.list gives (a folder: its path)',
} as const;

/** A Trash entry as the tools answer it (snake_case like the other replies; docs/trash.md). */
const entryOf = (e: TrashedNoteEntry | TrashedTaskEntry | TrashedCanvasEntry) => ({
  kind: e.kind,
  id: e.id,
  title: e.title,
  ...(e.kind === 'task' ? { project: e.project } : { folder_path: e.folderPath }),
  trashed_at: new Date(e.trashedAt).toISOString(),
  purge_at: new Date(e.trashedAt + TRASH_KEEP_MS).toISOString(),
  ...('count' in e && e.count !== undefined ? { count: e.count } : {}),
});

/**
 * The Trash (docs/trash.md): list what a delete kept, put an item back, delete one for good, or
 * empty it. Deleting is the ordinary `*.delete` operation; these never delete a live item.
 */
export function trashOperations(trash: NoteTrash, items: ItemTrashes): Operation[] {
  const { task: tasks, canvas: canvases } = items;
  async function purgeOf(kind: 'note' | 'file' | 'folder' | 'task' | 'canvas', id: string) {
    const ids = kind === 'folder' ? await trash.trashedIds({ folder: id }) : [id];
    const gone =
      ids.length === 0
        ? []
        : kind === 'task'
          ? await tasks.purge(ids)
          : kind === 'canvas'
            ? await canvases.purge(ids)
            : await trash.purge(ids);
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
        const all = [...(await trash.list()), ...(await tasks.list()), ...(await canvases.list())];
        all.sort((a, b) => b.trashedAt - a.trashedAt || a.id.localeCompare(b.id));
        return ok(all.map(entryOf));
      },
    }),
    defineOperation({
      name: 'trash.restore',
      summary:
        'Put a trashed item back where it was: a folder with everything that went with it; a task with its subtasks (at the top level if its parent is gone, in the Inbox if its project is gone)',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'kind', required: true, schema: KIND },
        { name: 'id', required: true, schema: ID },
      ] as const,
      handler: async ([kind, id]) => {
        const done =
          kind === 'task'
            ? await tasks.restore(id)
            : kind === 'canvas'
              ? await canvases.restore(id)
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
        const taskIds = await tasks.trashedIds();
        const canvasIds = await canvases.trashedIds();
        const notes = ids.length > 0 ? (await trash.purge(ids)).length : 0;
        const others =
          (taskIds.length > 0 ? (await tasks.purge(taskIds)).length : 0) +
          (canvasIds.length > 0 ? (await canvases.purge(canvasIds)).length : 0);
        return ok({ deleted: notes + others });
      },
    }),
  ];
}
