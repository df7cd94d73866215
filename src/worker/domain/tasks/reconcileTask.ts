import { statusForCompletion } from './statusCoupling';
import type { TaskChanges } from './taskEdit';
import type { StatusRecord, TaskRecord } from './types';

/**
 * After a merge, fields won by different devices can disagree: a status of the project the task
 * left, or a done status on an open task. This returns the repair (empty when consistent), which
 * the sync engine applies as a local edit. `completedAt` is authoritative: a status that
 * contradicts it, or belongs to another project, is replaced by the matching status of the task's
 * project (a dangling status id becomes null, sync spec 4.3.6). Deterministic, so two devices
 * repairing the same merge write the same values.
 */
export function reconcileTaskStatus(task: TaskRecord, statuses: readonly StatusRecord[]): TaskChanges {
  const own = statuses.filter((s) => s.projectId === task.projectId);
  const current = own.find((s) => s.id === task.statusId) ?? null;
  const completed = task.completedAt !== null;
  if (task.statusId === null || (current !== null && current.isDone === completed)) return {};
  const statusId =
    current === null
      ? statusForCompletion(own, null, completed)
      : statusForCompletion(own, current.id, completed);
  return statusId === task.statusId ? {} : { statusId };
}
