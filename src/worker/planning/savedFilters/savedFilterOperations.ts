import { edited, newMeta } from '../../domain/calendar/recordMeta';
import {
  type FilterConditions,
  type SavedFilterRecord,
  savedFilterCreateSchema,
  savedFilterPatchSchema,
} from '../../domain/savedFilters/savedFilter';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { idListSchema, idSchema, recordTable, reorderRows, writeKind } from '../records/recordTable';
import { PlanningFailure, writeTx } from '../writeTx';

/** A validated filter as a plain, mutable JSON object (the schema's type is deeply readonly). */
const plainFilter = (f: object) => JSON.parse(JSON.stringify(f)) as FilterConditions;

/** `savedFilters.*` of spec 4.4/4.5: list, create, update, delete, reorder. Running one: savedFilters.apply. */
export function savedFilterOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const filters = recordTable(services, db.savedFilters, 'savedFilter');
  const checkName = (name: string) => {
    const trimmed = name.trim();
    if (trimmed === '')
      throw new PlanningFailure({ code: 'VALIDATION', message: 'name is empty', field: 'name' });
    return trimmed;
  };

  return [
    defineOperation({
      kind: 'read',
      name: 'savedFilters.list',
      summary: 'Saved filters in list order, optionally only those for tasks or for notes.',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            properties: { target: { type: 'string', enum: ['tasks', 'notes'] } },
            additionalProperties: false,
          },
        },
      ] as const,
      handler: async ([o = {}]) => {
        const rows = await db.savedFilters.orderBy('position').toArray();
        return ok({ savedFilters: o.target ? rows.filter((r) => r.target === o.target) : rows });
      },
    }),
    defineOperation({
      ...writeKind,
      name: 'savedFilters.create',
      summary: 'Save a named task or note filter (text, tags, project, status, priority, due, folder).',
      params: [{ name: 'savedFilter', required: true, schema: savedFilterCreateSchema }] as const,
      handler: ([input]) =>
        writeTx(services, [db.savedFilters], async (changes) => {
          const last = await db.savedFilters.orderBy('position').last();
          const record: SavedFilterRecord = {
            ...newMeta(services, services.newId()),
            name: checkName(input.name),
            target: input.target,
            filter: plainFilter(input.filter),
            position: (last?.position ?? -1) + 1,
          };
          await filters.put(changes, record);
          return record;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'savedFilters.update',
      summary: 'Rename a saved filter or replace its conditions.',
      params: [
        { name: 'id', required: true, schema: idSchema },
        { name: 'patch', required: true, schema: savedFilterPatchSchema },
      ] as const,
      handler: ([id, patch]) =>
        writeTx(services, [db.savedFilters], async (changes) => {
          const prev = await filters.must(id);
          const next = edited(services, prev, {
            ...(patch.name !== undefined ? { name: checkName(patch.name) } : {}),
            ...(patch.filter !== undefined ? { filter: plainFilter(patch.filter) } : {}),
          });
          await filters.put(changes, next);
          return next;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'savedFilters.delete',
      summary: 'Delete a saved filter.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) =>
        writeTx(services, [db.savedFilters, db.tombstones], async (changes) => {
          await filters.remove(changes, await filters.must(id));
          return { id, deleted: true };
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'savedFilters.reorder',
      summary: 'Put these saved filters first, in this order; the others keep theirs after them.',
      params: [{ name: 'ids', required: true, schema: idListSchema }] as const,
      handler: ([ids]) =>
        writeTx(services, [db.savedFilters], async (changes) => {
          const moved = reorderRows(await db.savedFilters.toArray(), ids, (r, position) =>
            edited(services, r, { position }),
          );
          for (const r of moved) await filters.put(changes, r);
          return { ids: [...ids], changed: moved.length };
        }),
    }),
  ];
}
