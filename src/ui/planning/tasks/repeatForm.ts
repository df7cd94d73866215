import type { TaskRecord } from './taskTypes';

export type RepeatChoice = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';

/**
 * The editor's repeat fields as a `repeatConfig`: frequency and interval, with an end date when
 * given. The worker anchors weekday / month-day from the due date, so the form does not ask.
 */
export function repeatConfigOf(
  choice: RepeatChoice,
  interval: number,
  endDate: string,
): TaskRecord['repeatConfig'] {
  if (choice === 'none') return null;
  return {
    frequency: choice,
    interval: Math.max(1, Math.min(999, Math.floor(interval) || 1)),
    ...(endDate ? { endDate } : {}),
  };
}

export function repeatChoiceOf(task: TaskRecord): RepeatChoice {
  return task.repeatConfig?.frequency ?? 'none';
}

/** Tags typed as `a, b, #c`: trimmed, `#` dropped, empties skipped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim().replace(/^#+/, ''))
    .filter((t) => t !== '');
}
