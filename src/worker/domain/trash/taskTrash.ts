import { tick } from '../clock/vectorClock';
import { type ChangeSet, EMPTY_CHANGES } from '../tasks/changeSet';
import { fail, invalid, notFound, ok, type Result } from '../tasks/errors';
import type { TaskContext } from '../tasks/ports';
import { descendantsOf } from '../tasks/subtree';
import { timestamp } from '../tasks/taskEdit';
import type { TaskRecord } from '../tasks/types';

/** Whether a task record is in the Trash (docs/trash.md). */
export const isTrashedTask = (t: { trashedAt?: string | null } | null | undefined): boolean =>
  typeof t?.trashedAt === 'string';

/** The live task, or null for a trashed or missing one: every read by id goes through this. */
export function liveTask<T extends { trashedAt?: string | null }>(t: T | null | undefined): T | null {
  return t && !isTrashedTask(t) ? t : null;
}

/**
 * The task as kept in the Trash: every field as it was, `trashedAt` set (and `trashedWith`, the
 * deleted ancestor, on a subtask that went with it) and the record clock ticked so the trash wins
 * over what this device saw (it syncs as an update, docs/trash.md).
 */
export function trashedTask(t: TaskRecord, at: string, deviceId: string, root: string | null): TaskRecord {
  return { ...t, trashedAt: at, trashedWith: root, clock: tick(t.clock, deviceId) };
}

/** The task back from the Trash: both marks null (not absent: a merge keeps a key one side lacks). */
export function restoredTask(t: TaskRecord, deviceId: string): TaskRecord {
  return { ...t, trashedAt: null, trashedWith: null, clock: tick(t.clock, deviceId) };
}

/**
 * `tasks.delete` and `tasks.bulkDelete` (docs/trash.md): each task with its subtasks goes to the
 * Trash, one instant for all, as updates (never tombstones). All or nothing: an unknown or
 * already trashed id refuses the whole call (`id`, or `ids[i]` for a bulk). A task already taken
 * with an earlier id's subtree is skipped.
 */
export async function trashTasks(
  ctx: TaskContext,
  ids: readonly string[],
  field: (i: number) => string,
): Promise<Result<ChangeSet>> {
  if (new Set(ids).size !== ids.length)
    return fail(invalid('ids', 'an id appears twice', { expected: 'unique ids' }));
  const at = timestamp(ctx.deps.now());
  const taken = new Map<string, TaskRecord>();
  for (const [i, id] of ids.entries()) {
    if (taken.has(id)) continue;
    const task = await ctx.read.getTask(id);
    if (task === null) return fail(notFound(field(i), 'task', id));
    taken.set(id, trashedTask(task, at, ctx.deps.deviceId, null));
    for (const t of await descendantsOf(ctx.read, id))
      taken.set(t.id, trashedTask(t, at, ctx.deps.deviceId, id));
  }
  const tasks = [...taken.values()];
  return ok({ ...EMPTY_CHANGES, tasks });
}
