import type { IDType } from 'dexie';
import type { AppError } from '../../../shared/result';
import type { Change } from '../../changes/changeFeed';
import {
  checkEvent,
  type EventRecord,
  eventCreateSchema,
  toEventRow,
} from '../../domain/calendar/calendarEvent';
import { newMeta, type RecordMeta } from '../../domain/calendar/recordMeta';
import { attachmentNameFor } from '../../domain/inbox/attachmentName';
import { type InboxRow, inboxBlobId, isFileCapture } from '../../domain/inbox/inboxItem';
import { fileItem } from '../../domain/inbox/inboxTransitions';
import {
  checkReminder,
  type ReminderRecord,
  reminderCreateSchema,
  toReminderRow,
} from '../../domain/reminders/reminder';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { type ErrorCode, fail } from '../../ops/result';
import type { SettingsStore } from '../../settings/settingsStore';
import type { VaultServices } from '../../vault/services';
import { recordTable } from '../records/recordTable';
import { must, PlanningFailure, writeTx } from '../writeTx';
import { markdownOf, noteMarkdownOf } from './filedNote';
import { itemId } from './inboxSchemas';
import type { InboxStore } from './inboxStore';
import type { NoteCreator } from './noteCreator';

const write = { kind: 'write', requiresApproval: true } as const;
const TITLE_MAX = 500;
const TEXT_MAX = 10_000;

/** Every event field; the title and description default from the item. */
const toEventSchema = { ...eventCreateSchema, required: ['startAt'] } as const;
/** Every reminder field; the title and body default from the item. */
const toReminderSchema = { ...reminderCreateSchema, required: ['remindAt'] } as const;

const refuseFiled = (row: InboxRow) => {
  if (row.bucket === 'filed')
    throw new PlanningFailure({
      code: 'VALIDATION',
      message: `“${row.title}” is already filed (${row.filedTo})`,
      field: 'id',
    });
};
const textOf = (row: InboxRow) => markdownOf(row).slice(0, TEXT_MAX) || null;

/**
 * `inbox.convertToEvent`, `convertToReminder` and `linkToNote` (spec 4.5; shapes Cairn's,
 * docs/planning.md "Inbox: events, reminders, link to a note"). An event or reminder is written
 * in the SAME transaction as the filed item (`filedTo` `event:<id>` / `reminder:<id>`), so both
 * happen or neither; `undoFile` deletes it again while unedited (`removeUneditedRecord`).
 * An event without `endAt` lasts the calendar's `defaultEventMinutes`, as `calendar.createEvent`'s.
 */
