import type { VaultDb } from '../../db/schema';
import type { StatusRecord, TaskRecord } from '../../domain/tasks/types';
import { type CountedTask, withSubtaskCounts } from '../../domain/tasks/views/projectViews';
import type { TaskQueryPort } from '../../domain/tasks/views/queryPort';
import { isTrashedProject } from '../../domain/trash/projectTrash';
import { type TaskCard, toTaskCard } from './taskCard';

/** Status names by id (statuses are few: a handful per project). */
export async function statusNames(db: VaultDb): Promise<Map<string, string>> {
  const all: StatusRecord[] = await db.statuses.toArray();
  return new Map(all.map((s) => [s.id, s.name]));
}

/** Ids of archived projects and projects in the Trash, whose tasks the due views hide. */
export async function hiddenProjectIds(db: VaultDb): Promise<Set<string>> {
  const projects = await db.projects.toArray();
  return new Set(projects.filter((p) => p.archivedAt !== null || isTrashedProject(p)).map((p) => p.id));
}

/** Cards of a page of tasks, with subtask counts from one index scan. */
export async function cardsOf(
  db: VaultDb,
  query: TaskQueryPort,
  tasks: readonly TaskRecord[],
): Promise<TaskCard[]> {
  const [names, counted] = await Promise.all([statusNames(db), withSubtaskCounts(query, tasks)]);
  return cardsOfCounted(names, counted);
}

/** Cards of tasks whose subtask counts are already read (a board's columns). */
export function cardsOfCounted(
  names: ReadonlyMap<string, string>,
  counted: readonly CountedTask[],
): TaskCard[] {
  return counted.map((c) => toTaskCard(c.task, names.get(c.task.statusId ?? '') ?? null, c));
}
