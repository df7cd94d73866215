import { toTaskListEntry } from '../../domain/tasks/fullTask';
import type { TaskRecord } from '../../domain/tasks/types';
import type { CountedTask } from '../../domain/tasks/views/projectViews';

/**
 * What the views answer for each task: the list entry of spec 2.3 plus the few fields a row or
 * card shows (priority, time, completion, status id, subtask counts). Small enough for a view of
 * hundreds of tasks to cross Comlink or the 100 KB desktop-read limit.
 */
export function toTaskCard(task: TaskRecord, statusName: string | null, counts?: CountedTask) {
  return {
    ...toTaskListEntry(task, statusName),
    statusId: task.statusId,
    parentId: task.parentId,
    priority: task.priority,
    dueTime: task.dueTime,
    position: task.position,
    completedAt: task.completedAt,
    isRepeating: task.repeatConfig !== null,
    subtaskCount: counts?.subtaskCount ?? 0,
    completedSubtaskCount: counts?.completedSubtaskCount ?? 0,
  };
}

export type TaskCard = ReturnType<typeof toTaskCard>;
