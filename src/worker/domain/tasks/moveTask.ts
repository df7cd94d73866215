import type { ChangeSet } from './changeSet';
import { fail, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { type TaskMoveTarget, taskMoveTargetSchema } from './schemas';
import { shapeChecker } from './shapeCheck';
import { updateTask } from './updateTask';

const checkShape = shapeChecker(taskMoveTargetSchema, { label: 'target', prefixed: false });

/**
 * Move a task (with its subtree) to another project, optionally into a given status and position.
 * Without a status it takes the target's done status if completed, else the default one; a parent
 * in the old project is left behind (the task becomes top-level). Same rules as `updateTask`.
 */
export async function moveTask(
  ctx: TaskContext,
  id: string,
  target: TaskMoveTarget,
): Promise<Result<ChangeSet>> {
  const shape = checkShape(target);
  if (shape !== null) return fail(shape);
  const result = await updateTask(ctx, id, { ...target });
  return result.ok ? ok(result.value) : result;
}
