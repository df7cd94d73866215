import { addDays, formatIsoDate, parseIsoDate } from '../repeat/calendarDate';
import { type TaskQueryPort, TaskState } from './queryPort';

export interface TaskStats {
  readonly open: number;
  readonly completed: number;
  readonly archived: number;
  readonly overdue: number;
  readonly dueToday: number;
  /** due in the 7 days after today */
  readonly upcoming: number;
}

/** Task counts, all or for one project, from index counts only. Overdue/today/upcoming count all projects. */
export async function getStats(
  port: TaskQueryPort,
  today: string,
  projectId: string | null = null,
): Promise<TaskStats> {
  const day = parseIsoDate(today)!;
  const [open, completed, archived, overdue, dueToday, upcoming] = await Promise.all([
    port.countByState(TaskState.open, projectId),
    port.countByState(TaskState.completed, projectId),
    port.countByState(TaskState.archived, projectId),
    port.countOpenByDue(null, formatIsoDate(addDays(day, -1))),
    port.countOpenByDue(today, today),
    port.countOpenByDue(formatIsoDate(addDays(day, 1)), formatIsoDate(addDays(day, 7))),
  ]);
  return { open, completed, archived, overdue, dueToday, upcoming };
}
