import type { TaskRow } from '../../db/planningTables';
import type { VaultDb } from '../../db/schema';
import { BOARD_INDEX } from '../../db/taskBoardTables';
import { type TaskQueryPort, TaskState, type TaskStateKey } from '../../domain/tasks/views/queryPort';
import { fromTaskRow } from './taskRows';

const MIN_DATE = '0000-00-00';
const MAX_DATE = '9999-99-99';
// live: open or completed (not archived, not in the Trash)
const live = (row: TaskRow) => row.state === TaskState.open || row.state === TaskState.completed;

/**
 * The views' index-backed reads over Dexie: each method is one range scan (or count) of one
 * compound index, so Today over 100,000 tasks reads only the tasks due today. Ranges are built
 * fresh on each use (Dexie collections are mutable).
 */
export function dexieTaskQuery(db: VaultDb): TaskQueryPort {
  const dueRange = (from: string | null, to: string | null) =>
    db.tasks
      .where('[state+dueDate]')
      .between([TaskState.open, from ?? MIN_DATE], [TaskState.open, to ?? MAX_DATE], true, true);
  const listRange = (projectId: string, parentKey: string) =>
    db.tasks
      .where('[projectId+parentKey+position]')
      .between([projectId, parentKey, -Infinity], [projectId, parentKey, Infinity], true, true);
  // One column's top-level tasks in one state, in position order (then id): an exact range.
  const columnRange = (projectId: string, statusKey: string, state: TaskStateKey) =>
    db.tasks
      .where(BOARD_INDEX)
      .between(
        [projectId, statusKey, '', state, -Infinity],
        [projectId, statusKey, '', state, Infinity],
        true,
        true,
      );

  return {
    async openByDue(from, to, page) {
      const rows = await dueRange(from, to).offset(page.offset).limit(page.limit).toArray();
      return rows.map(fromTaskRow);
    },
    countOpenByDue: (from, to) => dueRange(from, to).count(),
    async listByParent(projectId, parentId, includeCompleted, page) {
      const rows = await listRange(projectId, parentId ?? '')
        .filter((row) => (includeCompleted ? live(row) : row.state === TaskState.open))
        .offset(page.offset)
        .limit(page.limit)
        .toArray();
      return rows.map(fromTaskRow);
    },
    async listByStatus(projectId, statusId, includeCompleted, page) {
      const key = statusId ?? '';
      if (!includeCompleted) {
        const rows = await columnRange(projectId, key, TaskState.open)
          .offset(page.offset)
          .limit(page.limit)
          .toArray();
        return rows.map(fromTaskRow);
      }
      // Open and completed are two ranges: the first offset + limit of each hold the page.
      const end = page.offset + page.limit;
      const [open, done] = await Promise.all([
        columnRange(projectId, key, TaskState.open).limit(end).toArray(),
        columnRange(projectId, key, TaskState.completed).limit(end).toArray(),
      ]);
      return mergeByPosition(open, done).slice(page.offset, end).map(fromTaskRow);
    },
    async countByStatus(projectId, statusId) {
      const key = statusId ?? '';
      const [open, completed] = await Promise.all([
        columnRange(projectId, key, TaskState.open).count(),
        columnRange(projectId, key, TaskState.completed).count(),
      ]);
      return { open, completed };
    },
    async subtaskCounts(parentIds) {
      // One multi-key scan of the parentId index: subtasks are few beside their parents. One
      // parent (tasks.get) is one getAll of its key, which costs less than a cursor's steps.
      const counts = new Map<string, { total: number; completed: number }>();
      if (parentIds.length === 0) return counts;
      const index = db.tasks.where('parentId');
      const rows =
        parentIds.length === 1
          ? (await index.equals(parentIds[0]!).toArray()).filter(live)
          : await index
              .anyOf([...parentIds])
              .filter(live)
              .toArray();
      for (const row of rows) {
        const c = counts.get(row.parentKey) ?? { total: 0, completed: 0 };
        c.total += 1;
        if (row.state === TaskState.completed) c.completed += 1;
        counts.set(row.parentKey, c);
      }
      return counts;
    },
    countByState: (state, projectId) =>
      projectId === null
        ? db.tasks.where('state').equals(state).count()
        : db.tasks.where('[projectId+state]').equals([projectId, state]).count(),
  };
}

/** Two lists each in (position, id) order, merged into one in that order. */
function mergeByPosition(a: readonly TaskRow[], b: readonly TaskRow[]): TaskRow[] {
  const out: TaskRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && !before(y, x))) {
      out.push(x!);
      i += 1;
    } else {
      out.push(y);
      j += 1;
    }
  }
  return out;
}

/** IndexedDB's order of equal positions: the primary key, compared by code units. */
const before = (x: TaskRow, y: TaskRow) =>
  x.position < y.position || (x.position === y.position && x.id < y.id);
