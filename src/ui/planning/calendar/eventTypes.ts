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

export interface EventRange {
  events: CalendarEvent[];
  truncated: boolean;
}
