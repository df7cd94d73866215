import { archiveTask } from './archiveTask';
import { type ChangeSet, combine, EMPTY_CHANGES, withoutDeleted } from './changeSet';
import { completeTask } from './completeTask';
import { deleteTask } from './deleteTask';
import { fail, invalid, ok, type Result } from './errors';
import { moveTask } from './moveTask';
import { overlayReadPort } from './overlayReadPort';
import type { TaskContext } from './ports';
import type { TaskMoveTarget } from './schemas';

type Step = (ctx: TaskContext, id: string) => Promise<Result<ChangeSet>>;

/**
 * Run one edit per id as a single all-or-nothing change: each step sees the steps before it (a
 * parent and its child in one bulk move do not conflict), and the first refusal refuses the whole
 * bulk, naming the id (`ids[i]`), so nothing is written. An id already removed by an earlier step
 * (a subtask deleted with its parent) is skipped.
 */
async function bulk(ctx: TaskContext, ids: readonly string[], step: Step): Promise<Result<ChangeSet>> {
  if (ids.length === 0) return fail(invalid('ids', 'no task ids given', { expected: 'at least 1 id' }));
  if (new Set(ids).size !== ids.length)
    return fail(invalid('ids', 'an id appears twice', { expected: 'unique ids' }));
  let acc = EMPTY_CHANGES;
  const read = overlayReadPort(ctx.read, () => acc);
  const inner: TaskContext = { deps: ctx.deps, read };
  for (const [i, id] of ids.entries()) {
    if (acc.deletedTasks.some((t) => t.id === id)) continue;
    const result = await step(inner, id);
    if (!result.ok) {
      const field = result.error.field === 'id' ? `ids[${i}]` : result.error.field;
      return fail({ ...result.error, field, message: `task ${id}: ${result.error.message}` });
    }
    acc = withoutDeleted(combine(acc, result.value));
  }
  return ok(acc);
}

export const bulkComplete = (ctx: TaskContext, ids: readonly string[]) => bulk(ctx, ids, completeTask);
export const bulkDelete = (ctx: TaskContext, ids: readonly string[]) => bulk(ctx, ids, deleteTask);
export const bulkArchive = (ctx: TaskContext, ids: readonly string[]) => bulk(ctx, ids, archiveTask);
export const bulkMove = (ctx: TaskContext, ids: readonly string[], target: TaskMoveTarget) =>
  bulk(ctx, ids, (c, id) => moveTask(c, id, target));
