import { type ChangeSet, EMPTY_CHANGES } from './changeSet';
import { fail, invalid, notFound, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { planPositions } from './positions';
import { editTask } from './taskEdit';
import type { TaskRecord } from './types';

/**
 * Put the given tasks of one list (same project and parent) in the given order. Only tasks whose
 * position must change are rewritten; tasks of the list not named keep theirs.
 */
export async function reorderTasks(
  ctx: TaskContext,
  orderedIds: readonly string[],
): Promise<Result<ChangeSet>> {
  if (new Set(orderedIds).size !== orderedIds.length) {
    return fail(invalid('ids', 'an id appears twice', { expected: 'unique task ids' }));
  }
  const tasks: TaskRecord[] = [];
  for (const [i, id] of orderedIds.entries()) {
    const task = await ctx.read.getTask(id);
    if (task === null) return fail(notFound(`ids[${i}]`, 'task', id));
    const first = tasks[0];
    if (first !== undefined && (task.projectId !== first.projectId || task.parentId !== first.parentId)) {
      return fail(
        invalid(`ids[${i}]`, 'all tasks of a reorder must be in the same list (project and parent)'),
      );
    }
    tasks.push(task);
  }
  const plan = planPositions(tasks);
  const changed = tasks
    .filter((t) => plan.has(t.id))
    .map((t) => editTask(t, { position: plan.get(t.id)! }, ctx.deps));
  return ok({ ...EMPTY_CHANGES, tasks: changed });
}
