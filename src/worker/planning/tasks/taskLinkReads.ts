import type { VaultDb } from '../../db/schema';
import type { TaskLinks } from '../../domain/tasks/fullTask';
import { taskIdsInText } from '../../domain/tasks/links/taskIdsInText';
import type { TaskRecord } from '../../domain/tasks/types';
import { liveCanvas } from '../../domain/trash/canvasTrash';
import { liveNote } from '../../domain/trash/noteTrash';

/** Why a task is tied to an item: the item's text links to it, it was made from the note, it has a card there. */
export type TieVia = 'link' | 'source' | 'card';

/** Task ids tied to an item, in the item's order, each with every way it is tied. */
export type Ties = Map<string, TieVia[]>;

const add = (ties: Ties, id: string, via: TieVia) => {
  const list = ties.get(id);
  if (!list) ties.set(id, [via]);
  else if (!list.includes(via)) list.push(via);
};

/**
 * A task's linkedNoteIds and linkedCanvasIds (spec 2.3), read from the v17 indexes: the notes
 * whose body links to it, then the note it was made from when that note still exists (a note
 * made the task, so it is linked even if the link text was edited away); the canvases holding a
 * card of it. Two index reads and at most one row read.
 */
export async function linksOfTask(
  db: VaultDb,
  task: Pick<TaskRecord, 'id' | 'sourceNoteId'>,
): Promise<TaskLinks> {
  return withSourceNote(db, await linksById(db, task.id), task.sourceNoteId);
}

/** The two index reads of `linksOfTask` (tasks.get makes the same reads natively: fullTaskRead.ts). */
async function linksById(db: VaultDb, taskId: string): Promise<TaskLinks> {
  const [linking, canvases] = await Promise.all([
    db.notes.where('linkedTaskIds').equals(taskId).primaryKeys(),
    db.canvases.where('cardKeys').equals(`task:${taskId}`).primaryKeys(),
  ]);
  return { linkedNoteIds: linking, linkedCanvasIds: canvases };
}

/** Adds the note the task was made from, when it still exists and no link listed it already. */
async function withSourceNote(
  db: VaultDb,
  links: TaskLinks,
  sourceNoteId: string | null,
): Promise<TaskLinks> {
  const notes = new Set(links.linkedNoteIds);
  if (sourceNoteId !== null && !notes.has(sourceNoteId)) {
    const source = liveNote(await db.notes.get(sourceNoteId));
    if (source?.fileType === 'markdown') notes.add(source.id);
  }
  return { linkedNoteIds: [...notes], linkedCanvasIds: links.linkedCanvasIds };
}

/** Tasks a note is tied to: those its body links to (text order), then those made from it. */
export async function tiesOfNote(db: VaultDb, noteId: string): Promise<Ties | null> {
  const note = liveNote(await db.notes.get(noteId));
  if (note?.fileType !== 'markdown') return null;
  const ties: Ties = new Map();
  for (const id of note.linkedTaskIds ?? []) add(ties, id, 'link');
  for (const id of await db.tasks.where('sourceNoteId').equals(noteId).primaryKeys()) add(ties, id, 'source');
  return ties;
}

/** Tasks with a card on a canvas, in scene order. */
export async function tiesOfCanvas(db: VaultDb, canvasId: string): Promise<Ties | null> {
  const canvas = liveCanvas(await db.canvases.get(canvasId));
  if (!canvas) return null;
  const ties: Ties = new Map();
  for (const e of canvas.elements)
    if (e.type === 'card' && e.entity_type === 'task' && e.entity_id) add(ties, e.entity_id, 'card');
  return ties;
}

/** Tasks a calendar event's description links to, then those its note is tied to. */
export async function tiesOfEvent(db: VaultDb, eventId: string): Promise<Ties | null> {
  const event = await db.calendarEvents.get(eventId);
  if (!event) return null;
  const ties: Ties = new Map();
  for (const id of taskIdsInText(event.description ?? '')) add(ties, id, 'link');
  if (event.noteId) {
    for (const [id, vias] of (await tiesOfNote(db, event.noteId)) ?? [])
      for (const v of vias) add(ties, id, v);
  }
  return ties;
}
