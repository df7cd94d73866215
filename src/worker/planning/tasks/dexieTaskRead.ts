import type { VaultDb } from '../../db/schema';
import type { TaskReadPort } from '../../domain/tasks/ports';
import { fromTaskRow } from './taskRows';

/**
 * The tasks domain's point lookups over Dexie. Called inside the write transaction of
 * `createTaskWriter`, so every read sees one consistent snapshot; each method is one index lookup.
 */
export function dexieTaskRead(db: VaultDb): TaskReadPort {
  return {
    async getTask(id) {
      const row = await db.tasks.get(id);
      return row === undefined ? null : fromTaskRow(row);
    },
    async getProject(id) {
      return (await db.projects.get(id)) ?? null;
    },
    async getStatus(id) {
      return (await db.statuses.get(id)) ?? null;
    },
    listStatuses: (projectId) => db.statuses.where('projectId').equals(projectId).toArray(),
    async listSubtasks(parentId) {
      return (await db.tasks.where('parentId').equals(parentId).toArray()).map(fromTaskRow);
    },
    async maxTaskPosition(projectId, parentId) {
      const key = parentId ?? '';
      const last = await db.tasks
        .where('[projectId+parentKey+position]')
        .between([projectId, key, -Infinity], [projectId, key, Infinity], true, true)
        .last();
      return last === undefined ? null : last.position;
    },
    listTaskIdsByProject: (projectId) =>
      db.tasks.where('projectId').equals(projectId).primaryKeys() as Promise<string[]>,
    listTaskIdsByStatus: (statusId) =>
      db.tasks.where('statusId').equals(statusId).primaryKeys() as Promise<string[]>,
    listProjects: () => db.projects.toArray(),
  };
}
