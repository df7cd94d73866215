import type { Operation } from '../ops/defineOperation';
import { createSettingsStore, type SettingsStore } from '../settings/settingsStore';
import type { VaultServices } from '../vault/services';
import { bookmarkOperations } from './bookmarks/bookmarkOperations';
import { calendarOperations } from './calendar/calendarOperations';
import { homePageOperations } from './homePages/homePageOperations';
import { reminderOperations } from './reminders/reminderOperations';
import { applySavedFilterOperation } from './savedFilters/applySavedFilter';
import { savedFilterOperations } from './savedFilters/savedFilterOperations';
import { applyTemplateOperation, type TemplateNotes } from './templates/applyTemplateOperation';
import { templateOperations } from './templates/templateOperations';

/** The user's IANA time zone: what {{date}} and a saved filter's "today" mean. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Calendar events, reminders, bookmarks, templates (with notes.applyTemplate), saved filters and
 * home pages: records of schema version 6 (docs/planning.md, "Records").
 */
export function recordsOperations(
  services: VaultServices,
  notes: TemplateNotes,
  timeZone = localTimeZone(),
  settings: Pick<SettingsStore, 'getGroup'> = createSettingsStore(services),
): Operation[] {
  return [
    ...calendarOperations(services, settings),
    ...reminderOperations(services),
    ...bookmarkOperations(services),
    ...templateOperations(services),
    applyTemplateOperation(services, notes, timeZone),
    ...savedFilterOperations(services),
    applySavedFilterOperation(services, timeZone),
    ...homePageOperations(services),
  ];
}
