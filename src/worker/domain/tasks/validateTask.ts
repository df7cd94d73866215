import { invalid, type ValidationError } from './errors';
import type { TaskReadPort } from './ports';
import { isIsoDate } from './repeat/calendarDate';
import { checkRepeatConfig } from './repeat/repeatConfig';
import type { TaskRecord } from './types';

type Draft = Pick<
  TaskRecord,
  'projectId' | 'statusId' | 'parentId' | 'dueDate' | 'dueTime' | 'startDate' | 'repeatConfig' | 'repeatFrom'
>;

/** Chains deeper than this are treated as corrupt rather than walked forever. */
const MAX_DEPTH = 1000;

/**
 * The value rules a JSON Schema cannot state, checked on the task as it would be after the write.
 * `given` names the input fields, so a refusal names a field the caller actually sent when it can.
 */
export function checkTaskValues(draft: Draft, given: ReadonlySet<string>): ValidationError | null {
  for (const field of ['dueDate', 'startDate'] as const) {
    const value = draft[field];
    if (value !== null && !isIsoDate(value)) {
      return invalid(field, `${value} is not a calendar date`, { expected: 'YYYY-MM-DD' });
    }
  }
  if (draft.dueTime !== null && draft.dueDate === null) {
    return invalid('dueTime', 'a due time needs a due date', { expected: 'dueDate set' });
  }
  if (draft.startDate !== null && draft.dueDate !== null && draft.startDate > draft.dueDate) {
    const field = given.has('startDate') ? 'startDate' : 'dueDate';
    return invalid(field, `start date ${draft.startDate} is after due date ${draft.dueDate}`, {
      expected: 'startDate <= dueDate',
    });
  }
  if (draft.repeatFrom !== null && draft.repeatConfig === null) {
    return invalid('repeatFrom', 'repeatFrom needs a repeatConfig', { expected: 'null' });
  }
  return draft.repeatConfig === null ? null : checkRepeatConfig(draft.repeatConfig);
}

/**
 * The references of a task as it would be after the write: the project, the status (of that
 * project) and the parent (in that project, not the task itself nor one of its descendants).
 * `selfId` is null for a task being created.
 */
export async function checkTaskRefs(
  read: TaskReadPort,
  draft: Draft,
  selfId: string | null,
): Promise<ValidationError | null> {
  if ((await read.getProject(draft.projectId)) === null) {
    return invalid('projectId', `project ${JSON.stringify(draft.projectId)} does not exist`);
  }
  if (draft.statusId !== null) {
    const status = await read.getStatus(draft.statusId);
    if (status === null)
      return invalid('statusId', `status ${JSON.stringify(draft.statusId)} does not exist`);
    if (status.projectId !== draft.projectId) {
      return invalid('statusId', `status ${JSON.stringify(draft.statusId)} belongs to another project`, {
        expected: `a status of project ${draft.projectId}`,
      });
    }
  }
  if (draft.parentId !== null) {
    if (draft.parentId === selfId) return invalid('parentId', 'a task cannot be its own parent');
    const parent = await read.getTask(draft.parentId);
    if (parent === null) return invalid('parentId', `task ${JSON.stringify(draft.parentId)} does not exist`);
    if (parent.projectId !== draft.projectId) {
      return invalid('parentId', 'a subtask must be in its parent’s project', {
        expected: `a task of project ${draft.projectId}`,
      });
    }
    if (selfId !== null && (await isAncestorOrSelf(read, selfId, parent))) {
      return invalid('parentId', 'a task cannot be its own ancestor', {
        expected: 'a task outside this subtree',
      });
    }
  }
  return null;
}

/** Whether `ancestorId` is `start` or one of its ancestors. */
export async function isAncestorOrSelf(
  read: TaskReadPort,
  ancestorId: string,
  start: TaskRecord,
): Promise<boolean> {
  let node: TaskRecord | null = start;
  for (let depth = 0; node !== null && depth < MAX_DEPTH; depth++) {
    if (node.id === ancestorId) return true;
    node = node.parentId === null ? null : await read.getTask(node.parentId);
  }
  return node !== null;
}
