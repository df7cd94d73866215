import type { TaskDeps } from './ports';
import { statusForCompletion } from './statusCoupling';
import { editTask } from './taskEdit';
import type { StatusRecord, TaskRecord } from './types';

/**
 * Carry descendants along when their root changes project: each takes the new project and the
 * target project's status that matches its own completion (done status if completed, default
 * otherwise). Parents and positions inside the subtree are unchanged.
 */
export function moveDescendants(
  descendants: readonly TaskRecord[],
  projectId: string,
  statuses: readonly StatusRecord[],
  deps: TaskDeps,
): TaskRecord[] {
  return descendants.map((task) =>
    editTask(
      task,
      { projectId, statusId: statusForCompletion(statuses, null, task.completedAt !== null) },
      deps,
    ),
  );
}
