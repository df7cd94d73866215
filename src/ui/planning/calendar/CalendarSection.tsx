import { createSignal, For, Show } from 'solid-js';
import { weekdayLabels, weekStartOf } from '../../../worker/domain/calendar/weekStart';
import { monthGrid } from '../../../worker/domain/journal/calendarRanges';
import type { SectionProps } from '../../app/section';
import { isDate, localDate, shiftDate, shiftMonth } from '../journal/localDate';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import type { UpcomingReply } from '../tasks/taskTypes';
import { DayAgenda } from './DayAgenda';
import { type EventDraft, EventForm } from './EventForm';
import { byDate, notesByDate } from './eventDays';
import type { CalendarEvent, EventRange } from './eventTypes';
import { localMidnight } from './localTime';
import { NoteDatesControl } from './NoteDatesControl';
import '../planning.css';
import '../reminders/reminders.css';

/**
 * `#/calendar[/week|/month][/<date>]`: a week agenda or a month grid with the chosen day's agenda
 * under it; add, edit and delete events. It follows the calendar settings: weeks start on
 * weekStartsOn, times read in timeFormat, a new event lasts defaultEventMinutes, and with
 * showTasks the open tasks due each day are listed under its events. Notes dated by a visible
 * date property (calendar.getRange's `notes`) show as chips on their day; "Note dates" picks
 * which properties count.
 */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

