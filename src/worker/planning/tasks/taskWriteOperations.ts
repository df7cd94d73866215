import { archiveTask, unarchiveTask } from '../../domain/tasks/archiveTask';
import { bulkArchive, bulkComplete, bulkMove } from '../../domain/tasks/bulkTasks';
import type { ChangeSet } from '../../domain/tasks/changeSet';
import { completeTask, uncompleteTask } from '../../domain/tasks/completeTask';
import { convertToSubtask, convertToTask } from '../../domain/tasks/convertSubtask';
import { createTask } from '../../domain/tasks/createTask';
import { duplicateTask } from '../../domain/tasks/duplicateTask';
import { moveTask } from '../../domain/tasks/moveTask';
import { reorderTasks } from '../../domain/tasks/reorderTasks';
import {
  taskCreateInputSchema,
  taskIdSchema,
  taskIdsSchema,
  taskMoveTargetSchema,
  taskUpdatePatchSchema,
} from '../../domain/tasks/schemas';
import { type TaskDefaults, withTaskDefaults } from '../../domain/tasks/taskDefaults';
import { updateTask } from '../../domain/tasks/updateTask';
import { isTrashedTask, trashTasks } from '../../domain/trash/taskTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok, type Result } from '../../ops/result';
import type { TaskEdit, TaskStore } from './taskStore';

const id = { name: 'id', required: true, schema: taskIdSchema } as const;
const ids = { name: 'ids', required: true, schema: taskIdsSchema } as const;

/** What a single-task write answers: the task as written, and a new occurrence when one was made. */
function written(set: ChangeSet, taskId: string | null) {
  const task = (taskId === null ? set.tasks[0] : set.tasks.find((t) => t.id === taskId)) ?? null;
  const created = set.tasks.filter((t) => t.id !== task?.id && t.createdAt === t.modifiedAt);
  // a delete moves tasks to the Trash (docs/trash.md): they count as deleted, and as trashed
  const trashed = set.tasks.filter(isTrashedTask).length;
  return {
    task,
    created,
    changed: set.tasks.length,
    deleted: set.deletedTasks.length + trashed,
    ...(trashed > 0 ? { trashed } : {}),
  };
}

/**
 * The write operations of spec 4.5 `tasks.*` for tasks; every agent call asks the user first.
 * `defaults` reads the user's task settings (default project and priority) for `tasks.create`.
 */
export function taskWriteOperations(store: TaskStore, defaults: () => Promise<TaskDefaults>): Operation[] {
  const one = async (edit: TaskEdit, taskId: string | null): Promise<Result<ReturnType<typeof written>>> => {
    const res = await store.edit(edit);
    return res.ok ? ok(written(res.value, taskId)) : res;
  };
  const simple = (
    name: string,
    summary: string,
    run: (c: Parameters<TaskEdit>[0], id: string) => ReturnType<TaskEdit>,
  ) =>
    defineOperation({
      name,
      kind: 'write',
      requiresApproval: true,
      summary,
      params: [id],
      handler: ([taskId]) => one((c) => run(c, taskId), taskId),
    });
  const bulk = (
    name: string,
    summary: string,
    run: (c: Parameters<TaskEdit>[0], ids: readonly string[]) => ReturnType<TaskEdit>,
  ) =>
    defineOperation({
      name,
      kind: 'write',
      requiresApproval: true,
      summary,
      params: [ids],
      handler: ([taskIds]) => one((c) => run(c, taskIds), null),
    });

  return [
    defineOperation({
      name: 'tasks.create',
      kind: 'write',
      requiresApproval: true,
      summary:
        'Create a task (defaults: the task settings’ project, else Inbox, and priority; the project’s default status, end of the list).',
      params: [{ name: 'task', required: true, schema: taskCreateInputSchema }] as const,
      handler: async ([input]) => {
        const d = await defaults();
        return one(async (c) => createTask(c, await withTaskDefaults(c.read, input, d)), null);
      },
    }),
    defineOperation({
      name: 'tasks.update',
      kind: 'write',
      requiresApproval: true,
      summary: 'Change fields of a task; a done status completes it, another status reopens it.',
      params: [id, { name: 'patch', required: true, schema: taskUpdatePatchSchema }] as const,
      handler: ([taskId, patch]) => one((c) => updateTask(c, taskId, patch), taskId),
    }),
    simple(
      'tasks.delete',
      'Delete a task with its subtasks: they move to the Trash for 30 days (trash.restore brings them back).',
      (c, taskId) => trashTasks(c, [taskId], () => 'id'),
    ),
    simple('tasks.complete', 'Complete a task (a repeating task gets its next occurrence).', completeTask),
    simple('tasks.uncomplete', 'Reopen a completed task.', uncompleteTask),
    simple('tasks.archive', 'Archive a task (hidden from every view, kept).', archiveTask),
    simple('tasks.unarchive', 'Restore an archived task.', unarchiveTask),
    simple('tasks.duplicate', 'Copy a task with its subtasks, right after it.', duplicateTask),
    simple('tasks.convertToTask', 'Make a subtask a top-level task of its project.', convertToTask),
    defineOperation({
      name: 'tasks.convertToSubtask',
      kind: 'write',
      requiresApproval: true,
      summary: 'Make a task a subtask of another (never of its own descendant).',
      params: [id, { name: 'parentId', required: true, schema: taskIdSchema }] as const,
      handler: ([taskId, parentId]) => one((c) => convertToSubtask(c, taskId, parentId), taskId),
    }),
    defineOperation({
      name: 'tasks.move',
      kind: 'write',
      requiresApproval: true,
      summary: 'Move a task (and its subtasks) to a project, optionally into a status and position.',
      params: [id, { name: 'target', required: true, schema: taskMoveTargetSchema }] as const,
      handler: ([taskId, target]) => one((c) => moveTask(c, taskId, target), taskId),
    }),
    bulk('tasks.reorder', 'Put tasks of one list in the given order.', reorderTasks),
    bulk('tasks.bulkComplete', 'Complete several tasks; all or nothing.', bulkComplete),
    bulk(
      'tasks.bulkDelete',
      'Delete several tasks with their subtasks, all or nothing: they move to the Trash for 30 days.',
      (c, taskIds) => trashTasks(c, taskIds, (i) => `ids[${i}]`),
    ),
    bulk('tasks.bulkArchive', 'Archive several tasks; all or nothing.', bulkArchive),
    defineOperation({
      name: 'tasks.bulkMove',
      kind: 'write',
      requiresApproval: true,
      summary: 'Move several tasks to a project (and status); all or nothing.',
      params: [ids, { name: 'target', required: true, schema: taskMoveTargetSchema }] as const,
      handler: ([taskIds, target]) => one((c) => bulkMove(c, taskIds, target), null),
    }),
  ];
}
