import { defaultStatusOf } from '../statusCoupling';
import type { StatusRecord, TaskRecord } from '../types';
import type { TaskQueryPort } from './queryPort';

export interface CountedTask {
  readonly task: TaskRecord;
  readonly subtaskCount: number;
  readonly completedSubtaskCount: number;
}

/** Attach subtask counts to a page of tasks with one index query. */
export async function withSubtaskCounts(
  port: TaskQueryPort,
  tasks: readonly TaskRecord[],
): Promise<CountedTask[]> {
  const counts = await port.subtaskCounts(tasks.map((t) => t.id));
  return tasks.map((task) => ({ task, ...countsOf(counts, task.id) }));
}

/** One task's entry of a `subtaskCounts` answer (a task with no live subtask is absent: 0, 0). */
export function countsOf(
  counts: Awaited<ReturnType<TaskQueryPort['subtaskCounts']>>,
  id: string,
): Omit<CountedTask, 'task'> {
  const c = counts.get(id);
  return { subtaskCount: c?.total ?? 0, completedSubtaskCount: c?.completed ?? 0 };
}

export interface ProjectListOptions {
  readonly parentId?: string | null;
  readonly includeCompleted?: boolean;
  readonly offset?: number;
  readonly limit?: number;
}

export interface ProjectListPage {
  readonly items: readonly CountedTask[];
  /** offset of the next page, or null at the end */
  readonly nextOffset: number | null;
}

/** A project's list (top level, or one parent's subtasks) in position order, one page at a time. */
export async function getProjectList(
  port: TaskQueryPort,
  projectId: string,
  o: ProjectListOptions = {},
): Promise<ProjectListPage> {
  const offset = o.offset ?? 0;
  const limit = o.limit ?? 200;
  const page = await port.listByParent(projectId, o.parentId ?? null, o.includeCompleted ?? false, {
    offset,
    limit: limit + 1,
  });
  const items = await withSubtaskCounts(port, page.slice(0, limit));
  return { items, nextOffset: page.length > limit ? offset + limit : null };
}

export interface BoardColumn {
  readonly status: StatusRecord;
  readonly tasks: readonly CountedTask[];
  /** all top-level tasks the column shows, beyond the ones loaded */
  readonly total: number;
  /** completed top-level tasks of the column left out (0 when completed ones are shown) */
  readonly hiddenCompleted: number;
}

/**
 * A project's board: one column per status in position order, each with its first
 * `limitPerColumn` top-level tasks and its total. Completed tasks (they sit in done columns) are
 * included unless `includeCompleted` is false; then each column says how many it left out, so a
 * card dragged into a done column is still accounted for. Tasks without a status show in the
 * default status's column.
 */
export async function getBoard(
  port: TaskQueryPort,
  projectId: string,
  statuses: readonly StatusRecord[],
  limitPerColumn = 100,
  includeCompleted = true,
): Promise<BoardColumn[]> {
  const own = statuses.filter((s) => s.projectId === projectId).sort((a, b) => a.position - b.position);
  const home = defaultStatusOf(own);
  const page = { offset: 0, limit: limitPerColumn };
  // Every column's reads are issued at once: in one transaction they share a round trip.
  const read = (statusId: string | null) =>
    Promise.all([
      port.listByStatus(projectId, statusId, includeCompleted, page),
      port.countByStatus(projectId, statusId),
    ]);
  const [columns, loose] = await Promise.all([
    Promise.all(own.map((s) => read(s.id))),
    home === null ? null : read(null),
  ]);
  return Promise.all(
    own.map(async (status, i) => {
      let [tasks, counts] = columns[i]!;
      let { open, completed } = counts;
      if (status === home && loose !== null) {
        // Tasks without a status show in the default status's column.
        tasks = [...tasks, ...loose[0]].sort(byPosition).slice(0, limitPerColumn);
        open += loose[1].open;
        completed += loose[1].completed;
      }
      return {
        status,
        tasks: await withSubtaskCounts(port, tasks),
        total: includeCompleted ? open + completed : open,
        hiddenCompleted: includeCompleted ? 0 : completed,
      };
    }),
  );
}

/** List order: position, then id (as the indexes order equal positions). */
function byPosition(a: TaskRecord, b: TaskRecord): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
