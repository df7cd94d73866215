import type { ChangeSet } from './changeSet';
import { fail, notFound, type Result } from './errors';
import type { TaskContext } from './ports';
import { updateTask } from './updateTask';

/**
 * Make a task a subtask of `parentId`: it joins the parent's project (subtree along) at the end of
 * the parent's children. A parent inside the task's own subtree is refused (no task its own
 * ancestor).
 */
export async function convertToSubtask(
  ctx: TaskContext,
  id: string,
  parentId: string,
): Promise<Result<ChangeSet>> {
  const parent = await ctx.read.getTask(parentId);
  if (parent === null) return fail(notFound('parentId', 'task', parentId));
  return updateTask(ctx, id, { parentId, projectId: parent.projectId });
}

/** Make a subtask a top-level task of its project, at the end of the project's list. */
export async function convertToTask(ctx: TaskContext, id: string): Promise<Result<ChangeSet>> {
  return updateTask(ctx, id, { parentId: null });
}
