import { tick } from '../../domain/clock/vectorClock';
import { journalEntryStart } from '../../domain/journal/entryTemplate';
import {
  isCalendarDate,
  JOURNAL_MAX_CHARS,
  type JournalRow,
  journalId,
  toFullEntry,
} from '../../domain/journal/journalEntry';
import { journalTags, wordCount } from '../../domain/journal/journalText';
import { ISO_DATE_PATTERN } from '../../domain/tasks/schemas';
import { isTrashedJournal, liveJournal, trashedJournal } from '../../domain/trash/journalTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import type { SettingsStore } from '../../settings/settingsStore';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { PlanningFailure, writeTx } from '../writeTx';
import { createJournalBodies } from './journalBodies';
import { journalReadOperations } from './journalReadOperations';

const dateSchema = { type: 'string', pattern: ISO_DATE_PATTERN, examples: ['2026-11-21'] } as const;
const date = { name: 'date', required: true, schema: dateSchema } as const;
const contentSchema = {
  type: 'object',
  properties: { content: { type: 'string', maxLength: JOURNAL_MAX_CHARS } },
  additionalProperties: false,
} as const;

const notADate = (d: string) =>
  new PlanningFailure({
    code: 'VALIDATION',
    message: `${d} is not a calendar date`,
    field: 'date',
    expected: 'YYYY-MM-DD',
  });

/**
 * `journal.*` of spec 4.4/4.5: one entry a date, its body a Yjs document, its row the mirror.
 * An entry created without `content` starts from the journal's `entryTemplate` setting, its
 * variables read in `timeZone` (docs/planning.md, "Journal settings").
 */
export function journalOperations(
  services: VaultServices,
  tasks: TaskStore,
  settings: Pick<SettingsStore, 'getGroup'>,
  timeZone: string,
): Operation[] {
  const { db } = services;
  // Read before the write transaction, which does not span the settings table.
  const startText = async (d: string) =>
    journalEntryStart((await settings.getGroup('journal')).entryTemplate, d, services.now(), timeZone);
  const bodies = createJournalBodies(db);
  const tables = () => [db.journal, ...bodies.crdtTables()];
  const stamp = () => new Date(services.now()).toISOString();

  /** Creates (refused when it exists) or rewrites (refused when missing) the entry of `d`. */
  const save = (d: string, content: string, mode: 'create' | 'update') =>
    writeTx(services, tables(), async (changes) => {
      if (!isCalendarDate(d)) throw notADate(d);
      const id = journalId(d);
      const found = await db.journal.get(id);
      // one entry a date: a trashed entry keeps its date until it is restored or deleted for good
      if (mode === 'create' && isTrashedJournal(found))
        throw new PlanningFailure({
          code: 'VALIDATION',
          message: `the entry of ${d} is in the Trash: restore it or delete it forever first`,
          field: 'date',
        });
      const existing = liveJournal(found);
      if (mode === 'create' && existing)
        throw new PlanningFailure({
          code: 'VALIDATION',
          message: `the journal already has an entry for ${d}`,
          field: 'date',
        });
      if (mode === 'update' && !existing)
        throw new PlanningFailure({ code: 'NOT_FOUND', message: `no journal entry for ${d}`, field: 'date' });
      const markdown = await bodies.write(id, content);
      if (existing && existing.markdown === markdown) return toFullEntry(existing);
      const now = stamp();
      const row: JournalRow = {
        id,
        date: d,
        markdown,
        tags: journalTags(markdown),
        wordCount: wordCount(markdown),
        createdAt: existing?.createdAt ?? now,
        modifiedAt: now,
        clock: tick(existing?.clock ?? {}, services.deviceId),
      };
      await db.journal.put(row);
      changes.push({ table: 'journal', op: 'put', ids: [id] });
      return toFullEntry(row);
    });

  const write = { kind: 'write', requiresApproval: true } as const;
  return [
    ...journalReadOperations(services, tasks),
    defineOperation({
      ...write,
      name: 'journal.createEntry',
      summary:
        'Start the journal entry of a date (one entry a date); without content it starts from the journal’s entry template.',
      params: [
        {
          name: 'entry',
          required: true,
          schema: {
            ...contentSchema,
            properties: { ...contentSchema.properties, date: dateSchema },
            required: ['date'],
          },
        },
      ] as const,
      handler: async ([e]) =>
        save(e.date, e.content ?? (isCalendarDate(e.date) ? await startText(e.date) : ''), 'create'),
    }),
    defineOperation({
      ...write,
      name: 'journal.updateEntry',
      summary: 'Replace the markdown of a date’s entry (merged as a minimal text change).',
      params: [
        date,
        { name: 'changes', required: true, schema: { ...contentSchema, required: ['content'] } },
      ] as const,
      handler: ([d, c]) => save(d, c.content, 'update'),
    }),
    defineOperation({
      ...write,
      name: 'journal.deleteEntry',
      summary:
        'Delete a date’s journal entry: it moves to the Trash for 30 days (trash.restore brings it back).',
      params: [date],
      handler: ([d]) =>
        writeTx(services, [db.journal], async (changes) => {
          const id = journalId(d);
          const row = liveJournal(await db.journal.get(id));
          if (!row)
            throw new PlanningFailure({
              code: 'NOT_FOUND',
              message: `no journal entry for ${d}`,
              field: 'date',
            });
          await db.journal.put(trashedJournal(row, services.now(), services.deviceId));
          changes.push({ table: 'journal', op: 'put', ids: [id] });
          return { id, deleted: true, trashed: true };
        }),
    }),
  ];
}
