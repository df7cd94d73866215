import { tick } from '../../domain/clock/vectorClock';
import { captureItem } from '../../domain/inbox/captureItem';
import { type InboxBucket, type InboxRow, inboxBlobId } from '../../domain/inbox/inboxItem';
import {
  archiveItem,
  markViewed,
  reopenItem,
  setTags,
  snoozeItem,
  unsnoozeItem,
  updateItem,
} from '../../domain/inbox/inboxTransitions';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import type { VaultServices } from '../../vault/services';
import { PlanningFailure, writeTx } from '../writeTx';
import {
  captureLinkSchema,
  captureTextSchema,
  itemId,
  itemIds,
  snoozeSchema,
  tagSchema,
  tagsSchema,
  updateSchema,
} from './inboxSchemas';
import { type InboxStore, STALE_DAYS_KEY } from './inboxStore';

const write = { kind: 'write', requiresApproval: true } as const;
const TAGS_MAX = 20;
const bare = (tag: string) => tag.replace(/^#+/, '');

/** Refuses (nothing changes) unless the item is in one of `buckets`: `what` says what it must be. */
function mustBe(row: InboxRow, buckets: readonly InboxBucket[], what: string, field: string): InboxRow {
  if (!buckets.includes(row.bucket))
    throw new PlanningFailure({
      code: 'VALIDATION',
      message: `“${row.title}” is ${row.bucket}, not ${what}`,
      field,
    });
  return row;
}

/** The item's tags plus `more` (each once, without a leading #), at most 20 (spec 8). */
function withTags(row: InboxRow, more: readonly string[], field: string): string[] {
  const tags = [...new Set([...row.tags, ...more.map(bare)])];
  if (more.some((t) => bare(t) === ''))
    throw new PlanningFailure({ code: 'VALIDATION', message: 'a tag needs a name', field });
  if (tags.length > TAGS_MAX)
    throw new PlanningFailure({
      code: 'VALIDATION',
      message: `“${row.title}” would have ${tags.length} tags; at most ${TAGS_MAX}`,
      field,
    });
  return tags;
}

/** A snooze time as an ISO instant: a bare date means the start of that day, local time. */
function snoozeInstant(until: string, nowMs: number): string {
  const ms = Date.parse(until.length === 10 ? `${until}T00:00:00` : until);
  if (Number.isNaN(ms))
    throw new PlanningFailure({ code: 'VALIDATION', message: `${until} is not a date`, field: 'until' });
  if (ms <= nowMs)
    throw new PlanningFailure({
      code: 'VALIDATION',
      message: 'a snooze must end in the future',
      field: 'until',
      expected: 'a future date or time',
    });
  return new Date(ms).toISOString();
}

/** Captures and the item's own state changes (`inbox.*` of spec 4.5, filing aside). */
export function inboxWriteOperations(services: VaultServices, store: InboxStore): Operation[] {
  const { db, deps } = store;
  const capture = (input: Parameters<typeof captureItem>[0]) =>
    writeTx(services, [db.inbox], async (changes) => {
      const row = captureItem(input, deps);
      await store.put([row], changes);
      return { id: row.id, title: row.title, type: row.type };
    });
  const one = (step: Parameters<InboxStore['eachItem']>[1]) => (id: string) => store.eachItem([id], step);
  const OPEN = ['open', 'snoozed'] as const;
  /** `field` of the i-th of `n` items, as eachItem names it */
  const at = (ids: readonly string[], id: string) => (ids.length === 1 ? 'id' : `ids[${ids.indexOf(id)}]`);

  return [
    defineOperation({
      ...write,
      name: 'inbox.captureText',
      summary: 'Capture a piece of text into the inbox.',
      params: [{ name: 'capture', required: true, schema: captureTextSchema }] as const,
      handler: ([c]) => capture({ type: 'text', content: c.text, title: c.title, tags: c.tags }),
    }),
    defineOperation({
      ...write,
      name: 'inbox.captureLink',
      summary: 'Capture a link (its preview is fetched later when online; the URL stands in until then).',
      params: [{ name: 'capture', required: true, schema: captureLinkSchema }] as const,
      handler: ([c]) =>
        capture({ type: 'link', sourceUrl: c.url, title: c.title, content: c.note ?? null, tags: c.tags }),
    }),
    defineOperation({
      ...write,
      name: 'inbox.update',
      summary: 'Change an item’s title or text.',
      params: [itemId, { name: 'patch', required: true, schema: updateSchema }] as const,
      handler: ([id, patch]) => one((r) => updateItem(r, patch, deps))(id),
    }),
    defineOperation({
      ...write,
      name: 'inbox.addTag',
      summary: 'Tag an item.',
      params: [itemId, { name: 'tag', required: true, schema: tagSchema }] as const,
      handler: ([id, tag]) => one((r) => setTags(r, withTags(r, [tag], 'tag'), deps))(id),
    }),
    defineOperation({
      ...write,
      name: 'inbox.removeTag',
      summary: 'Remove a tag from an item.',
      params: [itemId, { name: 'tag', required: true, schema: tagSchema }] as const,
      handler: ([id, tag]) =>
        one((r) => {
          if (!r.tags.includes(bare(tag)))
            throw new PlanningFailure({
              code: 'NOT_FOUND',
              message: `“${r.title}” has no tag ${JSON.stringify(bare(tag))}`,
              field: 'tag',
            });
          return setTags(
            r,
            r.tags.filter((t) => t !== bare(tag)),
            deps,
          );
        })(id),
    }),
    defineOperation({
      ...write,
      name: 'inbox.bulkTag',
      summary: 'Add tags to several items; all or nothing.',
      params: [itemIds, { name: 'tags', required: true, schema: tagsSchema }] as const,
      handler: ([ids, tags]) => store.eachItem(ids, (r) => setTags(r, withTags(r, tags, 'tags'), deps)),
    }),
    defineOperation({
      ...write,
      name: 'inbox.snooze',
      summary: 'Hide an item until a date or time, with an optional reason.',
      params: [itemId, { name: 'snooze', required: true, schema: snoozeSchema }] as const,
      handler: ([id, s]) =>
        one((r) =>
          snoozeItem(
            mustBe(r, OPEN, 'open', 'id'),
            snoozeInstant(s.until, deps.now()),
            s.reason ?? null,
            deps,
          ),
        )(id),
    }),
    defineOperation({
      ...write,
      name: 'inbox.bulkSnooze',
      summary: 'Snooze several items; all or nothing.',
      params: [itemIds, { name: 'snooze', required: true, schema: snoozeSchema }] as const,
      handler: ([ids, s]) =>
        store.eachItem(ids, (r) =>
          snoozeItem(
            mustBe(r, OPEN, 'open', at(ids, r.id)),
            snoozeInstant(s.until, deps.now()),
            s.reason ?? null,
            deps,
          ),
        ),
    }),
    defineOperation({
      ...write,
      name: 'inbox.unsnooze',
      summary: 'Bring a snoozed item back now.',
      params: [itemId],
      handler: ([id]) => one((r) => unsnoozeItem(mustBe(r, ['snoozed'], 'snoozed', 'id'), deps))(id),
    }),
    defineOperation({
      ...write,
      name: 'inbox.markViewed',
      summary: 'Mark an item as seen.',
      params: [itemId],
      handler: ([id]) => one((r) => markViewed(r, deps))(id),
    }),
    defineOperation({
      ...write,
      name: 'inbox.archive',
      summary: 'Archive an item (undo with undoArchive).',
      params: [itemId],
      handler: ([id]) => one((r) => archiveItem(mustBe(r, OPEN, 'open', 'id'), deps))(id),
    }),
    defineOperation({
      ...write,
      name: 'inbox.bulkArchive',
      summary: 'Archive several items; all or nothing.',
      params: [itemIds],
      handler: ([ids]) =>
        store.eachItem(ids, (r) => archiveItem(mustBe(r, OPEN, 'open', at(ids, r.id)), deps)),
    }),
    ...(['inbox.unarchive', 'inbox.undoArchive'] as const).map((name) =>
      defineOperation({
        ...write,
        name,
        summary: 'Put an archived item back in the inbox.',
        params: [itemId],
        handler: ([id]) =>
          one((r) => {
            if (r.bucket !== 'archived')
              throw new PlanningFailure({
                code: 'VALIDATION',
                message: 'the item is not archived',
                field: 'id',
              });
            return reopenItem(r, deps);
          })(id),
      }),
    ),
    defineOperation({
      ...write,
      name: 'inbox.deletePermanent',
      summary: 'Delete an item for good (what it was filed into stays).',
      params: [itemId],
      handler: ([id]) =>
        writeTx(services, [db.inbox, db.tombstones, db.blobs], async (changes) => {
          const row = await store.load(id);
          await db.inbox.delete(id);
          await db.blobs.delete(inboxBlobId(id));
          await db.tombstones.put({
            id,
            kind: 'inbox',
            clock: tick(row.clock, deps.deviceId),
            deletedAt: new Date(deps.now()).toISOString(),
          });
          changes.push({ table: 'inbox', op: 'delete', ids: [id] });
          return { id, deleted: true };
        }),
    }),
    defineOperation({
      ...write,
      name: 'inbox.setStaleThreshold',
      summary: 'Days after which an open item counts as stale (1..365).',
      params: [
        { name: 'days', required: true, schema: { type: 'integer', minimum: 1, maximum: 365 } },
      ] as const,
      handler: ([days]) =>
        writeTx(services, [db.settings], async (changes) => {
          const prev = await db.settings.get(STALE_DAYS_KEY);
          await db.settings.put({
            key: STALE_DAYS_KEY,
            value: days,
            modifiedAt: new Date(deps.now()).toISOString(),
            clock: tick(prev?.clock ?? {}, deps.deviceId),
          });
          changes.push({ table: 'settings', op: 'put', ids: [STALE_DAYS_KEY] });
          return { days };
        }),
    }),
  ];
}
