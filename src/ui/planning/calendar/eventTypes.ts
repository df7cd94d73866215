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

/** A note dated in the range by a visible date property (src/worker/planning/calendar/notesInRange.ts). */
export interface CalendarNote {
  id: string;
  title: string;
  path: string;
  property: string;
  /** YYYY-MM-DD: a floating day, shown on that date wherever the user is */
  date: string;
}

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
