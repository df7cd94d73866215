import type { CalendarNote } from '../../../worker/planning/calendar/notesInRange';

/** A calendar event as `calendar.*` answer it (src/worker/domain/calendar/calendarEvent.ts). */
export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  startAt: string;
  endAt: string;
  allDay: boolean;
  color: string | null;
  noteId: string | null;
}

/** A note dated in the range by a visible date property: the worker's one declaration. */
export type { CalendarNote };

export interface EventRange {
  events: CalendarEvent[];
  truncated: boolean;
  notes: CalendarNote[];
  notesTruncated: boolean;
}

/** A date property the calendar can show notes by (notes.getCalendarPropertyNames). */
export interface CalendarDateProperty {
  name: string;
  type: 'date';
  defined: boolean;
  visible: boolean;
}
