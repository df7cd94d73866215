import type { Transaction } from 'dexie';
import { cardKeysOf } from '../domain/canvas/canvasRecord';
import { taskIdsInText } from '../domain/tasks/links/taskIdsInText';
import { NOTES_TABLES_V2 } from './notesTables';
import { PLANNING_TABLES } from './planningTables';

/**
 * Schema v17: the indexes behind a task's links (docs/planning.md "Task links"). A note lists the
 * tasks its body links to (`linkedTaskIds`, derived like its tags); a canvas the entities it holds
 * cards of (`cardKeys`, `type:id`); a task the note it was made from (`sourceNoteId`). Each is a
 * multi-entry (or plain) index, so "which notes link to task T" is one index read, never a scan.
 */
export const TASK_LINK_TABLES_V17: Record<string, string> = {
  notes: `${NOTES_TABLES_V2.notes}, *linkedTaskIds`,
  canvases: `${PLANNING_TABLES.canvases}, *cardKeys`,
  tasks: `${PLANNING_TABLES.tasks}, sourceNoteId`,
};

/**
 * Fills the new derived fields of rows written before v17: once, on open. Only bodies that
 * mention a task route are parsed; every canvas is read (canvases are few and small).
 */
export async function upgradeTaskLinksV17(tx: Transaction): Promise<void> {
  const linking = new Map<string, string[]>();
  await tx
    .table('bodies')
    .filter((b: { markdown?: unknown }) => typeof b.markdown === 'string' && b.markdown.includes('task/'))
    .each((b: { id: string; markdown: string }) => {
      const ids = taskIdsInText(b.markdown);
      if (ids.length > 0) linking.set(b.id, ids);
    });
  await tx
    .table('notes')
    .toCollection()
    .modify((n: { id: string; fileType: string; linkedTaskIds?: string[] }) => {
      if (n.fileType === 'markdown') n.linkedTaskIds = linking.get(n.id) ?? [];
    });
  await tx
    .table('canvases')
    .toCollection()
    .modify((c: { elements?: unknown }) => {
      const elements = Array.isArray(c.elements) ? c.elements : [];
      (c as { cardKeys?: string[] }).cardKeys = cardKeysOf(elements);
    });
}
