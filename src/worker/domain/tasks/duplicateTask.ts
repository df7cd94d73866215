import { initialClocks } from '../clock/fieldClocks';
import { type ChangeSet, EMPTY_CHANGES } from './changeSet';
import { fail, notFound, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { statusForCompletion } from './statusCoupling';
import { descendantsOf, nextPosition } from './subtree';
import { TASK_SYNC_FIELDS } from './syncFields';
import { timestamp } from './taskEdit';
import type { TaskRecord } from './types';

/**
 * Copy a task and its subtree as new open tasks (fresh ids and clocks, not completed, not
 * archived, default status, no source note). The copy goes to the end of its list; copied
 * subtasks keep their relative order under the copied parent.
 */
export async function duplicateTask(ctx: TaskContext, id: string): Promise<Result<ChangeSet>> {
  const { read, deps } = ctx;
  const task = await read.getTask(id);
  if (task === null) return fail(notFound('id', 'task', id));
  const statuses = await read.listStatuses(task.projectId);
  const openStatus = statusForCompletion(statuses, task.statusId, false);
  const now = timestamp(deps.now());
  const newIds = new Map<string, string>();
  const copy = (t: TaskRecord, parentId: string | null, position: number): TaskRecord => {
    const newId = deps.newId();
    newIds.set(t.id, newId);
    return {
      ...t,
      id: newId,
      parentId,
      position,
      statusId: t.completedAt === null ? t.statusId : openStatus,
      completedAt: null,
      archivedAt: null,
      syncedAt: null,
      sourceNoteId: null,
      createdAt: now,
      modifiedAt: now,
      ...initialClocks(TASK_SYNC_FIELDS, deps.deviceId),
    };
  };
  const root = copy(task, task.parentId, await nextPosition(read, task.projectId, task.parentId));
  const rest = (await descendantsOf(read, id)).map((t) => copy(t, newIds.get(t.parentId!)!, t.position));
  return ok({ ...EMPTY_CHANGES, tasks: [root, ...rest] });
}
