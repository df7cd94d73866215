import type { ProjectRecord, StatusRecord, TaskRecord, Tombstone } from './types';

/**
 * The outcome of one edit: full new records to upsert and tombstones of deleted ones. The worker
 * writes a change set, its clocks and its outbox rows in one transaction; applying it twice is
 * harmless (upserts by id). Within a kind a record id appears at most once.
 */
export interface ChangeSet {
  readonly tasks: readonly TaskRecord[];
  readonly deletedTasks: readonly Tombstone[];
  readonly projects: readonly ProjectRecord[];
  readonly deletedProjects: readonly Tombstone[];
  readonly statuses: readonly StatusRecord[];
  readonly deletedStatuses: readonly Tombstone[];
}

export const EMPTY_CHANGES: ChangeSet = {
  tasks: [],
  deletedTasks: [],
  projects: [],
  deletedProjects: [],
  statuses: [],
  deletedStatuses: [],
};

/** Combine change sets in order: a later record with the same id replaces an earlier one. */
export function combine(...sets: readonly ChangeSet[]): ChangeSet {
  return {
    tasks: lastById(sets.flatMap((s) => s.tasks)),
    deletedTasks: lastById(sets.flatMap((s) => s.deletedTasks)),
    projects: lastById(sets.flatMap((s) => s.projects)),
    deletedProjects: lastById(sets.flatMap((s) => s.deletedProjects)),
    statuses: lastById(sets.flatMap((s) => s.statuses)),
    deletedStatuses: lastById(sets.flatMap((s) => s.deletedStatuses)),
  };
}

function lastById<T extends { readonly id: string }>(items: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    byId.delete(item.id);
    byId.set(item.id, item);
  }
  return [...byId.values()];
}

/** Drop upserts of records the same set deletes (a deleted record is not re-written). */
export function withoutDeleted(set: ChangeSet): ChangeSet {
  const deadTasks = new Set(set.deletedTasks.map((t) => t.id));
  const deadStatuses = new Set(set.deletedStatuses.map((t) => t.id));
  const deadProjects = new Set(set.deletedProjects.map((t) => t.id));
  return {
    ...set,
    tasks: set.tasks.filter((t) => !deadTasks.has(t.id)),
    statuses: set.statuses.filter((s) => !deadStatuses.has(s.id)),
    projects: set.projects.filter((p) => !deadProjects.has(p.id)),
  };
}
