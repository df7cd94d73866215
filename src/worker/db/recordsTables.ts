import type { EntityTable } from 'dexie';
import type { BookmarkRow } from '../domain/bookmarks/bookmark';
import type { EventRow } from '../domain/calendar/calendarEvent';
import type { HomePageRecord } from '../domain/homePages/homePage';
import type { ReminderRow } from '../domain/reminders/reminder';
import type { SavedFilterRecord } from '../domain/savedFilters/savedFilter';
import type { TemplateRow } from '../domain/templates/template';

/**
 * Calendar events, reminders, bookmarks, templates, saved filters and home pages: schema
 * version 6 (schema.ts). Each row is a flat JSON record with `id`, `clock`, `createdAt`,
 * `modifiedAt` (docs/planning.md lists the fields); deletes leave a tombstone in `tombstones`.
 * Derived index keys (never synced; recompute them from the record on an incoming row):
 * - calendarEvents `*days`: the UTC dates an event covers, so a range is one index scan;
 * - reminders `[state+remindAt]`: due, upcoming and pending lists in time order; `targetKey`;
 * - bookmarks `&itemKey` (`type:id`): an item is bookmarked once; `position` orders the list;
 * - templates `&nameKey`: names are unique, case-insensitively.
 */
export interface RecordsTables {
  calendarEvents: EntityTable<EventRow, 'id'>;
  reminders: EntityTable<ReminderRow, 'id'>;
  bookmarks: EntityTable<BookmarkRow, 'id'>;
  templates: EntityTable<TemplateRow, 'id'>;
  savedFilters: EntityTable<SavedFilterRecord, 'id'>;
  homePages: EntityTable<HomePageRecord, 'id'>;
}

export const RECORDS_TABLES: Record<string, string> = {
  calendarEvents: 'id, startAt, *days, noteId',
  reminders: 'id, [state+remindAt], targetKey',
  bookmarks: 'id, &itemKey, position, [itemType+position]',
  templates: 'id, &nameKey',
  savedFilters: 'id, position',
  homePages: 'id, position',
};
