import type { Change } from '../../changes/changeFeed';
import { tick } from '../../domain/clock/vectorClock';
import { retag, tagName } from '../../domain/tags/retag';
import { updateTask } from '../../domain/tasks/updateTask';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { PlanningFailure, writeTx } from '../writeTx';

const tag = { type: 'string', minLength: 1, maxLength: 100 } as const;
const write = { kind: 'write', requiresApproval: true } as const;
const COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;

/**
 * Tags of the planning records: `tasks.renameTag/mergeTag/deleteTag` retag tasks (through the
 * tasks domain, so every retagged task's clocks tick) and inbox captures in one transaction
 * (Cairn names: the spec's `tags.renameTag/mergeTag/deleteTag` are the notes side's, in
 * src/worker/ops/tags); `tags.updateTagColor/updateTagIcon` keep tag definitions.
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
      ...write,
      name: 'tasks.renameTag',
      summary: 'Rename a tag on every task and capture (onto an existing tag it merges).',
      params: [
        { name: 'tag', required: true, schema: tag },
        { name: 'newName', required: true, schema: tag },
      ] as const,
      handler: ([from, to]) => retagAll(from, tagName(to)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.mergeTag',
      summary: 'Merge a tag into another: records carrying it carry the other instead, once.',
      params: [
        { name: 'tag', required: true, schema: tag },
        { name: 'into', required: true, schema: tag },
      ] as const,
      handler: ([from, into]) => retagAll(from, tagName(into)),
    }),
    defineOperation({
      ...write,
      name: 'tasks.deleteTag',
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
