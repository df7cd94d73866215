import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import {
  type Page,
  type TaskQueryPort,
  TaskState,
  taskIndexKeys,
} from '../../../src/worker/domain/tasks/views/queryPort';

/**
 * TaskQueryPort over an in-memory task map, computing each answer from the same derived keys
 * (`taskIndexKeys`) the Dexie indexes hold, so the tests pin down what each index must return.
 */
export function memoryQueryPort(tasks: () => Iterable<TaskRecord>): TaskQueryPort {
  const all = () => [...tasks()].map((t) => ({ t, k: taskIndexKeys(t) }));
  const page = <T>(rows: T[], p: Page) => rows.slice(p.offset, p.offset + p.limit);
  const byPos = (a: TaskRecord, b: TaskRecord) => a.position - b.position || a.id.localeCompare(b.id);
  const due = (from: string | null, to: string | null) =>
    all()
      .filter(({ t, k }) => k.state === TaskState.open && t.dueDate !== null)
      .filter(({ t }) => (from === null || t.dueDate! >= from) && (to === null || t.dueDate! <= to))
      .map(({ t }) => t)
      .sort((a, b) => a.dueDate!.localeCompare(b.dueDate!) || a.id.localeCompare(b.id));
  const byStatus = (projectId: string, statusId: string | null, includeCompleted: boolean) =>
    all()
      .filter(({ t, k }) => t.projectId === projectId && k.parentKey === '')
      .filter(({ k }) => k.state === TaskState.open || (includeCompleted && k.state === TaskState.completed))
      .filter(({ k }) => k.statusKey === (statusId ?? ''))
      .map(({ t }) => t)
      .sort(byPos);
  return {
    async openByDue(from, to, p) {
      return page(due(from, to), p);
    },
    async countOpenByDue(from, to) {
      return due(from, to).length;
    },
    async listByParent(projectId, parentId, includeCompleted, p) {
      const rows = all()
        .filter(({ t, k }) => t.projectId === projectId && k.parentKey === (parentId ?? ''))
        .filter(
          ({ k }) => k.state === TaskState.open || (includeCompleted && k.state === TaskState.completed),
        )
        .map(({ t }) => t)
        .sort(byPos);
      return page(rows, p);
    },
    async listByStatus(projectId, statusId, includeCompleted, p) {
      return page(byStatus(projectId, statusId, includeCompleted), p);
    },
    async countByStatus(projectId, statusId) {
      const both = byStatus(projectId, statusId, true);
      const open = both.filter((t) => t.completedAt === null).length;
      return { open, completed: both.length - open };
    },
    async subtaskCounts(parentIds) {
      const out = new Map<string, { total: number; completed: number }>();
      for (const { k } of all()) {
        if (k.parentKey === '' || !parentIds.includes(k.parentKey) || k.state === TaskState.archived)
          continue;
        const c = out.get(k.parentKey) ?? { total: 0, completed: 0 };
        out.set(k.parentKey, {
          total: c.total + 1,
          completed: c.completed + (k.state === TaskState.completed ? 1 : 0),
        });
      }
      return out;
    },
    async countByState(state, projectId) {
      return all().filter(
        ({ t, k }) => k.state === state && (projectId === null || t.projectId === projectId),
      ).length;
    },
  };
}
