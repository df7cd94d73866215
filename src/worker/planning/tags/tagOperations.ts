import type { Change } from '../../changes/changeFeed';
import { tick } from '../../domain/clock/vectorClock';
import { retag, tagName } from '../../domain/tags/retag';
import { updateTask } from '../../domain/tasks/updateTask';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { PlanningFailure, writeTx } from '../writeTx';

const tag = { type: 'string', minLength: 1, maxLength: 100 } as const;
const write = { kind: 'write', requiresApproval: true } as const;
const COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;

/**
 * `tags.*` over the planning records: tasks (through the tasks domain, so every retagged task's
 * clocks tick) and inbox items, plus tag definitions (colour, icon, order). Notes keep their tags
 * in their markdown and are retagged by the notes side; their counts are included here.
 */
export function tagOperations(services: VaultServices, tasks: TaskStore): Operation[] {
  const { db } = services;

  /** Replaces `from` by `to` (null: removes it) on every task and inbox item, in one transaction. */
  const retagAll = async (rawFrom: string, to: string | null) => {
    await tasks.ready();
    const from = tagName(rawFrom);
    return writeTx(services, [...tasks.tables(), db.inbox, db.tagDefs], async (changes: Change[]) => {
      const taskIds = (await db.tasks.where('tags').equalsIgnoreCase(from).primaryKeys()) as string[];
      const items = await db.inbox.where('tags').equalsIgnoreCase(from).toArray();
      if (taskIds.length === 0 && items.length === 0 && !(await db.tagDefs.get(from.toLowerCase())))
        throw new PlanningFailure({
          code: 'NOT_FOUND',
          message: `no task or capture carries the tag ${from}`,
          field: 'tag',
        });
      for (const id of new Set(taskIds)) {
        const task = await tasks.ctx.read.getTask(id);
        const next = task && retag(task.tags, from, to);
        if (next) await tasks.editInside((ctx) => updateTask(ctx, id, { tags: next }), changes);
      }
      const stamp = new Date(services.now()).toISOString();
      const retagged = items.flatMap((r) => {
        const next = retag(r.tags, from, to);
        return next ? [{ ...r, tags: next, modifiedAt: stamp, clock: tick(r.clock, services.deviceId) }] : [];
      });
      if (retagged.length) {
        await db.inbox.bulkPut(retagged);
        changes.push({ table: 'inbox', op: 'put', ids: retagged.map((r) => r.id) });
      }
      const def = await db.tagDefs.get(from.toLowerCase());
      if (def) {
        await db.tagDefs.delete(def.key);
        const target = to === null ? undefined : await db.tagDefs.get(to.toLowerCase());
        if (to !== null && !target)
          await db.tagDefs.put({
            ...def,
            key: to.toLowerCase(),
            name: to,
            modifiedAt: stamp,
            clock: tick(def.clock, services.deviceId),
          });
        changes.push({ table: 'tagDefs', op: 'delete', ids: [def.key] });
      }
      return { tag: from, to, tasks: taskIds.length, captures: retagged.length };
    });
  };

  const setDef = (name: string, patch: { color?: string | null; icon?: string | null }) =>
    writeTx(services, [db.tagDefs], async (changes) => {
      const key = tagName(name).toLowerCase();
      const prev = await db.tagDefs.get(key);
      const row = {
        key,
        name: prev?.name ?? tagName(name),
        color: prev?.color ?? null,
        icon: prev?.icon ?? null,
        sortOrder: prev?.sortOrder ?? (await db.tagDefs.count()) * 1024,
        ...patch,
        modifiedAt: new Date(services.now()).toISOString(),
        clock: tick(prev?.clock ?? {}, services.deviceId),
      };
      await db.tagDefs.put(row);
      changes.push({ table: 'tagDefs', op: 'put', ids: [key] });
      return row;
    });

  return [
    defineOperation({
      kind: 'read',
      name: 'tags.getAllWithCounts',
      summary:
        'Every tag with its usage count over notes, tasks and captures, and its colour and icon (spec 2.7).',
      params: [],
      handler: async () => {
        const counts = new Map<string, { name: string; count: number }>();
        const add = (name: string, n: number) => {
          const c = counts.get(name.toLowerCase()) ?? { name, count: 0 };
          c.count += n;
          counts.set(name.toLowerCase(), c);
        };
        for (const table of [db.tasks, db.inbox, db.notes] as const) {
          for (const name of (await table.orderBy('tags').uniqueKeys()) as string[])
            add(name, await table.where('tags').equals(name).count());
        }
        const defs = new Map((await db.tagDefs.toArray()).map((d) => [d.key, d]));
        const tags = [...counts.entries()].map(([key, c]) => {
          const d = defs.get(key);
          return {
            name: d?.name ?? c.name,
            count: c.count,
            color: d?.color ?? null,
            icon: d?.icon ?? null,
            category_id: null,
            category_name: null,
            sort_order: d?.sortOrder ?? 0,
          };
        });
        return ok({ tags: tags.sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name)) });
      },
    }),
    defineOperation({
      ...write,
      name: 'tags.renameTag',
      summary: 'Rename a tag on every task and capture (onto an existing tag it merges).',
      params: [
        { name: 'tag', required: true, schema: tag },
        { name: 'newName', required: true, schema: tag },
      ] as const,
      handler: ([from, to]) => retagAll(from, tagName(to)),
    }),
    defineOperation({
      ...write,
      name: 'tags.mergeTag',
      summary: 'Merge a tag into another: records carrying it carry the other instead, once.',
      params: [
        { name: 'tag', required: true, schema: tag },
        { name: 'into', required: true, schema: tag },
      ] as const,
      handler: ([from, into]) => retagAll(from, tagName(into)),
    }),
    defineOperation({
      ...write,
      name: 'tags.deleteTag',
      summary: 'Remove a tag from every task and capture, and its definition.',
      params: [{ name: 'tag', required: true, schema: tag }] as const,
      handler: ([name]) => retagAll(name, null),
    }),
    defineOperation({
      ...write,
      name: 'tags.updateTagColor',
      summary: 'Set (or clear) a tag’s colour.',
      params: [
        { name: 'tag', required: true, schema: tag },
        { name: 'color', required: true, schema: { type: ['string', 'null'], enum: [...COLORS, null] } },
      ] as const,
      handler: ([name, color]) => setDef(name, { color }),
    }),
    defineOperation({
      ...write,
      name: 'tags.updateTagIcon',
      summary: 'Set (or clear) a tag’s icon.',
      params: [
        { name: 'tag', required: true, schema: tag },
        { name: 'icon', required: true, schema: { type: ['string', 'null'], minLength: 1, maxLength: 64 } },
      ] as const,
      handler: ([name, icon]) => setDef(name, { icon }),
    }),
  ];
}
