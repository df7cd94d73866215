import { EMPTY_CHANGES } from '../domain/tasks/changeSet';
import { tombstoneOf } from '../domain/tasks/deleteTask';
import type { ProjectRecord } from '../domain/tasks/types';
import { TaskState } from '../domain/tasks/views/queryPort';
import { purgeDue } from '../domain/trash/noteTrash';
import { isTrashedProject, restoredProject } from '../domain/trash/projectTrash';
import { restoredTask } from '../domain/trash/taskTrash';
import { applyChangeSet, taskTables } from '../planning/tasks/applyChangeSet';
import { fromTaskRow } from '../planning/tasks/taskRows';
import { PlanningFailure, writeTx } from '../planning/writeTx';
import type { VaultServices } from '../vault/services';

/** A project in the Trash as the Trash view lists it: one entry, its tasks counted. */
export interface TrashedProjectEntry {
  kind: 'project';
  id: string;
  title: string;
  trashedAt: number;
  /** how many tasks (subtasks included) went with it */
  count: number;
}

const notInTrash = (id: string) =>
  new PlanningFailure({ code: 'NOT_FOUND', message: `No project "${id}" in the Trash.`, field: 'id' });

/**
 * The projects half of the Trash (docs/trash.md). A trashed project stays in `projects` with
 * `trashedAt`; the tasks that went with it carry `trashedWith` = its id (TaskState.trashed, in
 * no view). Restore puts the project and those tasks back together, with its statuses and links
 * (never touched); `purge` is the real delete: tombstones of the project, its statuses, its links
 * and the tasks that went with it.
 */
export function projectTrash(services: VaultServices) {
  const { db } = services;
  const tables = () => [...taskTables(db), db.projectLinks];
  const trashedProjects = async () =>
    (await db.projects.filter(isTrashedProject).toArray()) as ProjectRecord[];
  /** the tasks that went to the Trash with project `id` */
  const tasksWith = (id: string) =>
    db.tasks
      .where('state')
      .equals(TaskState.trashed)
      .filter((t) => t.trashedWith === id)
      .toArray();

  async function trashed(id: string): Promise<ProjectRecord> {
    const row = await db.projects.get(id);
    if (!row || !isTrashedProject(row)) throw notInTrash(id);
    return row;
  }

  return {
    async list(): Promise<TrashedProjectEntry[]> {
      const out: TrashedProjectEntry[] = [];
      for (const p of await trashedProjects())
        out.push({
          kind: 'project',
          id: p.id,
          title: p.name,
          trashedAt: Date.parse(p.trashedAt as string),
          count: (await tasksWith(p.id)).length,
        });
      return out;
    },

    /** Puts a trashed project back with the tasks that went with it. */
    restore(id: string) {
      return writeTx(services, tables(), async (changes) => {
        const project = await trashed(id);
        const tasks = (await tasksWith(id)).map((r) => restoredTask(fromTaskRow(r), services.deviceId));
        const set = { ...EMPTY_CHANGES, projects: [restoredProject(project, services.deviceId)], tasks };
        changes.push(...(await applyChangeSet(db, set)));
        return { restored: [{ id, title: project.name, taskCount: tasks.length }] };
      });
    },

    /** Deletes for good these trashed projects with what went with them; answers the ids deleted. */
    async purge(ids: readonly string[]): Promise<string[]> {
      const done = await writeTx(services, tables(), async (changes) => {
        const at = new Date(services.now()).toISOString();
        const stone = <T extends { id: string; clock: ProjectRecord['clock'] }>(r: T) =>
          tombstoneOf(r, services.deviceId, at);
        const gone: string[] = [];
        for (const id of ids) {
          const project = await db.projects.get(id);
          if (!project || !isTrashedProject(project)) continue;
          gone.push(id);
          const statuses = await db.statuses.where('projectId').equals(id).toArray();
          const tasks = await tasksWith(id);
          changes.push(
            ...(await applyChangeSet(db, {
              ...EMPTY_CHANGES,
              deletedProjects: [stone(project)],
              deletedStatuses: statuses.map(stone),
              deletedTasks: tasks.map(stone),
            })),
          );
          const links = await db.projectLinks.where('projectId').equals(id).toArray();
          if (links.length > 0) {
            await db.projectLinks.bulkDelete(links.map((l) => l.id));
            await db.tombstones.bulkPut(links.map((l) => ({ ...stone(l), kind: 'projectLink' })));
            changes.push({ table: 'projectLinks', op: 'delete', ids: links.map((l) => l.id) });
          }
        }
        return gone;
      });
      return done.ok ? done.value : [];
    },

    /** The ids of trashed projects: all, or those due for the purge at `dueAt`. */
    async trashedIds(which: { dueAt?: number } = {}): Promise<string[]> {
      return (await trashedProjects())
        .filter((p) => which.dueAt === undefined || purgeDue(Date.parse(p.trashedAt as string), which.dueAt))
        .map((p) => p.id);
    },
  };
}

export type ProjectTrash = ReturnType<typeof projectTrash>;
