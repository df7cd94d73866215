import type { Change } from '../../changes/changeFeed';
import { edited, newMeta } from '../../domain/calendar/recordMeta';
import {
  type HomePageRecord,
  homePageCreateSchema,
  homePagePatchSchema,
} from '../../domain/homePages/homePage';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { idListSchema, idSchema, recordTable, reorderRows, writeKind } from '../records/recordTable';
import { PlanningFailure, writeTx } from '../writeTx';

/**
 * `homePages.*` of spec 4.4/4.5: list, get, create, update, delete, reorder. At most one page is
 * the default: marking one clears the mark on the others in the same transaction.
 */
export function homePageOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const pages = recordTable(services, db.homePages, 'homePage');
  const checkName = (name: string) => {
    const trimmed = name.trim();
    if (trimmed === '')
      throw new PlanningFailure({ code: 'VALIDATION', message: 'name is empty', field: 'name' });
    return trimmed;
  };
  async function clearOtherDefaults(changes: Change[], keepId: string) {
    for (const other of await db.homePages.filter((p) => p.isDefault && p.id !== keepId).toArray())
      await pages.put(changes, edited(services, other, { isDefault: false }));
  }

  return [
    defineOperation({
      kind: 'read',
      name: 'homePages.list',
      summary: 'Home pages in list order; `defaultId` names the one Home opens (or null).',
      params: [] as const,
      handler: async () => {
        const rows = await db.homePages.orderBy('position').toArray();
        return ok({ homePages: rows, defaultId: rows.find((p) => p.isDefault)?.id ?? null });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'homePages.get',
      summary: 'One home page by id.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: async ([id]) => {
        const row = await db.homePages.get(id);
        return row ? ok(row) : fail('NOT_FOUND', `no home page ${JSON.stringify(id)}`, { field: 'id' });
      },
    }),
    defineOperation({
      ...writeKind,
      name: 'homePages.create',
      summary: 'Pin a note, project, saved filter, canvas, journal day or app section as a home page.',
      params: [{ name: 'homePage', required: true, schema: homePageCreateSchema }] as const,
      handler: ([input]) =>
        writeTx(services, [db.homePages], async (changes) => {
          const last = await db.homePages.orderBy('position').last();
          const record: HomePageRecord = {
            ...newMeta(services, services.newId()),
            name: checkName(input.name),
            targetType: input.targetType,
            targetId: input.targetId,
            isDefault: input.isDefault ?? false,
            position: (last?.position ?? -1) + 1,
          };
          if (record.isDefault) await clearOtherDefaults(changes, record.id);
          await pages.put(changes, record);
          return record;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'homePages.update',
      summary: 'Change a home page; isDefault true makes it the only default.',
      params: [
        { name: 'id', required: true, schema: idSchema },
        { name: 'patch', required: true, schema: homePagePatchSchema },
      ] as const,
      handler: ([id, patch]) =>
        writeTx(services, [db.homePages], async (changes) => {
          const prev = await pages.must(id);
          const next = edited(services, prev, {
            ...patch,
            ...(patch.name !== undefined ? { name: checkName(patch.name) } : {}),
          });
          if (patch.isDefault === true) await clearOtherDefaults(changes, id);
          await pages.put(changes, next);
          return next;
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'homePages.delete',
      summary: 'Remove a home page (what it points at is untouched).',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) =>
        writeTx(services, [db.homePages, db.tombstones], async (changes) => {
          await pages.remove(changes, await pages.must(id));
          return { id, deleted: true };
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'homePages.reorder',
      summary: 'Put these home pages first, in this order; the others keep theirs after them.',
      params: [{ name: 'ids', required: true, schema: idListSchema }] as const,
      handler: ([ids]) =>
        writeTx(services, [db.homePages], async (changes) => {
          const moved = reorderRows(await db.homePages.toArray(), ids, (r, position) =>
            edited(services, r, { position }),
          );
          for (const r of moved) await pages.put(changes, r);
          return { ids: [...ids], changed: moved.length };
        }),
    }),
  ];
}
