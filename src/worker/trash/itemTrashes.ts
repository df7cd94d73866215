import type { VaultServices } from '../vault/services';
import { type CanvasTrash, canvasTrash } from './canvasTrashStore';
import { type TaskTrash, taskTrashOf } from './taskTrashStore';

/** The Trash of the records beside notes (docs/trash.md): tasks and canvases. */
export interface ItemTrashes {
  task: TaskTrash;
  canvas: CanvasTrash;
}

export const itemTrashesOf = (services: VaultServices): ItemTrashes => ({
  task: taskTrashOf(services),
  canvas: canvasTrash(services),
});

/** Deletes for good every item kept past its 30 days at `now`; answers how many went. */
export async function purgeDueItems(items: ItemTrashes, now: number): Promise<number> {
  let gone = 0;
  for (const trash of [items.task, items.canvas]) {
    const due = await trash.trashedIds({ dueAt: now });
    if (due.length > 0) gone += (await trash.purge(due)).length;
  }
  return gone;
}
