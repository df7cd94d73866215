import type { EntityTable } from 'dexie';
import type { CanvasRow } from '../domain/canvas/canvasRecord';
import type { VectorClock } from '../domain/clock/vectorClock';
import type { InboxRow } from '../domain/inbox/inboxItem';
import type { JournalRow } from '../domain/journal/journalEntry';
import type { ProjectRecord, StatusRecord, TaskRecord, Tombstone } from '../domain/tasks/types';
import type { TaskIndexKeys } from '../domain/tasks/views/queryPort';

/** A task as stored: the record plus the derived index keys of `taskIndexKeys` (never synced). */
export type TaskRow = TaskRecord & TaskIndexKeys;

/** One settings group (or single setting) by key, e.g. `inbox.staleDays`; validated by its operation. */
export interface SettingRow {
  key: string;
  value: unknown;
  modifiedAt: string;
  clock: VectorClock;
}

/** A tag's definition (spec 2.7): how it looks; its usage count is counted, never stored. */
export interface TagDefRow {
  /** lower-cased name */
  key: string;
  name: string;
  color: string | null;
  icon: string | null;
  sortOrder: number;
  /** the tag category it is listed under (schema v11); absent or null: none */
  categoryId?: string | null;
  /** notes pinned to the tag, listed first in the tag view, in pin order (schema v11) */
  pinnedNoteIds?: string[];
  modifiedAt: string;
  clock: VectorClock;
}

/** A deleted record's tombstone, kept for the sync engine (kind: task, project, status, ...). */
export interface TombstoneRow extends Tombstone {
  kind: string;
}

/**
 * Tables of the planning half of the vault, applied as schema version 3.
 *
 * Indexes are chosen so every view is a range scan or count over one index (docs/planning.md):
 * - tasks `[state+dueDate]`: Today / Upcoming / Overdue (null due dates are not indexed, so
 *   undated tasks never enter those scans);
 * - tasks `[projectId+parentKey+position]`: a project's list, one parent's subtasks, max position;
 * - tasks `[projectId+statusKey+position]`: a board column (v21: taskBoardTables.ts);
 *   `[parentKey+state]`: subtask counts;
 * - tasks `[projectId+state]` and `state`: stats; `*tags`: tag counts, rename and merge.
 * - journal `date` is unique (one entry a day; id `j` + date).
 * - inbox `[bucket+capturedAt]`: the open / snoozed / filed / archived lists, newest first.
 */
export interface PlanningTables {
  tasks: EntityTable<TaskRow, 'id'>;
  projects: EntityTable<ProjectRecord, 'id'>;
  statuses: EntityTable<StatusRecord, 'id'>;
  tombstones: EntityTable<TombstoneRow, 'id'>;
  journal: EntityTable<JournalRow, 'id'>;
  inbox: EntityTable<InboxRow, 'id'>;
  settings: EntityTable<SettingRow, 'key'>;
  canvases: EntityTable<CanvasRow, 'id'>;
  tagDefs: EntityTable<TagDefRow, 'key'>;
}

export const PLANNING_TABLES: Record<string, string> = {
  tasks:
    'id, projectId, statusId, parentId, [state+dueDate], [projectId+parentKey+position], [projectId+statusKey+position], [parentKey+state], [projectId+state], state, *tags',
  projects: 'id, position',
  statuses: 'id, projectId',
  tombstones: 'id, kind',
  journal: 'id, &date, modifiedAt, *tags',
  inbox: 'id, [bucket+capturedAt], filedAt, archivedAt, *tags',
  settings: 'key',
  canvases: 'id, &pathKey, updatedAt',
  tagDefs: 'key, sortOrder',
};
