import { tick } from '../clock/vectorClock';
import { type ChangeSet, EMPTY_CHANGES } from '../tasks/changeSet';
import { fail, invalid, notFound, ok, type Result } from '../tasks/errors';
import type { TaskContext } from '../tasks/ports';
import { INBOX_ID } from '../tasks/projects/inbox';
import { timestamp } from '../tasks/taskEdit';
import type { ProjectRecord } from '../tasks/types';
import { trashedTask } from './taskTrash';

/** Whether a project record is in the Trash (docs/trash.md). */
export const isTrashedProject = (p: { trashedAt?: string | null } | null | undefined): boolean =>
  typeof p?.trashedAt === 'string';

/** The live project, or null for a trashed or missing one: every read by id goes through this. */
export function liveProject<T extends { trashedAt?: string | null }>(p: T | null | undefined): T | null {
  return p && !isTrashedProject(p) ? p : null;
}

/**
 * `tasks.deleteProject` (docs/trash.md): the project goes to the Trash with every live task in it
 * (subtasks included), one instant for all, as updates of the records (never tombstones). Each
 * task carries `trashedWith` = the project id, so the Trash lists one item (the project) and
 * restores or deletes them together. Its statuses and links stay as they are: nothing reads them
 * while the project is absent, and they come back with it. Tasks already in the Trash on their
 * own stay their own items. The Inbox cannot be deleted.
 */
export async function trashProject(ctx: TaskContext, id: string): Promise<Result<ChangeSet>> {
  const project = await ctx.read.getProject(id);
  if (project === null) return fail(notFound('id', 'project', id));
  if (project.isInbox || id === INBOX_ID) return fail(invalid('id', 'the Inbox cannot be deleted'));
  const { deviceId } = ctx.deps;
  const at = timestamp(ctx.deps.now());
  const tasks = [];
  for (const taskId of await ctx.read.listTaskIdsByProject(id)) {
    const task = await ctx.read.getTask(taskId);
    if (task !== null) tasks.push(trashedTask(task, at, deviceId, id));
  }
  const trashed: ProjectRecord = { ...project, trashedAt: at, clock: tick(project.clock, deviceId) };
  return ok({ ...EMPTY_CHANGES, projects: [trashed], tasks });
}

/** The project back from the Trash: `trashedAt` null (not absent: a merge keeps a key one side lacks). */
export function restoredProject(p: ProjectRecord, deviceId: string): ProjectRecord {
  return { ...p, trashedAt: null, clock: tick(p.clock, deviceId) };
}
