/**
 * The pure rules of selecting tasks in a list (no Solid here, so they are unit-tested alone).
 * A selection is a set of ids; what an action works on is always the selected ids that are still
 * in view, in view order: a task completed or moved out of the list by anyone drops out of it.
 */

export type BulkAction = 'complete' | 'archive' | 'move' | 'delete';

/** The set with `id` added, or removed when it was there (a new set: signals compare by identity). */
export function toggled(picked: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(picked);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The picked ids still in view, in the view's order (the order a bulk operation runs them in). */
export function chosenOf(visible: readonly string[], picked: ReadonlySet<string>): string[] {
  return visible.filter((id) => picked.has(id));
}

const tasks = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;

/** The result line after a bulk action succeeded on `count` tasks. */
export function bulkResultMessage(action: BulkAction, count: number, projectName = ''): string {
  switch (action) {
    case 'complete':
      return `Completed ${tasks(count)}.`;
    case 'archive':
      return `Archived ${tasks(count)}.`;
    case 'move':
      return `Moved ${tasks(count)} to ${projectName}.`;
    case 'delete':
      return `Deleted ${tasks(count)}.`;
  }
}

/** The confirmation asked before deleting: how many, and that subtasks go with them. */
export function deleteQuestion(count: number): string {
  return `Delete ${tasks(count)} and ${count === 1 ? 'its' : 'their'} subtasks?`;
}
