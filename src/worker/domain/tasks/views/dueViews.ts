import { addDays, formatIsoDate, parseIsoDate } from '../repeat/calendarDate';
import { instantToWallTime } from '../repeat/zonedTime';
import type { TaskRecord } from '../types';
import type { TaskQueryPort } from './queryPort';

export interface DueViewOptions {
  /** the user's local date, YYYY-MM-DD */
  readonly today: string;
  readonly limit?: number;
  /** ids of archived projects, whose tasks no view shows (projects are few; the caller has them) */
  readonly hiddenProjectIds?: ReadonlySet<string>;
}

export const DEFAULT_VIEW_LIMIT = 500;
const PAGE = 200;

/**
 * Open tasks due in [from, to], skipping tasks of hidden projects, up to `limit`. Reads page by
 * page so a hidden project's tasks cannot starve the result.
 */
export async function openDueBetween(
  port: TaskQueryPort,
  from: string | null,
  to: string | null,
  limit: number,
  hidden: ReadonlySet<string> = new Set(),
): Promise<TaskRecord[]> {
  const out: TaskRecord[] = [];
  for (let offset = 0; out.length < limit; offset += PAGE) {
    const page = await port.openByDue(from, to, { offset, limit: PAGE });
    for (const task of page) if (!hidden.has(task.projectId) && out.length < limit) out.push(task);
    if (page.length < PAGE) break;
  }
  return out;
}

/** Within a day: timed tasks first by time, then higher priority, then list position. */
export function byDayOrder(a: TaskRecord, b: TaskRecord): number {
  return (
    (a.dueDate ?? '').localeCompare(b.dueDate ?? '') ||
    (a.dueTime ?? '99:99').localeCompare(b.dueTime ?? '99:99') ||
    b.priority - a.priority ||
    a.position - b.position ||
    a.id.localeCompare(b.id)
  );
}

/** Today: open tasks due today. */
export async function getToday(port: TaskQueryPort, o: DueViewOptions): Promise<TaskRecord[]> {
  const tasks = await openDueBetween(
    port,
    o.today,
    o.today,
    o.limit ?? DEFAULT_VIEW_LIMIT,
    o.hiddenProjectIds,
  );
  return tasks.sort(byDayOrder);
}

/** Overdue: open tasks due before today, oldest first. */
export async function getOverdue(port: TaskQueryPort, o: DueViewOptions): Promise<TaskRecord[]> {
  const yesterday = formatIsoDate(addDays(parseIsoDate(o.today)!, -1));
  const tasks = await openDueBetween(
    port,
    null,
    yesterday,
    o.limit ?? DEFAULT_VIEW_LIMIT,
    o.hiddenProjectIds,
  );
  return tasks.sort(byDayOrder);
}

export interface UpcomingDay {
  readonly date: string;
  readonly tasks: readonly TaskRecord[];
}

/** Upcoming: open tasks due in the `days` days after today, one group per date that has tasks. */
export async function getUpcoming(
  port: TaskQueryPort,
  o: DueViewOptions & { readonly days?: number },
): Promise<UpcomingDay[]> {
  const start = parseIsoDate(o.today)!;
  const from = formatIsoDate(addDays(start, 1));
  const to = formatIsoDate(addDays(start, o.days ?? 7));
  const tasks = (
    await openDueBetween(port, from, to, o.limit ?? DEFAULT_VIEW_LIMIT, o.hiddenProjectIds)
  ).sort(byDayOrder);
  const days: { date: string; tasks: TaskRecord[] }[] = [];
  for (const task of tasks) {
    const last = days[days.length - 1];
    if (last?.date === task.dueDate) last.tasks.push(task);
    else days.push({ date: task.dueDate!, tasks: [task] });
  }
  return days;
}

/** The user's local date at `nowMs`: what "today" means for the views. */
export function localToday(nowMs: number, timeZone: string): string {
  return instantToWallTime(nowMs, timeZone).date;
}
