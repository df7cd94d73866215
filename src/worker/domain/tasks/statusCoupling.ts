import type { StatusRecord } from './types';

/**
 * The status/completion coupling (docs/tasks.md): completing a task moves it to its project's
 * done status, reopening it moves it to the default status; moving a task into a done status
 * completes it and out of one reopens it. These helpers pick the statuses; the edits apply them.
 */
const byPosition = (a: StatusRecord, b: StatusRecord) => a.position - b.position || (a.id < b.id ? -1 : 1);

/** The first done status by position, or null when the project has none. */
export function doneStatusOf(statuses: readonly StatusRecord[]): StatusRecord | null {
  return [...statuses].sort(byPosition).find((s) => s.isDone) ?? null;
}

/** The default status, else the first open one by position, else null. */
export function defaultStatusOf(statuses: readonly StatusRecord[]): StatusRecord | null {
  const sorted = [...statuses].sort(byPosition);
  return sorted.find((s) => s.isDefault && !s.isDone) ?? sorted.find((s) => !s.isDone) ?? null;
}

/**
 * The status a task should have after its completion state becomes `completed`: unchanged when
 * the current one already agrees, otherwise the done or the default status; when the project has
 * no fitting status the current one stays (a dangling id becomes null).
 */
export function statusForCompletion(
  statuses: readonly StatusRecord[],
  currentStatusId: string | null,
  completed: boolean,
): string | null {
  const current = statuses.find((s) => s.id === currentStatusId) ?? null;
  if (current !== null && current.isDone === completed) return current.id;
  const target = completed ? doneStatusOf(statuses) : defaultStatusOf(statuses);
  return target?.id ?? current?.id ?? null;
}
