import { tick } from '../../domain/clock/vectorClock';
import { normalizeTag } from '../../domain/notes/tags';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { PlanningFailure, writeTx } from '../writeTx';
import { notATag } from './retagEverywhere';
import { tagDefWriter } from './tagDefs';
import { TAG_SCHEMA, write } from './tagOperations';

const NAME = { type: 'string', minLength: 1, maxLength: 100 } as const;
const ID = { type: 'string', minLength: 1, maxLength: 200 } as const;
const STEP = 1024;

/**
 * Tag categories (spec 4.5 createCategory/renameCategory/deleteCategory, 4.4 listCategories) and
 * the tag order (`tags.reorder`). A tag is put in a category with `tags.setTagCategory` (Cairn's
 * name: the spec lists no assign operation). Deleting a category leaves its tags uncategorised,
 * in the same transaction.
 */
export function tagCategoryOperations(services: VaultServices): Operation[] {
  const { db } = services;
  const defs = tagDefWriter(services);
  const stamp = () => new Date(services.now()).toISOString();
  const missing = (id: string, field: string) =>
    new PlanningFailure({ code: 'NOT_FOUND', message: `no tag category with id "${id}"`, field });
  const trimmed = (name: string, field: string) => {
    const t = name.trim();
    if (t === '')
      throw new PlanningFailure({ code: 'VALIDATION', message: 'a category name is not blank', field });
    return t;
  };

  return [
    defineOperation({
      kind: 'read',
      name: 'tags.listCategories',
      summary: 'Tag categories in order, each with how many tags it holds.',
      params: [] as const,
      handler: async () => {
        const rows = await db.tagCategories.orderBy('position').toArray();
        const counts = await Promise.all(
          rows.map((r) => db.tagDefs.where('categoryId').equals(r.id).count()),
        );
        return ok(
          rows.map((r, i) => ({ id: r.id, name: r.name, position: r.position, tag_count: counts[i] })),
        );
      },
    }),
    defineOperation({
      ...write,
      name: 'tags.createCategory',
      summary: 'Create a tag category (listed last).',
      params: [{ name: 'name', required: true, schema: NAME }] as const,
      handler: ([name]) =>
        writeTx(services, [db.tagCategories], async (changes) => {
          const last = await db.tagCategories.orderBy('position').last();
          const at = stamp();
          const row = {
            id: services.newId(),
            name: trimmed(name, 'args[0]'),
            position: (last?.position ?? -STEP) + STEP,
            createdAt: at,
            modifiedAt: at,
            clock: tick({}, services.deviceId),
          };
          await db.tagCategories.add(row);
          changes.push({ table: 'tagCategories', op: 'put', ids: [row.id] });
          return row;
        }),
    }),
    defineOperation({
      ...write,
      name: 'tags.renameCategory',
      summary: 'Rename a tag category.',
      params: [
        { name: 'id', required: true, schema: ID },
        { name: 'name', required: true, schema: NAME },
      ] as const,
      handler: ([id, name]) =>
        writeTx(services, [db.tagCategories], async (changes) => {
          const prev = await db.tagCategories.get(id);
          if (!prev) throw missing(id, 'args[0]');
          const row = {
            ...prev,
            name: trimmed(name, 'args[1]'),
            modifiedAt: stamp(),
            clock: tick(prev.clock, services.deviceId),
          };
          await db.tagCategories.put(row);
          changes.push({ table: 'tagCategories', op: 'put', ids: [id] });
          return row;
        }),
    }),
    defineOperation({
      ...write,
      name: 'tags.deleteCategory',
      summary: 'Delete a tag category; its tags stay, uncategorised.',
      params: [{ name: 'id', required: true, schema: ID }] as const,
      handler: ([id]) =>
        writeTx(services, [db.tagCategories, db.tagDefs], async (changes) => {
          if (!(await db.tagCategories.get(id))) throw missing(id, 'args[0]');
          await db.tagCategories.delete(id);
          changes.push({ table: 'tagCategories', op: 'delete', ids: [id] });
          const members = await db.tagDefs.where('categoryId').equals(id).toArray();
          for (const d of members) await defs.patch(d.name, { categoryId: null });
          changes.push({ table: 'tagDefs', op: 'put', ids: members.map((d) => d.key) });
          return { id, uncategorised: members.map((d) => d.name) };
        }),
    }),
    defineOperation({
      ...write,
      name: 'tags.setTagCategory',
      summary: 'Put a tag in a category, or take it out with null.',
      params: [
        { name: 'tag', required: true, schema: TAG_SCHEMA },
        {
          name: 'categoryId',
          required: true,
          schema: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
        },
      ] as const,
      handler: ([raw, categoryId]) => {
        const tag = normalizeTag(raw);
        if (tag === null) return notATag(raw, 'args[0]');
        return writeTx(services, [db.tagCategories, db.tagDefs], async (changes) => {
          if (categoryId !== null && !(await db.tagCategories.get(categoryId)))
            throw missing(categoryId, 'args[1]');
          const row = await defs.patch(tag, { categoryId });
          changes.push({ table: 'tagDefs', op: 'put', ids: [row.key] });
          return row;
        });
      },
    }),
    defineOperation({
      ...write,
      name: 'tags.reorder',
      summary: 'Put tags in the given order; they list before every tag not named.',
      params: [
        {
          name: 'tags',
          required: true,
          schema: { type: 'array', items: TAG_SCHEMA, minItems: 1, maxItems: 1000 },
        },
      ] as const,
      handler: ([raw]) => {
        const names: string[] = [];
        for (const [i, r] of raw.entries()) {
          const t = normalizeTag(r);
          if (t === null) return notATag(r, `args[0][${i}]`);
          names.push(t);
        }
        return writeTx(services, [db.tagDefs], async (changes) => {
          for (const [i, name] of names.entries()) {
            const row = await defs.patch(name, { sortOrder: i * STEP });
            changes.push({ table: 'tagDefs', op: 'put', ids: [row.key] });
          }
          return { tags: names };
        });
      },
    }),
  ];
}
