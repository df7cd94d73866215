import type { Change } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import type { ChangeSet } from '../../domain/tasks/changeSet';
import type { Tombstone } from '../../domain/tasks/types';
import { toTaskRow } from './taskRows';

/** The tables a tasks write touches; every tasks transaction opens all of them. */
export const taskTables = (db: VaultDb) => [db.tasks, db.projects, db.statuses, db.tombstones];

/**
 * Writes a change set inside the caller's transaction: upserts by id (index keys recomputed),
 * deletes with a tombstone kept for sync. Returns the feed entries of what changed.
 */
export async function applyChangeSet(db: VaultDb, set: ChangeSet): Promise<Change[]> {
  const tombstones = (kind: string, list: readonly Tombstone[]) => list.map((t) => ({ ...t, kind }));
  const stones = [
    ...tombstones('task', set.deletedTasks),
    ...tombstones('project', set.deletedProjects),
    ...tombstones('status', set.deletedStatuses),
  ];
  // Only non-empty bulk calls: an edit of one task costs one request, not seven.
  const work: Promise<unknown>[] = [];
  if (set.tasks.length) work.push(db.tasks.bulkPut(set.tasks.map(toTaskRow)));
  if (set.projects.length) work.push(db.projects.bulkPut([...set.projects]));
  if (set.statuses.length) work.push(db.statuses.bulkPut([...set.statuses]));
  if (set.deletedTasks.length) work.push(db.tasks.bulkDelete(set.deletedTasks.map((t) => t.id)));
  if (set.deletedProjects.length) work.push(db.projects.bulkDelete(set.deletedProjects.map((t) => t.id)));
  if (set.deletedStatuses.length) work.push(db.statuses.bulkDelete(set.deletedStatuses.map((t) => t.id)));
  if (stones.length) work.push(db.tombstones.bulkPut(stones));
  await Promise.all(work);
  const ids = (list: readonly { id: string }[]) => list.map((r) => r.id);
  return [
    { table: 'tasks', op: 'put', ids: ids(set.tasks) },
    { table: 'projects', op: 'put', ids: ids(set.projects) },
    { table: 'statuses', op: 'put', ids: ids(set.statuses) },
    { table: 'tasks', op: 'delete', ids: ids(set.deletedTasks) },
    { table: 'projects', op: 'delete', ids: ids(set.deletedProjects) },
    { table: 'statuses', op: 'delete', ids: ids(set.deletedStatuses) },
  ];
}
