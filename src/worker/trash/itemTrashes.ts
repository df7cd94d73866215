import type { VaultServices } from '../vault/services';
import { type CanvasTrash, canvasTrash } from './canvasTrashStore';
import { type JournalTrash, journalTrash } from './journalTrashStore';
import { type ProjectTrash, projectTrash } from './projectTrashStore';
import { type TaskTrash, taskTrashOf } from './taskTrashStore';

/** The Trash of the records beside notes (docs/trash.md): tasks, projects, canvases, journal entries. */
export interface ItemTrashes {
  task: TaskTrash;
  project: ProjectTrash;
  canvas: CanvasTrash;
  journal: JournalTrash;
}

export const itemTrashesOf = (services: VaultServices): ItemTrashes => ({
  task: taskTrashOf(services),
  project: projectTrash(services),
  canvas: canvasTrash(services),
  journal: journalTrash(services),
});

/** Deletes for good every item kept past its 30 days at `now`; answers how many went. */
export async function purgeDueItems(items: ItemTrashes, now: number): Promise<number> {
  let gone = 0;
  // projects before tasks: a project's own tasks go with it, never as orphans of a purged project
  for (const trash of [items.project, items.task, items.canvas, items.journal]) {
    const due = await trash.trashedIds({ dueAt: now });
    if (due.length > 0) gone += (await trash.purge(due)).length;
  }
  return gone;
}
