/**
 * The tasks domain's public surface: what the vault worker and the operation registry import.
 * Everything here is platform-free; storage, ids, time and the device id come in through
 * `TaskContext` (ports.ts) and `TaskQueryPort` (views/queryPort.ts). Every edit returns a
 * `Result<ChangeSet>`: the full new records and tombstones, clocks already advanced, to be written
 * with their outbox rows in one transaction. A refusal carries `{code, message, field, ...}` and
 * no change set.
 */
export { archiveTask, unarchiveTask } from './archiveTask';
export { bulkArchive, bulkComplete, bulkDelete, bulkMove } from './bulkTasks';
export { type ChangeSet, combine, EMPTY_CHANGES } from './changeSet';
export { completeTask, uncompleteTask } from './completeTask';
export { convertToSubtask, convertToTask } from './convertSubtask';
export { createTask } from './createTask';
export { deleteTask } from './deleteTask';
export { duplicateTask } from './duplicateTask';
export type { NotFoundError, Result, TaskDomainError, ValidationError } from './errors';
export { type FullTask, type SourceRef, toFullTask, toTaskListEntry } from './fullTask';
export { mergeProject, mergeStatus, mergeTask } from './mergeRecords';
export { moveTask } from './moveTask';
export type { TaskContext, TaskDeps, TaskReadPort } from './ports';
export { planPositions, positionBetween } from './positions';
export { ensureInbox } from './projects/ensureInbox';
export { INBOX_ID, INBOX_NAME } from './projects/inbox';
export {
  type LinkChanges,
  linkedCounts,
  linkProjectItem,
  type ProjectLinkPort,
  type ProjectLinkRecord,
  projectLinkId,
  projectLinkInputSchema,
  setProjectLinkPinned,
  sortProjectLinks,
  unlinkProjectItem,
} from './projects/projectLinks';
export {
  createProject,
  reorderProjects,
  setProjectArchived,
  updateProject,
} from './projects/projectOps';
export { toFullProject, toProjectListEntry } from './projects/projectView';
export { createStatus, deleteStatus, reorderStatuses, updateStatus } from './projects/statusOps';
export { reconcileTaskStatus } from './reconcileTask';
export {
  parseProjectRecord,
  parseStatusRecord,
  parseTaskRecord,
  projectRecordSchema,
  statusRecordSchema,
  taskRecordSchema,
  toSyncPayload,
} from './recordSchemas';
export { reorderTasks } from './reorderTasks';
export { anchorRepeatConfig, nextOccurrence } from './repeat/nextOccurrence';
export type { RepeatConfig, RepeatFrom } from './repeat/repeatConfig';
export { instantToWallTime, wallTimeToInstant } from './repeat/zonedTime';
export { removeTagFromTasks, renameTagOnTasks } from './retagTasks';
export * from './schemas';
export { LOCAL_ONLY_FIELDS, PROJECT_SYNC_FIELDS, TASK_SYNC_FIELDS } from './syncFields';
export type { ProjectRecord, StatusRecord, TaskRecord, Tombstone } from './types';
export { updateTask } from './updateTask';
export { getOverdue, getToday, getUpcoming, localToday } from './views/dueViews';
export { getBoard, getProjectList } from './views/projectViews';
export { type TaskIndexKeys, type TaskQueryPort, TaskState, taskIndexKeys } from './views/queryPort';
export { getStats } from './views/stats';