export function inboxConvertOperations(
  services: VaultServices,
  store: InboxStore,
  notes: NoteCreator,
  settings: Pick<SettingsStore, 'getGroup'>,
): Operation[] {
  const { db, deps } = store;
  const events = recordTable(services, db.calendarEvents, 'event');
  const reminders = recordTable(services, db.reminders, 'reminder');

  return [
    defineOperation({
      ...write,
      name: 'inbox.convertToEvent',
      summary:
        'Turn an item into a calendar event (title and description from the item unless given; without endAt it lasts the calendar’s default event length); the item is filed.',
      params: [itemId, { name: 'eventFields', required: true, schema: toEventSchema }] as const,
      handler: async ([id, input]) => {
        // Read before the write transaction, which does not span the settings table.
        const minutes = (await settings.getGroup('calendar')).defaultEventMinutes;
        return writeTx(services, [db.inbox, db.calendarEvents], async (changes) => {
          const row = await store.load(id);
          refuseFiled(row);
          const fields = must(
            checkEvent(
              null,
              {
                ...input,
                title: input.title ?? row.title.slice(0, TITLE_MAX),
                description: input.description !== undefined ? input.description : textOf(row),
              },
              minutes,
            ),
          );
          const record: EventRecord = { ...newMeta(services, services.newId()), ...fields };
          await events.put(changes, toEventRow(record));
          const filed = fileItem(row, `event:${record.id}`, 'convertToEvent', deps);
          await store.put([filed], changes);
          return { id, filedTo: filed.filedTo, event: record };
        });
      },
    }),
    defineOperation({
      ...write,
      name: 'inbox.convertToReminder',
      summary: 'Turn an item into a reminder (title and body from the item unless given); the item is filed.',
      params: [itemId, { name: 'reminderFields', required: true, schema: toReminderSchema }] as const,
      handler: ([id, input]) =>
        writeTx(services, [db.inbox, db.reminders], async (changes) => {
          const row = await store.load(id);
          refuseFiled(row);
          const record: ReminderRecord = {
            ...newMeta(services, services.newId()),
            ...must(
              checkReminder(null, {
                ...input,
                title: input.title ?? row.title.slice(0, TITLE_MAX),
                body: input.body !== undefined ? input.body : textOf(row),
              }),
            ),
            state: 'pending',
            firedAt: null,
            dismissedAt: null,
            snoozeCount: 0,
          };
          await reminders.put(changes, toReminderRow(record));
          const filed = fileItem(row, `reminder:${record.id}`, 'convertToReminder', deps);
          await store.put([filed], changes);
          return { id, filedTo: filed.filedTo, reminder: record };
        }),
    }),
    defineOperation({
      ...write,
      name: 'inbox.linkToNote',
      summary:
        'File an item into an existing note: its text (and file, as an attachment) is added at the note’s end; the item is filed.',
      params: [
        itemId,
        { name: 'noteId', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 } },
      ] as const,
      handler: async ([id, noteId]) => {
        const row = await db.inbox.get(id);
        if (!row)
          return fail('NOT_FOUND', `inbox item ${JSON.stringify(id)} does not exist`, { field: 'id' });
        if (row.bucket === 'filed')
          return fail('VALIDATION', `“${row.title}” is already filed (${row.filedTo})`, { field: 'id' });
        const note = await db.notes.get(noteId);
        if (note?.fileType !== 'markdown')
          return fail('NOT_FOUND', `no note ${JSON.stringify(noteId)}`, { field: 'noteId' });
        const file = isFileCapture(row) ? await db.blobs.get(inboxBlobId(id)) : undefined;
        const name = file
          ? attachmentNameFor(row.metadata?.fileName ?? row.title, `${row.type} capture`)
          : null;
        const refused = (error: AppError) => ({
          ok: false as const,
          error: { ...error, code: error.code as ErrorCode },
        });
        // The file first: a refused upload leaves the note's text as it was.
        const attached =
          file && name
            ? await notes.attach(noteId, name, file.blob, row.metadata?.mimeType ?? file.blob.type)
            : null;
        if (attached && !attached.ok) return refused(attached.error);
        const added = await notes.append(
          noteId,
          noteMarkdownOf(row, attached?.ok ? attached.value.name : null),
        );
        if (!added.ok) return refused(added.error);
        return writeTx(services, [db.inbox, db.blobs], async (changes: Change[]) => {
          const fresh = await store.load(id);
          refuseFiled(fresh);
          let filed = fileItem(fresh, `note:${noteId}`, 'linkToNote', deps, `folder:${note.folderPath}`);
          if (attached?.ok) {
            filed = {
              ...filed,
              metadata: {
                ...filed.metadata,
                attachmentId: attached.value.id,
                attachment: attached.value.file,
              },
            };
            await db.blobs.delete(inboxBlobId(id));
          }
          await store.put([filed], changes);
          return { id, filedTo: filed.filedTo, noteId };
        });
      },
    }),
  ];
}

/**
 * Inside undoFile's transaction: deletes the event or reminder a conversion made, if nobody
 * edited it since (`createdAt === modifiedAt`, as for tasks). Answers what it removed, or null.
 */
export async function removeUneditedRecord(
  services: VaultServices,
  filedTo: string | null,
  changes: Change[],
): Promise<string | null> {
  const m = /^(event|reminder):(.+)$/.exec(filedTo ?? '');
  const recordId = m?.[2];
  if (!m || recordId === undefined) return null;
  const removed =
    m[1] === 'event'
      ? await dropIfUnedited(recordTable(services, services.db.calendarEvents, 'event'), recordId, changes)
      : await dropIfUnedited(recordTable(services, services.db.reminders, 'reminder'), recordId, changes);
  return removed ? `${m[1]}:${recordId}` : null;
}

async function dropIfUnedited<Row extends RecordMeta>(
  table: ReturnType<typeof recordTable<Row>>,
  id: string,
  changes: Change[],
): Promise<boolean> {
  const row = await table.table.get(id as IDType<Row, 'id'>);
  if (!row || row.createdAt !== row.modifiedAt) return false;
  await table.remove(changes, row);
  return true;
}
