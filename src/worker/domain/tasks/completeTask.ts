import { initialClocks } from '../clock/fieldClocks';
import { type ChangeSet, EMPTY_CHANGES } from './changeSet';
import { fail, notFound, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { addDays, daysBetween, formatIsoDate, parseIsoDate } from './repeat/calendarDate';
import { anchorRepeatConfig, nextOccurrence } from './repeat/nextOccurrence';
import { instantToWallTime } from './repeat/zonedTime';
import { defaultStatusOf, statusForCompletion } from './statusCoupling';
import { TASK_SYNC_FIELDS } from './syncFields';
import { editTask, type TaskChanges, timestamp } from './taskEdit';
import type { StatusRecord, TaskRecord } from './types';

/**
 * Complete an open task: `completedAt` now, status to the project's done status. A repeating
 * task also yields its next occurrence as a new open task (due date moved by the rule, start date
 * by the same number of days, default status, `occurrence` + 1); the completed one keeps no rule,
 * so reopening and completing it again cannot fork the series. `extra` carries other changes of
 * the same edit (e.g. an explicit status from a board drop). Completing a completed task is a no-op.
 */
export async function completeLoaded(
  ctx: TaskContext,
  task: TaskRecord,
  statuses: readonly StatusRecord[],
  extra: TaskChanges = {},
): Promise<ChangeSet> {
  const { deps } = ctx;
  const nowMs = deps.now();
  const statusId = extra.statusId ?? statusForCompletion(statuses, task.statusId, true);
  const occurrence = nextOf(task, nowMs, deps.timeZone);
  const done = editTask(
    task,
    {
      ...extra,
      completedAt: timestamp(nowMs),
      statusId,
      ...(occurrence ? { repeatConfig: null, repeatFrom: null } : {}),
    },
    deps,
  );
  if (occurrence === null) return { ...EMPTY_CHANGES, tasks: [done] };
  const shift =
    task.dueDate === null ? 0 : daysBetween(parseIsoDate(task.dueDate)!, parseIsoDate(occurrence.date)!);
  const startDate =
    task.startDate === null ? null : formatIsoDate(addDays(parseIsoDate(task.startDate)!, shift));
  const now = timestamp(nowMs);
  const next: TaskRecord = {
    ...task,
    ...extra,
    id: deps.newId(),
    statusId: defaultStatusOf(statuses)?.id ?? null,
    dueDate: occurrence.date,
    startDate: task.startDate !== null && task.dueDate !== null ? startDate : null,
    repeatConfig: occurrence.config,
    completedAt: null,
    archivedAt: null,
    syncedAt: null,
    sourceNoteId: task.sourceNoteId,
    createdAt: now,
    modifiedAt: now,
    ...initialClocks(TASK_SYNC_FIELDS, deps.deviceId),
  };
  return { ...EMPTY_CHANGES, tasks: [done, next] };
}

/** The next occurrence of a repeating task completed at `nowMs`, or null (not repeating, or ended). */
function nextOf(task: TaskRecord, nowMs: number, timeZone: string) {
  if (task.repeatConfig === null) return null;
  const completedOn = instantToWallTime(nowMs, timeZone).date;
  // Without a due date there is no schedule to follow: count from the completion day.
  if ((task.repeatFrom ?? 'due') === 'completion' || task.dueDate === null) {
    return nextOccurrence(task.repeatConfig, completedOn, 'completion');
  }
  return nextOccurrence(anchorRepeatConfig(task.repeatConfig, task.dueDate), task.dueDate, 'due');
}

/** Reopen a completed task: `completedAt` null, status out of a done status to the default one. */
export function uncompleteLoaded(
  ctx: TaskContext,
  task: TaskRecord,
  statuses: readonly StatusRecord[],
  extra: TaskChanges = {},
): ChangeSet {
  const statusId = extra.statusId ?? statusForCompletion(statuses, task.statusId, false);
  return { ...EMPTY_CHANGES, tasks: [editTask(task, { ...extra, completedAt: null, statusId }, ctx.deps)] };
}

export async function completeTask(ctx: TaskContext, id: string): Promise<Result<ChangeSet>> {
  const task = await ctx.read.getTask(id);
  if (task === null) return fail(notFound('id', 'task', id));
  if (task.completedAt !== null) return ok(EMPTY_CHANGES);
  return ok(await completeLoaded(ctx, task, await ctx.read.listStatuses(task.projectId)));
}

export async function uncompleteTask(ctx: TaskContext, id: string): Promise<Result<ChangeSet>> {
  const task = await ctx.read.getTask(id);
  if (task === null) return fail(notFound('id', 'task', id));
  if (task.completedAt === null) return ok(EMPTY_CHANGES);
  return ok(uncompleteLoaded(ctx, task, await ctx.read.listStatuses(task.projectId)));
}