export function CalendarSection(props: SectionProps) {
  const failure = createFailure();
  const prefs = () => props.settings.value('calendar');
  const today = localDate();
  const mode = () => (props.path()[0] === 'month' ? 'month' : 'week');
  const anchor = () => {
    const d = props.path()[1];
    return isDate(d) ? d : today;
  };
  const range = () => {
    if (mode() === 'week') {
      const from = weekStartOf(anchor(), prefs().weekStartsOn);
      return { from, to: shiftDate(from, 7) };
    }
    const month = anchor().slice(0, 7);
    return { from: `${month}-01`, to: `${shiftMonth(month, 1)}-01` };
  };
  // All-day events and dated notes are placed by UTC date: widen the query by a day each side,
  // filter by date. Notes' titles and dates, definitions and visibility change the answer too.
  const events = createLive(
    props.client,
    ['calendarEvents', 'notes', 'propertyDefinitions', 'calendarProperties'],
    range,
    (r) =>
      readOp<EventRange>(props.client, 'calendar.getRange', {
        startAt: localMidnight(shiftDate(r.from, -1)),
        endAt: localMidnight(shiftDate(r.to, 1)),
      }),
  );
  const days = () => byDate(events.data()?.events ?? []);
  const dated = () => notesByDate(events.data()?.notes ?? []);
  // Due tasks of the range: tasks.getUpcoming lists the days after `today`, so ask from the day before.
  const due = createLive(
    props.client,
    ['tasks', 'projects'],
    () => (prefs().showTasks ? range() : null),
    (r) =>
      r === null
        ? Promise.resolve({ ok: true as const, value: null })
        : readOp<UpcomingReply>(props.client, 'tasks.getUpcoming', {
            today: shiftDate(r.from, -1),
            days: daysBetween(r.from, r.to),
            limit: 2000,
          }),
  );
  const tasksOn = (date: string) => {
    const reply = due.data();
    if (!prefs().showTasks || !reply) return undefined;
    return reply.days.find((d) => d.date === date)?.tasks ?? [];
  };
  const [editing, setEditing] = createSignal<CalendarEvent | null>(null);
  const weekDates = () => Array.from({ length: 7 }, (_, i) => shiftDate(range().from, i));
  const go = (m: string, date: string) => props.go(m, date);
  const step = (n: number) =>
    mode() === 'week'
      ? go('week', shiftDate(anchor(), 7 * n))
      : go('month', `${shiftMonth(anchor().slice(0, 7), n)}-01`);

  async function save(draft: EventDraft) {
    const current = editing();
    const res = current
      ? await writeOp(props.client, 'calendar.updateEvent', current.id, draft)
      : await writeOp(props.client, 'calendar.createEvent', draft);
    if (failure.take(res) === null) return false;
    setEditing(null);
    return true;
  }
  async function remove(e: CalendarEvent) {
    if (confirm(`Delete “${e.title}”?`))
      failure.take(await writeOp(props.client, 'calendar.deleteEvent', e.id));
  }
  const agenda = (date: string) => (
    <DayAgenda
      date={date}
      today={today}
      events={days().get(date) ?? []}
      notes={dated().get(date) ?? []}
      tasks={tasksOn(date)}
      timeFormat={prefs().timeFormat}
      onEdit={setEditing}
      onDelete={remove}
    />
  );

  return (
    <div class="planning calendar-section">
      <nav class="plan-tabs" aria-label="Calendar views">
        <a href={`#/calendar/week/${anchor()}`} aria-current={mode() === 'week' ? 'page' : undefined}>
          Week
        </a>
        <a href={`#/calendar/month/${anchor()}`} aria-current={mode() === 'month' ? 'page' : undefined}>
          Month
        </a>
      </nav>
      <div class="plan-bar">
        <button type="button" aria-label={`Previous ${mode()}`} onClick={() => step(-1)}>
          ‹
        </button>
        <h2>{mode() === 'week' ? `Week of ${range().from}` : anchor().slice(0, 7)}</h2>
        <button type="button" aria-label={`Next ${mode()}`} onClick={() => step(1)}>
          ›
        </button>
        <button type="button" onClick={() => go(mode(), today)}>
          Today
        </button>
      </div>
      <EventForm
        date={anchor()}
        editing={editing()}
        defaultMinutes={prefs().defaultEventMinutes}
        onSave={save}
        onCancel={() => setEditing(null)}
      />
      <NoteDatesControl client={props.client} failure={failure} />
      <FailureBanner error={failure.error() ?? events.error() ?? due.error()} onDismiss={failure.clear} />
      <Show when={mode() === 'month'} fallback={<For each={weekDates()}>{(d) => agenda(d)}</For>}>
        <table class="month-grid">
          <thead>
            <tr>
              <For each={weekdayLabels(prefs().weekStartsOn)}>{(d) => <th scope="col">{d}</th>}</For>
            </tr>
          </thead>
          <tbody>
            <For each={monthGrid(anchor().slice(0, 7), prefs().weekStartsOn)}>
              {(week) => (
                <tr>
                  <For each={week}>
                    {(day) => (
                      <td>
                        <Show when={day}>
                          {(d) => {
                            const count = () => days().get(d())?.length ?? 0;
                            const noteCount = () => dated().get(d())?.length ?? 0;
                            const dueCount = () => tasksOn(d())?.length ?? 0;
                            return (
                              <button
                                type="button"
                                aria-label={`${d()}, ${count()} ${count() === 1 ? 'event' : 'events'}${
                                  noteCount() > 0
                                    ? `, ${noteCount()} ${noteCount() === 1 ? 'note' : 'notes'}`
                                    : ''
                                }${
                                  dueCount() > 0
                                    ? `, ${dueCount()} ${dueCount() === 1 ? 'task' : 'tasks'} due`
                                    : ''
                                }`}
                                aria-pressed={d() === anchor()}
                                data-today={d() === today ? 'true' : undefined}
                                onClick={() => go('month', d())}
                              >
                                {Number(d().slice(8))}
                                <Show when={count() > 0}>
                                  <span class="event-dot" aria-hidden="true">
                                    {count()}
                                  </span>
                                </Show>
                                <Show when={noteCount() > 0}>
                                  <span class="note-dot" aria-hidden="true">
                                    {noteCount()}
                                  </span>
                                </Show>
                              </button>
                            );
                          }}
                        </Show>
                      </td>
                    )}
                  </For>
                </tr>
              )}
            </For>
          </tbody>
        </table>
        {agenda(anchor())}
      </Show>
    </div>
  );
}
