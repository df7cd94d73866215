import type { TaskRecord } from './types';

export interface SourceRef {
  readonly kind: 'task' | 'project';
  readonly id: string;
  readonly title: string;
  readonly href: string;
  readonly icon?: string | null;
}

/** Links derived from other records: notes that link to the task, canvases with a card of it. */
export interface TaskLinks {
  readonly linkedNoteIds: readonly string[];
  readonly linkedCanvasIds: readonly string[];
}

export interface SubtaskCounts {
  readonly subtaskCount: number;
  readonly completedSubtaskCount: number;
}

/** The full task of spec 2.3: the stored record plus the fields derived from it and around it. */
export type FullTask = TaskRecord &
  TaskLinks &
  SubtaskCounts & {
    readonly isRepeating: boolean;
    readonly hasSubtasks: boolean;
    readonly href: string;
    readonly source_ref: SourceRef;
    readonly sources: readonly SourceRef[];
  };

export function taskHref(id: string): string {
  return `svc://task/${encodeURIComponent(id)}`;
}

export function taskSourceRef(task: Pick<TaskRecord, 'id' | 'title'>): SourceRef {
  return { kind: 'task', id: task.id, title: task.title, href: taskHref(task.id) };
}

export function toFullTask(record: TaskRecord, counts: SubtaskCounts, links: TaskLinks): FullTask {
  // the Trash's marks are storage (a live task read here has them null or absent: docs/trash.md)
  const { trashedAt: _a, trashedWith: _w, ...task } = record;
  const ref = taskSourceRef(task);
  return {
    ...task,
    // Named one by one: a caller's counts object may carry more (withSubtaskCounts adds `task`).
    subtaskCount: counts.subtaskCount,
    completedSubtaskCount: counts.completedSubtaskCount,
    linkedNoteIds: links.linkedNoteIds,
    linkedCanvasIds: links.linkedCanvasIds,
    isRepeating: task.repeatConfig !== null,
    hasSubtasks: counts.subtaskCount > 0,
    href: ref.href,
    source_ref: ref,
    sources: [ref],
  };
}

/** The task list entry of spec 2.3; `statusName` is the label of its status (null: none). */
export function toTaskListEntry(task: TaskRecord, statusName: string | null) {
  const ref = taskSourceRef(task);
  return {
    id: task.id,
    title: task.title,
    status: statusName,
    due: task.dueDate,
    project: task.projectId,
    tags: task.tags,
    href: ref.href,
    source_ref: ref,
  };
}
