import { type ChangeSet, EMPTY_CHANGES } from './changeSet';
import { fail, notFound, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { descendantsOf } from './subtree';
import { editTask, timestamp } from './taskEdit';

/**
 * Archive (or restore) a task together with its subtree: subtasks belong to their parent, so they
 * leave and return with it. Already archived members keep their original `archivedAt`.
 */
export async function setTaskArchived(
  ctx: TaskContext,
  id: string,
  archived: boolean,
): Promise<Result<ChangeSet>> {
  const task = await ctx.read.getTask(id);
  if (task === null) return fail(notFound('id', 'task', id));
  const now = timestamp(ctx.deps.now());
  const tasks = [task, ...(await descendantsOf(ctx.read, id))]
    .filter((t) => (t.archivedAt !== null) !== archived)
    .map((t) => editTask(t, { archivedAt: archived ? now : null }, ctx.deps));
  return ok({ ...EMPTY_CHANGES, tasks });
}

export const archiveTask = (ctx: TaskContext, id: string) => setTaskArchived(ctx, id, true);
export const unarchiveTask = (ctx: TaskContext, id: string) => setTaskArchived(ctx, id, false);
