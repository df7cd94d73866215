import type { VaultDb } from '../../db/schema';
import type { TaskReadPort } from '../../domain/tasks/ports';
import { isTrashedProject, liveProject } from '../../domain/trash/projectTrash';
import { isTrashedTask, liveTask } from '../../domain/trash/taskTrash';
import { fromTaskRow } from './taskRows';

/**
 * The tasks domain's point lookups over Dexie. Called inside the write transaction of
 * `createTaskWriter`, so every read sees one consistent snapshot; each method is one index lookup.
 * A task or project in the Trash is absent to every edit (docs/trash.md): only the Trash's own
 * stores read it.
 */
export function dexieTaskRead(db: VaultDb): TaskReadPort {
  return {
    async getTask(id) {
      const row = liveTask(await db.tasks.get(id));
      return row === null ? null : fromTaskRow(row);
    },
    async getProject(id) {
      return liveProject(await db.projects.get(id));
    },
    async getStatus(id) {
      return (await db.statuses.get(id)) ?? null;
    },
    listStatuses: (projectId) => db.statuses.where('projectId').equals(projectId).toArray(),
    async listSubtasks(parentId) {
      const rows = await db.tasks.where('parentId').equals(parentId).toArray();
      return rows.filter((r) => !isTrashedTask(r)).map(fromTaskRow);
    },
    async maxTaskPosition(projectId, parentId) {
      const key = parentId ?? '';
      const last = await db.tasks
        .where('[projectId+parentKey+position]')
        .between([projectId, key, -Infinity], [projectId, key, Infinity], true, true)
        .filter((r) => !isTrashedTask(r))
        .last();
      return last === undefined ? null : last.position;
    },
    listTaskIdsByProject: (projectId) =>
      db.tasks
        .where('projectId')
        .equals(projectId)
        .filter((r) => !isTrashedTask(r))
        .primaryKeys() as Promise<string[]>,
    listTaskIdsByStatus: (statusId) =>
      db.tasks
        .where('statusId')
        .equals(statusId)
        .filter((r) => !isTrashedTask(r))
        .primaryKeys() as Promise<string[]>,
    listProjects: () => db.projects.filter((p) => !isTrashedProject(p)).toArray(),
  };
}
