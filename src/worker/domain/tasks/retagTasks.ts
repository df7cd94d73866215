import { type ChangeSet, EMPTY_CHANGES } from './changeSet';
import { fail, invalid, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { TAG_MAX_LENGTH } from './schemas';
import { editTask, normalizeTags } from './taskEdit';
import type { TaskRecord } from './types';

/**
 * The task side of tag rename, merge and delete (the tags feature finds the tasks through the
 * `*tags` index and calls these). Tags match case-insensitively. Renaming into a tag the task
 * already has is a merge: the duplicate disappears. Only tasks whose tags change are written.
 */
export async function renameTagOnTasks(
  ctx: TaskContext,
  taskIds: readonly string[],
  from: string,
  to: string,
): Promise<Result<ChangeSet>> {
  const target = normalizeTags([to])[0];
  if (target === undefined || target.length > TAG_MAX_LENGTH) {
    return fail(
      invalid('to', 'a tag name is 1..100 characters after trimming', {
        expected: `1..${TAG_MAX_LENGTH} characters`,
      }),
    );
  }
  return retag(ctx, taskIds, from, (tags, at) =>
    normalizeTags(tags.map((t, i) => (at.includes(i) ? target : t))),
  );
}

/** Remove a tag from the given tasks. */
export function removeTagFromTasks(
  ctx: TaskContext,
  taskIds: readonly string[],
  tag: string,
): Promise<Result<ChangeSet>> {
  return retag(ctx, taskIds, tag, (tags, at) => tags.filter((_, i) => !at.includes(i)));
}

async function retag(
  ctx: TaskContext,
  taskIds: readonly string[],
  tag: string,
  change: (tags: readonly string[], at: readonly number[]) => string[],
): Promise<Result<ChangeSet>> {
  const key = normalizeTags([tag])[0]?.toLowerCase();
  if (key === undefined) return fail(invalid('from', 'empty tag name', { expected: 'a tag name' }));
  const tasks: TaskRecord[] = [];
  for (const id of new Set(taskIds)) {
    const task = await ctx.read.getTask(id);
    if (task === null) continue; // deleted since the index was read: nothing to retag
    const at = task.tags.flatMap((t, i) => (t.toLowerCase() === key ? [i] : []));
    if (at.length === 0) continue;
    const edited = editTask(task, { tags: change(task.tags, at) }, ctx.deps);
    if (edited !== task) tasks.push(edited);
  }
  return ok({ ...EMPTY_CHANGES, tasks });
}
