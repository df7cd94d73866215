import type { OpError } from '../../ops/result';
import { ok } from '../../ops/result';
import { getJournalEntry, listJournalEntries } from '../catalog/readJournalInboxTools';
import { defineTool, jsonOutput } from '../defineTool';
import { cited, journalRef } from '../reply/links';
import { monthCount, monthsBetween } from './monthsBetween';

/** A range is read month by month (one index range each); a century is the most one call reads. */
export const MAX_JOURNAL_MONTHS = 1200;

/**
 * Spec 4.1 vault_get_journal_entry: the full entry of spec 2.5 (`id`, `date`, `content_markdown`),
 * or null. Its citation fields are set here as spec 2.1 states them for a journal entry (id the
 * date, title `Journal <date>`). journal.getEntry's other fields (tags, word count, timestamps)
 * stay in the desktop API, so the reply is exactly spec 2.5's.
 */
export const getJournalEntryTool = defineTool({
  spec: getJournalEntry,
  operations: ['journal.getEntry'],
  handler: async ({ date }, { registry, caller }) => {
    const entry = await registry.read('journal.getEntry', [date], { caller });
    if (!entry.ok) return entry;
    if (entry.value === null) return ok(jsonOutput(null));
    const { id, content_markdown } = entry.value as { id: string; content_markdown: string };
    return ok(jsonOutput(cited({ id, date, content_markdown }, journalRef(date))));
  },
});

function refineRange({ from, to }: { from: string; to: string }): OpError | null {
  if (from > to)
    return { code: 'VALIDATION', message: 'to is before from', field: 'to', expected: `a date >= ${from}` };
  if (monthCount(from, to) > MAX_JOURNAL_MONTHS) {
    return {
      code: 'VALIDATION',
      message: 'the range is longer than 100 years',
      field: 'to',
      expected: 'within 100 years of from',
    };
  }
  return null;
}

/** Spec 4.1 vault_list_journal_entries: list entries `{id, date, title}` from `from` to `to`, inclusive, by date. */
export const listJournalEntriesTool = defineTool({
  spec: listJournalEntries,
  operations: ['journal.getMonthEntries'],
  refine: refineRange,
  handler: async ({ from, to }, { registry, caller }) => {
    const entries: { id: string; date: string; title: string }[] = [];
    for (const month of monthsBetween(from, to)) {
      const page = await registry.read('journal.getMonthEntries', [month], { caller });
      if (!page.ok) return page;
      for (const e of (page.value as { entries: { id: string; date: string; title: string }[] }).entries) {
        if (e.date >= from && e.date <= to) entries.push({ id: e.id, date: e.date, title: e.title });
      }
    }
    return ok(jsonOutput(entries.sort((a, b) => a.date.localeCompare(b.date))));
  },
});
