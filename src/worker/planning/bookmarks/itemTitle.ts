import type { VaultDb } from '../../db/schema';
import type { BookmarkItemType } from '../../domain/bookmarks/bookmark';
import { liveCanvas } from '../../domain/trash/canvasTrash';
import { liveNote } from '../../domain/trash/noteTrash';
import { liveProject } from '../../domain/trash/projectTrash';
import { liveTask } from '../../domain/trash/taskTrash';

/**
 * The title a bookmark shows for an item, read from the item itself; null when the item is a
 * record that does not exist (a bookmark to nothing is refused). Folders, searches and URLs
 * are not records: their id is their title.
 */
export async function itemTitle(db: VaultDb, type: BookmarkItemType, id: string): Promise<string | null> {
  switch (type) {
    case 'note':
      return liveNote(await db.notes.get(id))?.title ?? null;
    case 'task':
      return liveTask(await db.tasks.get(id))?.title ?? null;
    case 'project':
      return liveProject(await db.projects.get(id))?.name ?? null;
    case 'canvas':
      return liveCanvas(await db.canvases.get(id))?.title ?? null;
    case 'event':
      return (await db.calendarEvents.get(id))?.title ?? null;
    case 'journal':
      return /^\d{4}-\d{2}-\d{2}$/.test(id) ? `Journal ${id}` : null;
    default:
      return id;
  }
}
