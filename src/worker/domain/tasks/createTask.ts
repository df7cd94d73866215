import { initialClocks } from '../clock/fieldClocks';
import { type ChangeSet, EMPTY_CHANGES } from './changeSet';
import { fail, invalid, ok, type Result } from './errors';
import type { TaskContext } from './ports';
import { INBOX_ID } from './projects/inbox';
import { anchorRepeatConfig } from './repeat/nextOccurrence';
import { type TaskCreateInput, taskCreateInputSchema } from './schemas';
import { shapeChecker } from './shapeCheck';
import { statusForCompletion } from './statusCoupling';
import { nextPosition } from './subtree';
import { TASK_SYNC_FIELDS } from './syncFields';
import { normalizeTags, timestamp } from './taskEdit';
import type { TaskRecord } from './types';
import { checkTaskRefs, checkTaskValues } from './validateTask';

const checkShape = shapeChecker(taskCreateInputSchema);

/**
 * Create one task. Defaults: the parent's project, else Inbox; the project's default status; the
 * end of its list; priority 0; `repeatFrom` 'due' when a rule is given. A status that is a done
 * status creates the task completed (the status/completion coupling). Refusals change nothing.
 */
export async function createTask(ctx: TaskContext, input: TaskCreateInput): Promise<Result<ChangeSet>> {
  const shape = checkShape(input);
  if (shape !== null) return fail(shape);
  const { deps, read } = ctx;
  const parent = input.parentId == null ? null : await read.getTask(input.parentId);
  if (input.parentId != null && parent === null) {
    return fail(invalid('parentId', `task ${JSON.stringify(input.parentId)} does not exist`));
  }
  const projectId = input.projectId ?? parent?.projectId ?? INBOX_ID;
  const repeatConfig = input.repeatConfig ?? null;
  const dueDate = input.dueDate ?? null;
  const draft = {
    projectId,
    statusId: input.statusId ?? null,
    parentId: input.parentId ?? null,
    dueDate,
    dueTime: input.dueTime ?? null,
    startDate: input.startDate ?? null,
    repeatConfig,
    repeatFrom: input.repeatFrom ?? (repeatConfig === null ? null : ('due' as const)),
  };
  const given = new Set(Object.keys(input));
  const problem = checkTaskValues(draft, given) ?? (await checkTaskRefs(read, draft, null));
  if (problem !== null) return fail(problem);

  const statuses = await read.listStatuses(projectId);
  const chosen = statuses.find((s) => s.id === draft.statusId) ?? null;
  const completed = chosen?.isDone ?? false;
  const now = timestamp(deps.now());
  const task: TaskRecord = {
    ...draft,
    id: deps.newId(),
    statusId: chosen?.id ?? statusForCompletion(statuses, null, false),
    repeatConfig:
      repeatConfig !== null && dueDate !== null ? anchorRepeatConfig(repeatConfig, dueDate) : repeatConfig,
    title: input.title,
    description: input.description ?? null,
    priority: input.priority ?? 0,
    position: input.position ?? (await nextPosition(read, projectId, draft.parentId)),
    sourceNoteId: input.sourceNoteId ?? null,
    completedAt: completed ? now : null,
    archivedAt: null,
    syncedAt: null,
    tags: normalizeTags(input.tags ?? []),
    createdAt: now,
    modifiedAt: now,
    ...initialClocks(TASK_SYNC_FIELDS, deps.deviceId),
  };
  return ok({ ...EMPTY_CHANGES, tasks: [task] });
}
