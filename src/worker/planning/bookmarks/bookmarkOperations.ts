import type { Change } from '../../changes/changeFeed';
import {
  type BookmarkRecord,
  bookmarkInputSchema,
  fromBookmarkRow,
  itemIdSchema,
  itemKeyOf,
  itemTypeSchema,
  toBookmarkRow,
} from '../../domain/bookmarks/bookmark';
import { edited, newMeta } from '../../domain/calendar/recordMeta';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { Infer } from '../../ops/schema';
import type { VaultServices } from '../../vault/services';
import {
  idListSchema,
  idSchema,
  listOptionsSchema,
  recordTable,
  reorderRows,
  writeKind,
} from '../records/recordTable';
import { PlanningFailure, writeTx } from '../writeTx';
import { itemTitle } from './itemTitle';

type BookmarkInput = Infer<typeof bookmarkInputSchema>;

/**
 * `bookmarks.*` of spec 4.4/4.5. An item (note, task, project, ..., folder, search, URL) is
 * bookmarked at most once (unique `itemKey`); new bookmarks go to the end of the list.
 */
export function bookmarkOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const bookmarks = recordTable(services, db.bookmarks, 'bookmark');
  const tables = [db.bookmarks, db.notes, db.tasks, db.projects, db.canvases, db.calendarEvents];
  const byItem = (type: string, id: string) =>
    db.bookmarks.where('itemKey').equals(itemKeyOf(type, id)).first();

  async function create(changes: Change[], input: BookmarkInput, field: string): Promise<BookmarkRecord> {
    if (await byItem(input.itemType, input.itemId))
      throw new PlanningFailure({
        code: 'CONFLICT',
        message: `${input.itemType} ${JSON.stringify(input.itemId)} is bookmarked already`,
        field: `${field}itemId`,
      });
    const title = input.title ?? (await itemTitle(db, input.itemType, input.itemId));
    if (title === null)
      throw new PlanningFailure({
        code: 'NOT_FOUND',
        message: `no ${input.itemType} ${JSON.stringify(input.itemId)}`,
        field: `${field}itemId`,
      });
    const last = await db.bookmarks.orderBy('position').last();
    const record: BookmarkRecord = {
      ...newMeta(services, services.newId()),
      itemType: input.itemType,
      itemId: input.itemId,
      title,
      position: (last?.position ?? -1) + 1,
    };
    await bookmarks.put(changes, toBookmarkRow(record));
    return record;
  }

  return [
    defineOperation({
      kind: 'read',
      name: 'bookmarks.get',
      summary: 'One bookmark by id.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: async ([id]) => {
        const row = await db.bookmarks.get(id);
        return row
          ? ok(fromBookmarkRow(row))
          : fail('NOT_FOUND', `no bookmark ${JSON.stringify(id)}`, { field: 'id' });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'bookmarks.list',
      summary: 'Bookmarks in list order.',
      params: [{ name: 'options', required: false, schema: listOptionsSchema }] as const,
      handler: async ([o = {}]) => {
        const limit = o.limit ?? 200;
        const rows = await db.bookmarks
          .orderBy('position')
          .offset(o.offset ?? 0)
          .limit(limit + 1)
          .toArray();
        return ok({ bookmarks: rows.slice(0, limit).map(fromBookmarkRow), hasMore: rows.length > limit });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'bookmarks.listByType',
      summary: 'The bookmarks of one item type, in list order.',
      params: [{ name: 'itemType', required: true, schema: itemTypeSchema }] as const,
      handler: async ([type]) => {
        const rows = await db.bookmarks
          .where('[itemType+position]')
          .between([type, -Infinity], [type, Infinity])
          .toArray();
        return ok({ bookmarks: rows.map(fromBookmarkRow) });
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'bookmarks.isBookmarked',
      summary: 'Whether an item is bookmarked.',
      params: [
        { name: 'itemType', required: true, schema: itemTypeSchema },
        { name: 'itemId', required: true, schema: itemIdSchema },
      ] as const,
      handler: async ([type, id]) => ok({ bookmarked: (await byItem(type, id)) !== undefined }),
    }),
    defineOperation({
      kind: 'read',
      name: 'bookmarks.getByItem',
      summary: 'The bookmark of an item, or null.',
      params: [
        { name: 'itemType', required: true, schema: itemTypeSchema },
        { name: 'itemId', required: true, schema: itemIdSchema },
      ] as const,
      handler: async ([type, id]) => {
        const row = await byItem(type, id);
        return ok(row ? fromBookmarkRow(row) : null);
      },
    }),
    defineOperation({
      ...writeKind,
      name: 'bookmarks.create',
      summary: 'Bookmark an item; the title defaults to the item’s own.',
      params: [{ name: 'bookmark', required: true, schema: bookmarkInputSchema }] as const,
      handler: ([input]) => writeTx(services, tables, (changes) => create(changes, input, '')),
    }),
    defineOperation({
      ...writeKind,
      name: 'bookmarks.bulkCreate',
      summary: 'Bookmark several items (all or none).',
      params: [
        {
          name: 'bookmarks',
          required: true,
          schema: { type: 'array', items: bookmarkInputSchema, minItems: 1, maxItems: 200 },
        },
      ] as const,
      handler: ([inputs]) =>
        writeTx(services, tables, async (changes) => {
          const made: BookmarkRecord[] = [];
          for (const [i, input] of inputs.entries())
            made.push(await create(changes, input, `bookmarks[${i}].`));
          return { bookmarks: made };
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'bookmarks.toggle',
      summary: 'Bookmark an item, or remove its bookmark if it has one.',
      params: [{ name: 'bookmark', required: true, schema: bookmarkInputSchema }] as const,
      handler: ([input]) =>
        writeTx(services, [...tables, db.tombstones], async (changes) => {
          const existing = await byItem(input.itemType, input.itemId);
          if (existing) {
            await bookmarks.remove(changes, existing);
            return { bookmarked: false, bookmark: null };
          }
          return { bookmarked: true, bookmark: await create(changes, input, '') };
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'bookmarks.delete',
      summary: 'Remove a bookmark (the item itself is untouched).',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) =>
        writeTx(services, [db.bookmarks, db.tombstones], async (changes) => {
          await bookmarks.remove(changes, await bookmarks.must(id));
          return { id, deleted: true };
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'bookmarks.bulkDelete',
      summary: 'Remove several bookmarks (all or none).',
      params: [{ name: 'ids', required: true, schema: idListSchema }] as const,
      handler: ([ids]) =>
        writeTx(services, [db.bookmarks, db.tombstones], async (changes) => {
          for (const [i, id] of ids.entries())
            await bookmarks.remove(changes, await bookmarks.must(id, `ids[${i}]`));
          return { deleted: ids.length };
        }),
    }),
    defineOperation({
      ...writeKind,
      name: 'bookmarks.reorder',
      summary: 'Put these bookmarks first, in this order; the others keep theirs after them.',
      params: [{ name: 'ids', required: true, schema: idListSchema }] as const,
      handler: ([ids]) =>
        writeTx(services, [db.bookmarks], async (changes) => {
          const rows = (await db.bookmarks.toArray()).map(fromBookmarkRow);
          const moved = reorderRows(rows, ids, (r, position) => edited(services, r, { position }));
          for (const r of moved) await bookmarks.put(changes, toBookmarkRow(r));
          return { ids: [...ids], changed: moved.length };
        }),
    }),
  ];
}
