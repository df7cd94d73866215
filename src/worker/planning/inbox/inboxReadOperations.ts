import { type InboxBucket, isStale, toFullInboxItem, toInboxListEntry } from '../../domain/inbox/inboxItem';
import { liveProject } from '../../domain/trash/projectTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import { itemId, listOptionsSchema } from './inboxSchemas';
import type { InboxStore } from './inboxStore';

const options = { name: 'options', required: false, schema: listOptionsSchema } as const;

/** The read side of `inbox.*`: each list is one `[bucket+capturedAt]` range, newest first. */
export function inboxReadOperations(store: InboxStore): Operation[] {
  const { db } = store;
  const bucket = (b: InboxBucket) =>
    db.inbox.where('[bucket+capturedAt]').between([b, -Infinity], [b, Infinity], true, true).reverse();
  const page = async (b: InboxBucket, o: { offset?: number; limit?: number } = {}) => {
    const limit = o.limit ?? 50;
    const rows = await bucket(b)
      .offset(o.offset ?? 0)
      .limit(limit + 1)
      .toArray();
    return {
      items: rows.slice(0, limit).map(toInboxListEntry),
      hasMore: rows.length > limit,
      total: await bucket(b).count(),
    };
  };
  const read = { kind: 'read' } as const;
  return [
    defineOperation({
      ...read,
      name: 'inbox.get',
      summary: 'One inbox item with every field of spec 2.6.',
      params: [itemId],
      handler: async ([id]) => {
        const row = await db.inbox.get(id);
        if (!row)
          return fail('NOT_FOUND', `inbox item ${JSON.stringify(id)} does not exist`, { field: 'id' });
        return ok(toFullInboxItem(row, store.deps.now(), await store.staleDays()));
      },
    }),
    defineOperation({
      ...read,
      name: 'inbox.list',
      summary: 'The inbox: items whose snooze ended first, then open items, newest first.',
      params: [options],
      handler: async ([o]) => {
        const now = new Date(store.deps.now()).toISOString();
        // Snoozed items are few; the ones whose time has come head the list until handled.
        const woke =
          (o?.offset ?? 0) === 0
            ? (await bucket('snoozed').toArray()).filter((r) => (r.snoozedUntil ?? '') <= now)
            : [];
        const open = await page('open', o);
        const stale = await store.staleDays();
        const staleCount = await bucket('open')
          .filter((r) => isStale(r, store.deps.now(), stale))
          .count();
        return ok({
          ...open,
          items: [...woke.map(toInboxListEntry), ...open.items],
          staleCount,
          staleDays: stale,
        });
      },
    }),
    defineOperation({
      ...read,
      name: 'inbox.getSnoozed',
      summary: 'Snoozed items, with until when and why.',
      params: [options],
      handler: async ([o]) => ok(await page('snoozed', o)),
    }),
    defineOperation({
      ...read,
      name: 'inbox.listArchived',
      summary: 'Archived items, newest first.',
      params: [options],
      handler: async ([o]) => ok(await page('archived', o)),
    }),
    defineOperation({
      ...read,
      name: 'inbox.getFilingHistory',
      summary:
        'Filed items, most recently filed first, with where each went (intoName: the project’s name or the folder’s path).',
      params: [options],
      handler: async ([o]) => {
        const limit = o?.limit ?? 50;
        const rows = await db.inbox
          .orderBy('filedAt')
          .reverse()
          .offset(o?.offset ?? 0)
          .limit(limit)
          .toArray();
        // Where each went, by name: a project's id means nothing to the reader of the list.
        const intoOf = (r: (typeof rows)[number]) => r.history.at(-1)?.into ?? null;
        const projectIds = [
          ...new Set(rows.map(intoOf).filter((i): i is string => i?.startsWith('project:') === true)),
        ].map((i) => i.slice('project:'.length));
        const projects = await db.projects.bulkGet(projectIds);
        const names = new Map(
          projectIds.map((id, i) => [`project:${id}`, liveProject(projects[i])?.name ?? null]),
        );
        const nameOf = (into: string | null) =>
          into === null
            ? null
            : into.startsWith('folder:')
              ? into.slice('folder:'.length)
              : (names.get(into) ?? null);
        return ok({
          items: rows.map((r) => ({
            ...toInboxListEntry(r),
            filedAt: r.filedAt,
            filedTo: r.filedTo,
            filedAction: r.filedAction,
            history: r.history,
            intoName: nameOf(intoOf(r)),
          })),
        });
      },
    }),
    defineOperation({
      ...read,
      name: 'inbox.getTags',
      summary: 'Tags on inbox items, with counts.',
      params: [],
      handler: async () => {
        const names = (await db.inbox.orderBy('tags').uniqueKeys()) as string[];
        const tags = [];
        for (const name of names)
          tags.push({ name, count: await db.inbox.where('tags').equals(name).count() });
        return ok({ tags });
      },
    }),
    defineOperation({
      ...read,
      name: 'inbox.getStats',
      summary: 'How many items are open, snoozed, filed and archived, and how many open ones are stale.',
      params: [],
      handler: async () => {
        const stale = await store.staleDays();
        const [open, snoozed, filed, archived, staleCount] = await Promise.all([
          bucket('open').count(),
          bucket('snoozed').count(),
          bucket('filed').count(),
          bucket('archived').count(),
          bucket('open')
            .filter((r) => isStale(r, store.deps.now(), stale))
            .count(),
        ]);
        return ok({ open, snoozed, filed, archived, stale: staleCount, staleDays: stale });
      },
    }),
    defineOperation({
      ...read,
      name: 'inbox.getStaleThreshold',
      summary: 'Days after which an open item counts as stale.',
      params: [],
      handler: async () => ok({ days: await store.staleDays() }),
    }),
  ];
}
