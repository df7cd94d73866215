/**
 * Which fields of a task and a project carry their own clock (sync spec 2.3: 15 for tasks,
 * 8 for projects). Concurrent edits of two different syncable fields both survive a merge; a
 * field not listed here is identity, device bookkeeping or derived data (see docs/tasks.md).
 */
export const TASK_SYNC_FIELDS = [
  'title',
  'description',
  'projectId',
  'statusId',
  'parentId',
  'priority',
  'position',
  'dueDate',
  'dueTime',
  'startDate',
  'repeatConfig',
  'repeatFrom',
  'completedAt',
  'archivedAt',
  'tags',
] as const;

export type TaskSyncField = (typeof TASK_SYNC_FIELDS)[number];

export const PROJECT_SYNC_FIELDS = [
  'name',
  'description',
  'color',
  'icon',
  'position',
  'archivedAt',
  'homeNoteId',
  'isInbox',
] as const;

export type ProjectSyncField = (typeof PROJECT_SYNC_FIELDS)[number];

/** Kept from the local side in every merge: when this device last pushed the record. */
export const LOCAL_ONLY_FIELDS = ['syncedAt'] as const;
