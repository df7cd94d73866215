import { renderTemplate } from '../templates/renderTemplate';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The text a new journal entry of `date` starts with: the journal's `entryTemplate` setting with
 * its variables filled in as templates.applyTemplate fills them (renderTemplate), except that
 * the date variables (date, year, month, day, weekday, datetime) and title name the ENTRY's day,
 * not today: writing yesterday's entry this morning still says yesterday. time is the moment of
 * writing. An empty template gives an empty entry. Pure.
 */
export function journalEntryStart(template: string, date: string, now: number, timeZone: string): string {
  if (template === '') return '';
  const [year, month, day] = date.split('-') as [string, string, string];
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as string;
  const at = renderTemplate('{{time}}', { now, timeZone, title: date });
  return renderTemplate(template, {
    now,
    timeZone,
    title: date,
    variables: { date, year, month, day, weekday, datetime: `${date} ${at}` },
  });
}
