import { EMPTY_CHANGES } from '../domain/tasks/changeSet';
import { convertToTask } from '../domain/tasks/convertSubtask';
import { tombstoneOf } from '../domain/tasks/deleteTask';
import { moveTask } from '../domain/tasks/moveTask';
import { INBOX_ID } from '../domain/tasks/projects/inbox';
import type { TaskRecord } from '../domain/tasks/types';
import { updateTask } from '../domain/tasks/updateTask';
import { TaskState } from '../domain/tasks/views/queryPort';
import { purgeDue } from '../domain/trash/noteTrash';
import { isTrashedProject, liveProject } from '../domain/trash/projectTrash';
import { isTrashedTask, restoredTask } from '../domain/trash/taskTrash';
import { applyChangeSet, taskTables } from '../planning/tasks/applyChangeSet';
import { fromTaskRow } from '../planning/tasks/taskRows';
import { createTaskStore, type TaskStore } from '../planning/tasks/taskStore';
import { PlanningFailure, writeTx } from '../planning/writeTx';
import type { VaultServices } from '../vault/services';

/** A task in the Trash as the Trash view lists it: one entry a delete, its subtasks counted. */
export interface TrashedTaskEntry {
  kind: 'task';
  id: string;
  title: string;
  /** the project it was in (its name; '' when that project is gone or in the Trash too) */
  project: string;
  trashedAt: number;
  /** how many subtasks went with it */
  count?: number;
}

const notInTrash = (id: string) =>
  new PlanningFailure({ code: 'NOT_FOUND', message: `No task "${id}" in the Trash.`, field: 'id' });

/**
 * The tasks half of the Trash (docs/trash.md). A trashed task stays in `tasks` (it syncs as the
 * same record) with `trashedAt` set, indexed under TaskState.trashed only, so no view sees it.
 * Restore puts it and the subtasks trashed with it back; a task whose parent is gone comes back
 * at the top level, one whose project is gone comes back in the Inbox, one whose status is gone
 * comes back without a status. `purge` is the real delete: tombstones, as `tasks.delete` was.
 */
export function taskTrash(store: TaskStore, services: VaultServices) {
  const { db } = services;
  const trashedRows = async () =>
    (await db.tasks.where('state').equals(TaskState.trashed).toArray()).map(fromTaskRow);

  /** The trashed tasks that head a Trash entry (a subtask trashed with its parent is not one). */
  const roots = (rows: readonly TaskRecord[]) => rows.filter((r) => !r.trashedWith);
  /** The root and the subtasks that went to the Trash with it. */
  const groupOf = async (root: TaskRecord) => [
    root,
    ...(await trashedRows()).filter((r) => r.trashedWith === root.id),
  ];

  async function trashedTask(id: string): Promise<TaskRecord> {
    const row = await db.tasks.get(id);
    if (!row || !isTrashedTask(row)) throw notInTrash(id);
    const task = fromTaskRow(row);
    // a subtask trashed with its parent is restored or purged with it, never alone
    if (task.trashedWith) throw notInTrash(id);
    return task;
  }

  return {
    async list(): Promise<TrashedTaskEntry[]> {
      const rows = await trashedRows();
      const live = (await db.projects.toArray()).filter((p) => !isTrashedProject(p));
      const projects = new Map(live.map((p) => [p.id, p.name]));
      const withRoot = new Map<string, number>();
      for (const r of rows)
        if (r.trashedWith) withRoot.set(r.trashedWith, (withRoot.get(r.trashedWith) ?? 0) + 1);
      const out: TrashedTaskEntry[] = [];
      for (const r of roots(rows)) {
        const count = withRoot.get(r.id) ?? 0;
        out.push({
          kind: 'task',
          id: r.id,
          title: r.title,
          project: projects.get(r.projectId) ?? '',
          trashedAt: Date.parse(r.trashedAt as string),
          ...(count > 0 ? { count } : {}),
        });
      }
      return out;
    },

    /** Puts a trashed task back with the subtasks that went with it. */
    async restore(id: string) {
      await store.ready();
      return writeTx(services, taskTables(db), async (changes) => {
        const root = await trashedTask(id);
        const group = await groupOf(root);
        const back = group.map((t) => restoredTask(t, services.deviceId));
        changes.push(...(await applyChangeSet(db, { ...EMPTY_CHANGES, tasks: back })));
        // where it goes back: each step sees the one before (one transaction)
        const parent = root.parentId === null ? null : await store.ctx.read.getTask(root.parentId);
        if (root.parentId !== null && parent === null)
          await store.editInside((c) => convertToTask(c, id), changes);
        // a project in the Trash is gone for a task restored on its own (docs/trash.md)
        if (liveProject(await db.projects.get(root.projectId)) === null)
          await store.editInside((c) => moveTask(c, id, { projectId: INBOX_ID }), changes);
        else if (root.statusId !== null && (await db.statuses.get(root.statusId)) === undefined)
          await store.editInside((c) => updateTask(c, id, { statusId: null }), changes);
        const task = await store.ctx.read.getTask(id);
        return { restored: [{ id, title: root.title, projectId: task?.projectId ?? INBOX_ID }] };
      });
    },

    /** Deletes for good the trashed tasks of these entries (with their subtasks); answers the ids of the entries deleted. */
    async purge(ids: readonly string[]) {
      await store.ready();
      const done = await writeTx(services, taskTables(db), async (changes) => {
        const gone: string[] = [];
        const stones = [];
        const at = new Date(services.now()).toISOString();
        for (const id of ids) {
          let root: TaskRecord;
          try {
            root = await trashedTask(id);
          } catch (e) {
            if (e instanceof PlanningFailure) continue;
            throw e;
          }
          gone.push(id);
          for (const t of await groupOf(root)) stones.push(tombstoneOf(t, services.deviceId, at));
        }
        if (stones.length > 0)
          changes.push(...(await applyChangeSet(db, { ...EMPTY_CHANGES, deletedTasks: stones })));
        return gone;
      });
      return done.ok ? done.value : [];
    },

    /** The ids of Trash entries: all, or those due for the purge at `dueAt`. */
    async trashedIds(which: { dueAt?: number } = {}): Promise<string[]> {
      return roots(await trashedRows())
        .filter((r) => which.dueAt === undefined || purgeDue(Date.parse(r.trashedAt as string), which.dueAt))
        .map((r) => r.id);
    },
  };
}

export type TaskTrash = ReturnType<typeof taskTrash>;

/** The task Trash on its own task store (the time zone only matters to edits it never makes). */
export const taskTrashOf = (services: VaultServices) =>
  taskTrash(createTaskStore(services, Intl.DateTimeFormat().resolvedOptions().timeZone), services);
