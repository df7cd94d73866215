import ICAL from 'ical.js';
import type { EventRecord } from '../domain/calendar/calendarEvent';

/**
 * Calendar events as one iCalendar file (RFC 5545), written with ical.js one VEVENT at a time
 * (docs/backup.md "Events"). UID is the event id; all-day events are DATE values (DTEND the
 * exclusive next day, as RFC 5545 has it); timed ones UTC DATE-TIMEs. The colour and the note an
 * event belongs to have no standard property: `X-CAIRN-COLOR` and `X-CAIRN-NOTE` (a note id).
 */
export const ICS_HEAD =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Cairn//Backup//EN\r\nCALSCALE:GREGORIAN\r\n';
export const ICS_TAIL = 'END:VCALENDAR\r\n';

const timeOf = (iso: string, allDay: boolean) =>
  allDay ? ICAL.Time.fromDateString(iso.slice(0, 10)) : ICAL.Time.fromJSDate(new Date(iso), true);

export function veventText(e: EventRecord): string {
  const v = new ICAL.Component('vevent');
  v.updatePropertyWithValue('uid', e.id);
  v.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(e.modifiedAt), true));
  v.updatePropertyWithValue('created', ICAL.Time.fromJSDate(new Date(e.createdAt), true));
  v.updatePropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(e.modifiedAt), true));
  v.updatePropertyWithValue('summary', e.title);
  v.updatePropertyWithValue('dtstart', timeOf(e.startAt, e.allDay));
  v.updatePropertyWithValue('dtend', timeOf(e.endAt, e.allDay));
  if (e.description) v.updatePropertyWithValue('description', e.description);
  if (e.location) v.updatePropertyWithValue('location', e.location);
  if (e.color) v.updatePropertyWithValue('x-cairn-color', e.color);
  if (e.noteId) v.updatePropertyWithValue('x-cairn-note', e.noteId);
  return `${v.toString()}\r\n`;
}
