import type { TaskRecord } from '../types';

/** A task's lifecycle state as an index key (IndexedDB cannot index null or booleans). */
export const TaskState = { open: 0, completed: 1, archived: 2, trashed: 3 } as const;
export type TaskStateKey = (typeof TaskState)[keyof typeof TaskState];

export interface Page {
  readonly offset: number;
  readonly limit: number;
}

/**
 * The index-backed reads the views need: every method is one range scan or count over one index
 * of the task table, so no view loads all tasks. Rows are full task records. The Dexie table keeps
 * the derived keys of `taskIndexKeys` on each row; the index each method needs is named on it.
 * "Live" tasks are those whose state is not archived.
 */
export interface TaskQueryPort {
  /**
   * Open tasks with `from <= dueDate <= to` (a null bound is open-ended; tasks without a due date
   * never match), ordered by dueDate then id. Index `[state+dueDate]`.
   */
  openByDue(from: string | null, to: string | null, page: Page): Promise<readonly TaskRecord[]>;
  /** Count of the same range. Index `[state+dueDate]`. */
  countOpenByDue(from: string | null, to: string | null): Promise<number>;
  /**
   * Live tasks of one list (project + parent; null parent = top level) ordered by position, then
   * id; completed ones only when asked. Index `[projectId+parentKey+position]`.
   */
  listByParent(
    projectId: string,
    parentId: string | null,
    includeCompleted: boolean,
    page: Page,
  ): Promise<readonly TaskRecord[]>;
  /**
   * Live top-level tasks with this status (null = no status), by position then id; completed
   * ones only when asked. Index `[projectId+statusKey+parentKey+state+position]` (one exact range
   * per state, so no row of another state, no subtask and no archived task is read).
   */
  listByStatus(
    projectId: string,
    statusId: string | null,
    includeCompleted: boolean,
    page: Page,
  ): Promise<readonly TaskRecord[]>;
  /**
   * The top-level tasks of this status (null = no status), open and completed (archived ones
   * are in neither). Two index counts of `[projectId+statusKey+parentKey+state+position]`.
   */
  countByStatus(projectId: string, statusId: string | null): Promise<StatusCounts>;
  /** Per parent: live subtasks, and how many of them are completed. Index `[parentKey+state]`. */
  subtaskCounts(
    parentIds: readonly string[],
  ): Promise<ReadonlyMap<string, { total: number; completed: number }>>;
  /** Count of tasks in a state, in one project or all. Index `[projectId+state]` (all: `state`). */
  countByState(state: TaskStateKey, projectId: string | null): Promise<number>;
}

/** A board column's top-level tasks by state (countByStatus). */
export interface StatusCounts {
  readonly open: number;
  readonly completed: number;
}

/** The derived keys the task table stores beside each record for the indexes above. */
export interface TaskIndexKeys {
  readonly state: TaskStateKey;
  /** parentId, or '' for a top-level task */
  readonly parentKey: string;
  /** statusId, or '' for none */
  readonly statusKey: string;
}

export function taskIndexKeys(task: TaskRecord): TaskIndexKeys {
  return {
    // A trashed task is in no view: every view reads the open or completed range (docs/trash.md).
    state:
      typeof task.trashedAt === 'string'
        ? TaskState.trashed
        : task.archivedAt !== null
          ? TaskState.archived
          : task.completedAt !== null
            ? TaskState.completed
            : TaskState.open,
    parentKey: task.parentId ?? '',
    statusKey: task.statusId ?? '',
  };
}
