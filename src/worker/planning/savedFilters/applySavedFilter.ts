import { matchesNote, matchesTask } from '../../domain/savedFilters/matchFilter';
import type { FilterConditions } from '../../domain/savedFilters/savedFilter';
import { TaskState } from '../../domain/tasks/views/queryPort';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { idSchema } from '../records/recordTable';
import { toTaskCard } from '../tasks/taskCard';
import { fromTaskRow } from '../tasks/taskRows';

/** YYYY-MM-DD of `now` in `timeZone` (en-CA formats dates that way). */
const localDate = (now: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/**
 * `savedFilters.apply(id, options?)`, a Cairn addition: the tasks (as view cards) or notes that
 * meet a saved filter now. The scan starts from the narrowest index the filter names (project,
 * first tag, completion state, note tag) and stops at `limit` matches, so it never loads the
 * whole table into memory; a filter that names nothing selective walks its index until then.
 */
export function applySavedFilterOperation(services: VaultServices, timeZone: string): Operation {
  const { db } = services;

  async function tasks(f: FilterConditions, limit: number) {
    const today = localDate(services.now(), timeZone);
    const status = f.status ?? 'open';
    const states =
      status === 'open'
        ? [TaskState.open]
        : status === 'completed'
          ? [TaskState.completed]
          : [TaskState.open, TaskState.completed];
    const source =
      f.projectId !== undefined
        ? db.tasks.where('projectId').equals(f.projectId)
        : f.tags?.[0] !== undefined
          ? db.tasks.where('tags').equalsIgnoreCase(f.tags[0])
          : db.tasks.where('state').anyOf(states);
    const rows = await source
      .filter((r) => matchesTask(r, f, today))
      .limit(limit + 1)
      .toArray();
    const statuses = new Map((await db.statuses.toArray()).map((s) => [s.id, s.name]));
    const cards = rows
      .slice(0, limit)
      .map(fromTaskRow)
      .map((t) => toTaskCard(t, t.statusId === null ? null : (statuses.get(t.statusId) ?? null)));
    return { tasks: cards, hasMore: rows.length > limit };
  }

  async function notes(f: FilterConditions, limit: number) {
    const source =
      f.tags?.[0] !== undefined
        ? db.notes.where('tags').equalsIgnoreCase(f.tags[0])
        : db.notes.orderBy('modified').reverse();
    const rows = await source
      .filter((n) => matchesNote(n, f))
      .limit(limit + 1)
      .toArray();
    return {
      notes: rows
        .slice(0, limit)
        .map((n) => ({ id: n.id, title: n.title, folderPath: n.folderPath, tags: n.tags })),
      hasMore: rows.length > limit,
    };
  }

  return defineOperation({
    kind: 'read',
    name: 'savedFilters.apply',
    summary: 'The tasks or notes that meet a saved filter now (Cairn addition).',
    params: [
      { name: 'id', required: true, schema: idSchema },
      {
        name: 'options',
        required: false,
        schema: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 500 } },
          additionalProperties: false,
        },
      },
    ] as const,
    handler: async ([id, o = {}]) => {
      const saved = await db.savedFilters.get(id);
      if (!saved) return fail('NOT_FOUND', `no saved filter ${JSON.stringify(id)}`, { field: 'id' });
      const limit = o.limit ?? 100;
      const result =
        saved.target === 'tasks' ? await tasks(saved.filter, limit) : await notes(saved.filter, limit);
      return ok({ id, name: saved.name, target: saved.target, ...result });
    },
  });
}
