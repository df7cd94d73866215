import { monthRange } from '../../domain/journal/calendarRanges';
import { type JournalRow, journalId, toFullEntry, toListEntry } from '../../domain/journal/journalEntry';
import { computeStreak } from '../../domain/journal/streak';
import { ISO_DATE_PATTERN } from '../../domain/tasks/schemas';
import { TaskState } from '../../domain/tasks/views/queryPort';
import { isTrashedJournal, liveJournal } from '../../domain/trash/journalTrash';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { fail, ok } from '../../ops/result';
import type { VaultServices } from '../../vault/services';
import { eventsOnDate } from '../calendar/eventsOnDate';
import { fromTaskRow } from '../tasks/taskRows';
import type { TaskStore } from '../tasks/taskStore';
import { cardsOf } from '../tasks/taskViews';

const dateSchema = { type: 'string', pattern: ISO_DATE_PATTERN, examples: ['2026-11-21'] } as const;
const yearSchema = { type: 'integer', minimum: 1, maximum: 9999 } as const;
const DAY_MS = 86_400_000;

/**
 * The read side of `journal.*`: every read is one index range (date, tags) of the journal table.
 * An entry in the Trash is absent from every read (docs/trash.md).
 */
export function journalReadOperations(services: VaultServices, tasks: TaskStore): Operation[] {
  const { db } = services;
  const live = (r: JournalRow) => !isTrashedJournal(r);
  const yearRange = (year: number) => {
    const y = String(year).padStart(4, '0');
    return db.journal.where('date').between(`${y}-01-01`, `${y}-12-31`, true, true).filter(live);
  };
  const read = { kind: 'read' } as const;
  return [
    defineOperation({
      ...read,
      name: 'journal.getEntry',
      summary: 'The entry of a date (spec 2.5), or null when that day has none.',
      params: [{ name: 'date', required: true, schema: dateSchema }] as const,
      handler: async ([d]) => {
        const row = liveJournal(await db.journal.get(journalId(d)));
        return ok(row ? toFullEntry(row) : null);
      },
    }),
    defineOperation({
      ...read,
      name: 'journal.getMonthEntries',
      summary: 'The entries of a month (`YYYY-MM`), by date.',
      params: [
        {
          name: 'month',
          required: true,
          schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$', examples: ['2026-11'] },
        },
      ] as const,
      handler: async ([month]) => {
        const range = monthRange(month);
        if (range === null)
          return fail('VALIDATION', `${month} is not a month`, { field: 'month', expected: 'YYYY-MM' });
        const rows = await db.journal
          .where('date')
          .between(range.from, range.to, true, true)
          .filter(live)
          .toArray();
        return ok({ month, entries: rows.map(toListEntry) });
      },
    }),
    defineOperation({
      ...read,
      name: 'journal.getHeatmap',
      summary: 'Words written per day of a year: {date: wordCount} for days with an entry.',
      params: [{ name: 'year', required: true, schema: yearSchema }] as const,
      handler: async ([year]) => {
        const days: Record<string, number> = {};
        await yearRange(year).each((r) => {
          days[r.date] = r.wordCount;
        });
        return ok({ year, days });
      },
    }),
    defineOperation({
      ...read,
      name: 'journal.getYearStats',
      summary: 'A year in numbers: entries, words, longest streak, busiest month.',
      params: [{ name: 'year', required: true, schema: yearSchema }] as const,
      handler: async ([year]) => {
        const rows = await yearRange(year).toArray();
        const perMonth = new Map<string, number>();
        for (const r of rows) perMonth.set(r.date.slice(0, 7), (perMonth.get(r.date.slice(0, 7)) ?? 0) + 1);
        const busiest = [...perMonth].sort((a, b) => b[1] - a[1])[0];
        return ok({
          year,
          entries: rows.length,
          words: rows.reduce((n, r) => n + r.wordCount, 0),
          longestStreak: computeStreak(
            rows.map((r) => r.date),
            `${year}-12-31`,
          ).longest,
          busiestMonth: busiest ? { month: busiest[0], entries: busiest[1] } : null,
        });
      },
    }),
    defineOperation({
      ...read,
      name: 'journal.getStreak',
      summary: 'Current and longest streak of consecutive days with an entry.',
      params: [
        {
          name: 'options',
          required: false,
          schema: { type: 'object', properties: { today: dateSchema }, additionalProperties: false },
        },
      ] as const,
      handler: async ([o]) => {
        const dates = (await db.journal.orderBy('date').filter(live).keys()) as string[];
        return ok(computeStreak(dates, o?.today ?? tasks.today()));
      },
    }),
    defineOperation({
      ...read,
      name: 'journal.getAllTags',
      summary: 'Tags written in journal entries, with how many entries carry each.',
      params: [],
      handler: async () => {
        const names = (await db.journal.orderBy('tags').uniqueKeys()) as string[];
        const tags = [];
        for (const name of names) {
          const count = await db.journal.where('tags').equals(name).filter(live).count();
          // a tag written only in trashed entries is not listed
          if (count > 0) tags.push({ name, count });
        }
        return ok({ tags });
      },
    }),
    defineOperation({
      ...read,
      name: 'journal.getDayContext',
      summary:
        'What surrounds a day: tasks due that day (open and completed), its calendar events and notes edited that day.',
      params: [{ name: 'date', required: true, schema: dateSchema }] as const,
      handler: async ([d]) => {
        const due = await tasks.view(() =>
          db.tasks
            .where('[state+dueDate]')
            .anyOf([TaskState.open, d], [TaskState.completed, d])
            .limit(200)
            .toArray(),
        );
        // Local midnight to midnight: the day the user means, in the vault's time zone offset now.
        const start = Date.parse(`${d}T00:00:00`);
        const notes = await db.notes
          .where('modified')
          .between(start, start + DAY_MS, true, false)
          .limit(100)
          .toArray();
        return ok({
          date: d,
          tasksDue: await cardsOf(db, tasks.query, due.map(fromTaskRow)),
          events: await eventsOnDate(db, d),
          notesTouched: notes.map((n) => ({ id: n.id, title: n.title, folderPath: n.folderPath })),
        });
      },
    }),
  ];
}
