import { type BookmarkRecord, toBookmarkRow } from '../domain/bookmarks/bookmark';
import { type EventRecord, toEventRow } from '../domain/calendar/calendarEvent';
import type { VectorClock } from '../domain/clock/vectorClock';
import { type ReminderRecord, toReminderRow } from '../domain/reminders/reminder';
import { type TemplateRecord, toTemplateRow } from '../domain/templates/template';

type Row = Record<string, unknown>;

const isText = (v: unknown): v is string => typeof v === 'string';

/** The fields every one of these records carries (docs/planning.md "Fields"). */
const hasMeta = (p: Row, key: string) => p.id === key && isText(p.createdAt) && isText(p.modifiedAt);

/**
 * Calendar events, reminders, bookmarks, templates, saved filters and home pages as local rows:
 * the fields the stores index must be present, and each derived index key is recomputed by the
 * domain's own `toXRow` (never taken from the wire). Answers undefined for other types, null for
 * a payload this build cannot read.
 */
export function planRecordRow(
  type: string,
  key: string,
  payload: Row,
  clock: VectorClock,
): Row | null | undefined {
  const p: Row = { ...payload, clock };
  switch (type) {
    case 'calendar_event':
      return hasMeta(p, key) && isText(p.title) && isText(p.startAt) && isText(p.endAt)
        ? { ...toEventRow(p as unknown as EventRecord) }
        : null;
    case 'reminder':
      return hasMeta(p, key) && isText(p.title) && isText(p.remindAt) && isText(p.state)
        ? { ...toReminderRow(p as unknown as ReminderRecord) }
        : null;
    case 'bookmark':
      return hasMeta(p, key) && isText(p.itemType) && isText(p.itemId) && typeof p.position === 'number'
        ? { ...toBookmarkRow(p as unknown as BookmarkRecord) }
        : null;
    case 'template':
      return hasMeta(p, key) && isText(p.name) && isText(p.content)
        ? { ...toTemplateRow(p as unknown as TemplateRecord) }
        : null;
    case 'saved_filter':
      return hasMeta(p, key) && isText(p.name) && typeof p.filter === 'object' && p.filter !== null
        ? p
        : null;
    case 'home_page':
      return hasMeta(p, key) && isText(p.name) && isText(p.targetType) ? p : null;
    default:
      return undefined;
  }
}

/** Unique derived keys of these tables: two devices may each make a row with the same one. */
export const UNIQUE_KEYS: Readonly<Record<string, { table: string; index: string }>> = {
  bookmark: { table: 'bookmarks', index: 'itemKey' },
  template: { table: 'templates', index: 'nameKey' },
};
