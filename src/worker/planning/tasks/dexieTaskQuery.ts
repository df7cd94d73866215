import type { TaskRow } from '../../db/planningTables';
import type { VaultDb } from '../../db/schema';
import { type TaskQueryPort, TaskState } from '../../domain/tasks/views/queryPort';
import { fromTaskRow } from './taskRows';

const MIN_DATE = '0000-00-00';
const MAX_DATE = '9999-99-99';
const live = (row: TaskRow) => row.state !== TaskState.archived;

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
  const statusRange = (projectId: string, statusKey: string, includeCompleted: boolean) =>
    db.tasks
      .where('[projectId+statusKey+position]')
      .between([projectId, statusKey, -Infinity], [projectId, statusKey, Infinity], true, true)
      .filter((row) => (includeCompleted ? live(row) : row.state === TaskState.open) && row.parentKey === '');

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
      const rows = await statusRange(projectId, statusId ?? '', includeCompleted)
        .offset(page.offset)
        .limit(page.limit)
        .toArray();
      return rows.map(fromTaskRow);
    },
    countByStatus: (projectId, statusId, includeCompleted) =>
      statusRange(projectId, statusId ?? '', includeCompleted).count(),
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
