import { tick } from '../clock/vectorClock';
import { type ChangeSet, EMPTY_CHANGES } from './changeSet';
import { fail, notFound, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { descendantsOf } from './subtree';
import { timestamp } from './taskEdit';
import type { TaskRecord, Tombstone } from './types';

/** The tombstone of a local delete: the record clock ticked, so the delete dominates what it saw. */
export function tombstoneOf(
  record: { id: string; clock: TaskRecord['clock'] },
  deviceId: string,
  now: string,
): Tombstone {
  return { id: record.id, clock: tick(record.clock, deviceId), deletedAt: now };
}

/** Delete a task and its whole subtree (a subtask without its parent would be an orphan). */
export async function deleteTask(ctx: TaskContext, id: string): Promise<Result<ChangeSet>> {
  const task = await ctx.read.getTask(id);
  if (task === null) return fail(notFound('id', 'task', id));
  const now = timestamp(ctx.deps.now());
  const doomed = [task, ...(await descendantsOf(ctx.read, id))];
  return ok({ ...EMPTY_CHANGES, deletedTasks: doomed.map((t) => tombstoneOf(t, ctx.deps.deviceId, now)) });
}
