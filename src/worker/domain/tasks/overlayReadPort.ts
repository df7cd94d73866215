import { liveProject } from '../trash/projectTrash';
import type { ChangeSet } from './changeSet';
import type { TaskReadPort } from './ports';

/**
 * A read port that sees `changes` on top of `base`, so a bulk operation's later steps see its
 * earlier steps. Pure view: nothing is written anywhere.
 */
export function overlayReadPort(base: TaskReadPort, changes: () => ChangeSet): TaskReadPort {
  const deletedTask = (id: string) => changes().deletedTasks.some((t) => t.id === id);
  const deletedStatus = (id: string) => changes().deletedStatuses.some((s) => s.id === id);
  return {
    async getTask(id) {
      if (deletedTask(id)) return null;
      return changes().tasks.find((t) => t.id === id) ?? base.getTask(id);
    },
    async getProject(id) {
      if (changes().deletedProjects.some((p) => p.id === id)) return null;
      const changed = changes().projects.find((p) => p.id === id);
      return changed ? liveProject(changed) : base.getProject(id);
    },
    async getStatus(id) {
      if (deletedStatus(id)) return null;
      return changes().statuses.find((s) => s.id === id) ?? base.getStatus(id);
    },
    async listStatuses(projectId) {
      const changed = changes().statuses;
      const fromBase = (await base.listStatuses(projectId)).filter(
        (s) => !deletedStatus(s.id) && !changed.some((c) => c.id === s.id),
      );
      return [...fromBase, ...changed.filter((s) => s.projectId === projectId)];
    },
    async listSubtasks(parentId) {
      const changed = changes().tasks;
      const fromBase = (await base.listSubtasks(parentId)).filter(
        (t) => !deletedTask(t.id) && !changed.some((c) => c.id === t.id),
      );
      return [...fromBase, ...changed.filter((t) => t.parentId === parentId)];
    },
    async maxTaskPosition(projectId, parentId) {
      const inBase = await base.maxTaskPosition(projectId, parentId);
      const positions = changes()
        .tasks.filter((t) => t.projectId === projectId && t.parentId === parentId)
        .map((t) => t.position);
      if (inBase !== null) positions.push(inBase);
      return positions.length === 0 ? null : Math.max(...positions);
    },
    async listTaskIdsByProject(projectId) {
      return mergeIds(await base.listTaskIdsByProject(projectId), (t) => t.projectId === projectId);
    },
    async listTaskIdsByStatus(statusId) {
      return mergeIds(await base.listTaskIdsByStatus(statusId), (t) => t.statusId === statusId);
    },
    async listProjects() {
      const changed = changes().projects;
      const dead = new Set(changes().deletedProjects.map((p) => p.id));
      const fromBase = (await base.listProjects()).filter(
        (p) => !dead.has(p.id) && !changed.some((c) => c.id === p.id),
      );
      return [...fromBase, ...changed.filter((p) => liveProject(p) !== null)];
    },
  };

  function mergeIds(ids: readonly string[], match: (t: ChangeSet['tasks'][number]) => boolean): string[] {
    const changed = changes().tasks;
    const changedIds = new Set(changed.map((t) => t.id));
    const kept = ids.filter((id) => !deletedTask(id) && !changedIds.has(id));
    return [...kept, ...changed.filter(match).map((t) => t.id)];
  }
}
