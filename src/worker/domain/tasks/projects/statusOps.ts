import { tick } from '../../clock/vectorClock';
import { type ChangeSet, EMPTY_CHANGES } from '../changeSet';
import { tombstoneOf } from '../deleteTask';
import { fail, invalid, notFound, ok, type Result } from '../errors';
import type { TaskContext } from '../ports';
import { planPositions } from '../positions';
import {
  type StatusCreateInput,
  type StatusUpdatePatch,
  statusCreateInputSchema,
  statusUpdatePatchSchema,
} from '../schemas';
import { shapeChecker } from '../shapeCheck';
import { defaultStatusOf, doneStatusOf } from '../statusCoupling';
import { editTask, POSITION_STEP, timestamp } from '../taskEdit';
import type { StatusRecord } from '../types';
import { editStatus } from './projectEdit';

const checkCreate = shapeChecker(statusCreateInputSchema);
const checkUpdate = shapeChecker(statusUpdatePatchSchema);

/**
 * Invariants kept by every status edit: a project has exactly one default status while it has any
 * open status, and the default status is never a done status. Changing a status's `isDone` does
 * not complete or reopen the tasks already in it; the coupling applies when a task moves.
 */
export async function createStatus(ctx: TaskContext, input: StatusCreateInput): Promise<Result<ChangeSet>> {
  const shape = checkCreate(input);
  if (shape !== null) return fail(shape);
  if ((await ctx.read.getProject(input.projectId)) === null) {
    return fail(invalid('projectId', `project ${JSON.stringify(input.projectId)} does not exist`));
  }
  if (input.isDefault === true && input.isDone === true) {
    return fail(invalid('isDefault', 'a done status cannot be the default status', { expected: 'false' }));
  }
  const siblings = await ctx.read.listStatuses(input.projectId);
  const now = timestamp(ctx.deps.now());
  const becomesDefault =
    input.isDefault === true || (input.isDone !== true && defaultStatusOf(siblings) === null);
  const status: StatusRecord = {
    id: ctx.deps.newId(),
    projectId: input.projectId,
    name: input.name,
    color: input.color ?? '#6B7280',
    position: input.position ?? Math.max(-POSITION_STEP, ...siblings.map((s) => s.position)) + POSITION_STEP,
    isDefault: becomesDefault,
    isDone: input.isDone ?? false,
    createdAt: now,
    modifiedAt: now,
    clock: tick({}, ctx.deps.deviceId),
  };
  const demoted = becomesDefault ? demoteOthers(ctx, siblings, status.id) : [];
  return ok({ ...EMPTY_CHANGES, statuses: [status, ...demoted] });
}

export async function updateStatus(
  ctx: TaskContext,
  id: string,
  patch: StatusUpdatePatch,
): Promise<Result<ChangeSet>> {
  const shape = checkUpdate(patch);
  if (shape !== null) return fail(shape);
  const status = await ctx.read.getStatus(id);
  if (status === null) return fail(notFound('id', 'status', id));
  const isDefault = patch.isDefault ?? status.isDefault;
  const isDone = patch.isDone ?? status.isDone;
  if (isDefault && isDone) {
    const field = patch.isDone === true ? 'isDone' : 'isDefault';
    return fail(
      invalid(field, 'the default status cannot be a done status; make another status the default first'),
    );
  }
  if (status.isDefault && patch.isDefault === false) {
    return fail(invalid('isDefault', 'make another status the default instead of unsetting this one'));
  }
  const edited = editStatus(status, { ...patch }, ctx.deps);
  if (edited === status) return ok(EMPTY_CHANGES);
  const siblings = await ctx.read.listStatuses(status.projectId);
  const demoted = !status.isDefault && isDefault ? demoteOthers(ctx, siblings, id) : [];
  return ok({ ...EMPTY_CHANGES, statuses: [edited, ...demoted] });
}

/**
 * Delete a status. Its tasks move to the default status, except tasks of a deleted done status,
 * which move to another done status when there is one; completion is never changed by a delete.
 * The default status cannot be deleted (make another one the default first).
 */
export async function deleteStatus(ctx: TaskContext, id: string): Promise<Result<ChangeSet>> {
  const status = await ctx.read.getStatus(id);
  if (status === null) return fail(notFound('id', 'status', id));
  if (status.isDefault)
    return fail(invalid('id', 'the default status cannot be deleted; make another status the default first'));
  const rest = (await ctx.read.listStatuses(status.projectId)).filter((s) => s.id !== id);
  const target = (status.isDone ? doneStatusOf(rest) : null) ?? defaultStatusOf(rest);
  const tasks = [];
  for (const taskId of await ctx.read.listTaskIdsByStatus(id)) {
    const task = await ctx.read.getTask(taskId);
    if (task !== null) tasks.push(editTask(task, { statusId: target?.id ?? null }, ctx.deps));
  }
  const now = timestamp(ctx.deps.now());
  return ok({ ...EMPTY_CHANGES, tasks, deletedStatuses: [tombstoneOf(status, ctx.deps.deviceId, now)] });
}

/** Put a project's statuses (board columns) in the given order. */
export async function reorderStatuses(
  ctx: TaskContext,
  projectId: string,
  orderedIds: readonly string[],
): Promise<Result<ChangeSet>> {
  const all = await ctx.read.listStatuses(projectId);
  const statuses: StatusRecord[] = [];
  for (const [i, id] of orderedIds.entries()) {
    const status = all.find((s) => s.id === id);
    if (status === undefined)
      return fail(invalid(`ids[${i}]`, `status ${JSON.stringify(id)} is not in project ${projectId}`));
    if (statuses.includes(status)) return fail(invalid(`ids[${i}]`, 'an id appears twice'));
    statuses.push(status);
  }
  const plan = planPositions(statuses);
  const changed = statuses
    .filter((s) => plan.has(s.id))
    .map((s) => editStatus(s, { position: plan.get(s.id)! }, ctx.deps));
  return ok({ ...EMPTY_CHANGES, statuses: changed });
}

function demoteOthers(ctx: TaskContext, siblings: readonly StatusRecord[], keepId: string): StatusRecord[] {
  return siblings
    .filter((s) => s.isDefault && s.id !== keepId)
    .map((s) => editStatus(s, { isDefault: false }, ctx.deps));
}
