import { TASK_LINK_TABLES_V17 } from './taskLinkTables';

/** A board column's index: one project's top-level tasks of one status, by state, in position order. */
export const BOARD_INDEX = '[projectId+statusKey+parentKey+state+position]';
const COLUMN_INDEX_V3 = '[projectId+statusKey+position]';

/**
 * Schema v21 (docs/planning.md "Board reads"): the board column index `[projectId+statusKey+
 * position]` becomes `[projectId+statusKey+parentKey+state+position]`. A column's open tasks,
 * or its completed ones, are then one exact key range in position order: its counts are native
 * index counts and its first cards a bounded read, where the old index needed a cursor over every
 * task of the status (subtasks, archived and completed ones included) to filter and count them.
 * The old index had no other reader, so it goes (one index fewer to keep on every task write).
 * No upgrade function: `statusKey`, `parentKey` and `state` are on every row since v3, and
 * IndexedDB fills the new index itself.
 */
export const TASK_BOARD_TABLES_V21: Record<string, string> = {
  tasks: replaceIndex(TASK_LINK_TABLES_V17.tasks!, COLUMN_INDEX_V3, BOARD_INDEX),
};

function replaceIndex(spec: string, old: string, next: string): string {
  const parts = spec.split(',').map((p) => p.trim());
  const at = parts.indexOf(old);
  if (at < 0) throw new Error(`schema v21: index ${old} not in the tasks table`);
  parts[at] = next;
  return parts.join(', ');
}
