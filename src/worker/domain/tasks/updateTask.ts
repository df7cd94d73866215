import { type ChangeSet, combine, EMPTY_CHANGES } from './changeSet';
import { completeLoaded, uncompleteLoaded } from './completeTask';
import { fail, notFound, ok, type Result } from './errors';
import { moveDescendants } from './moveDescendants';
import type { TaskContext } from './ports';
import { INBOX_ID } from './projects/inbox';
import { anchorRepeatConfig } from './repeat/nextOccurrence';
import { type TaskUpdatePatch, taskUpdatePatchSchema } from './schemas';
import { shapeChecker } from './shapeCheck';
import { statusForCompletion } from './statusCoupling';
import { descendantsOf, nextPosition } from './subtree';
import { editTask, normalizeTags, type TaskChanges } from './taskEdit';
import { checkTaskRefs, checkTaskValues } from './validateTask';

const checkShape = shapeChecker(taskUpdatePatchSchema);

/**
 * Update fields of one task. A new project moves its subtree along (statuses remapped, the task
 * detached from a parent left behind); a new parent puts it at the end of that parent's list; an
 * explicit status that is a done status completes it (with its next occurrence when repeating)
 * and a non-done one reopens it. `projectId: null` means Inbox. Refusals change nothing.
 */
export async function updateTask(
  ctx: TaskContext,
  id: string,
  patch: TaskUpdatePatch,
): Promise<Result<ChangeSet>> {
  const shape = checkShape(patch);
  if (shape !== null) return fail(shape);
  const { read, deps } = ctx;
  const task = await read.getTask(id);
  if (task === null) return fail(notFound('id', 'task', id));
  const given = new Set(Object.keys(patch));

  const projectId = given.has('projectId') ? (patch.projectId ?? INBOX_ID) : task.projectId;
  const projectChanged = projectId !== task.projectId;
  let parentId = given.has('parentId') ? (patch.parentId ?? null) : task.parentId;
  if (projectChanged && !given.has('parentId') && parentId !== null) {
    const parent = await read.getTask(parentId);
    if (parent?.projectId !== projectId) parentId = null;
  }
  const repeatConfig = given.has('repeatConfig') ? (patch.repeatConfig ?? null) : task.repeatConfig;
  const draft = {
    projectId,
    parentId,
    statusId: given.has('statusId') ? (patch.statusId ?? null) : task.statusId,
    dueDate: given.has('dueDate') ? (patch.dueDate ?? null) : task.dueDate,
    dueTime: given.has('dueTime') ? (patch.dueTime ?? null) : task.dueTime,
    startDate: given.has('startDate') ? (patch.startDate ?? null) : task.startDate,
    repeatConfig,
    repeatFrom: given.has('repeatFrom')
      ? (patch.repeatFrom ?? null)
      : repeatConfig === null
        ? null
        : (task.repeatFrom ?? 'due'),
  };
  if (projectChanged && !given.has('statusId')) draft.statusId = null;
  const problem = checkTaskValues(draft, given) ?? (await checkTaskRefs(read, draft, id));
  if (problem !== null) return fail(problem);

  const statuses = await read.listStatuses(projectId);
  if (draft.statusId === null && projectChanged) {
    draft.statusId = statusForCompletion(statuses, null, task.completedAt !== null);
  }
  const changes: TaskChanges = {
    ...draft,
    ...(given.has('title') ? { title: patch.title } : {}),
    ...(given.has('description') ? { description: patch.description ?? null } : {}),
    ...(given.has('priority') ? { priority: patch.priority } : {}),
    ...(given.has('tags') ? { tags: normalizeTags(patch.tags ?? []) } : {}),
    position:
      patch.position ??
      (parentId !== task.parentId || projectChanged
        ? await nextPosition(read, projectId, parentId)
        : task.position),
  };
  if (given.has('repeatConfig') && repeatConfig !== null && draft.dueDate !== null) {
    changes.repeatConfig = anchorRepeatConfig(repeatConfig, draft.dueDate);
  }

  const moved = projectChanged
    ? { ...EMPTY_CHANGES, tasks: moveDescendants(await descendantsOf(read, id), projectId, statuses, deps) }
    : EMPTY_CHANGES;
  const status = statuses.find((s) => s.id === draft.statusId) ?? null;
  const statusExplicit = given.has('statusId') && draft.statusId !== task.statusId;
  let own: ChangeSet;
  if (statusExplicit && status?.isDone === true && task.completedAt === null) {
    own = await completeLoaded(ctx, task, statuses, changes);
  } else if (statusExplicit && status !== null && !status.isDone && task.completedAt !== null) {
    own = uncompleteLoaded(ctx, task, statuses, changes);
  } else {
    const edited = editTask(task, changes, deps);
    own = edited === task ? EMPTY_CHANGES : { ...EMPTY_CHANGES, tasks: [edited] };
  }
  return ok(combine(own, moved));
}
