import type { VectorClock } from '../clock/vectorClock';
import { parseIsoDate } from '../tasks/repeat/calendarDate';

/** Journal bodies are notes-sized: the same cap as a note's markdown. */
export const JOURNAL_MAX_CHARS = 1_000_000;

/**
 * One journal entry a calendar date; its id is `j` + the date, so two devices that write the
 * same day produce the same record (they merge, never duplicate). The markdown is kept in this
 * row (see docs/planning.md: bodies move to the per-vault CRDT store when it is wired for them).
 */
export interface JournalRow {
  id: string;
  date: string;
  markdown: string;
  /** `#tags` written in the body, lower-cased, without `#` */
  tags: string[];
  wordCount: number;
  createdAt: string;
  modifiedAt: string;
  clock: VectorClock;
  /** when the entry went to the Trash (epoch ms, docs/trash.md); null or absent: live */
  trashedAt?: number | null;
}

export const journalId = (date: string) => `j${date}`;

/** A real calendar date (not only the shape): `2026-02-30` is refused. */
export function isCalendarDate(date: string): boolean {
  return parseIsoDate(date) !== null;
}

const journalHref = (date: string) => `svc://journal/${date}`;

export function journalSourceRef(date: string) {
  return { kind: 'journal' as const, id: journalId(date), title: date, href: journalHref(date) };
}

/** The full entry of spec 2.5. */
export function toFullEntry(row: JournalRow) {
  const ref = journalSourceRef(row.date);
  return {
    id: row.id,
    date: row.date,
    content_markdown: row.markdown,
    tags: row.tags,
    wordCount: row.wordCount,
    createdAt: row.createdAt,
    modifiedAt: row.modifiedAt,
    href: ref.href,
    source_ref: ref,
    sources: [ref],
  };
}

/** The list entry of spec 2.5 (title: the date), with its size for the month view. */
export function toListEntry(row: Pick<JournalRow, 'id' | 'date' | 'wordCount'>) {
  return { id: row.id, date: row.date, title: row.date, wordCount: row.wordCount };
}
