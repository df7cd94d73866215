import { For, Show } from 'solid-js';
import { clockLabel, type TimeFormat } from '../../../worker/domain/calendar/clockLabel';
import type { TaskCard } from '../tasks/taskTypes';
import type { CalendarEvent, CalendarNote } from './eventTypes';
import { timeLabel } from './localTime';

interface Props {
  date: string;
  today: string;
  events: readonly CalendarEvent[];
  /** notes dated that day by a visible date property: chips that open the note */
  notes: readonly CalendarNote[];
  /** open tasks due that day; undefined when the calendar's showTasks setting is off */
  tasks: readonly TaskCard[] | undefined;
  /** the calendar's timeFormat setting */
  timeFormat: TimeFormat;
  onEdit: (e: CalendarEvent) => void;
  onDelete: (e: CalendarEvent) => void;
}

const dayTitle = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

/**
 * One day of the agenda: its events in order, each with Edit and Delete, then the notes dated
 * that day (a chip per note and property, opening the note), then its tasks due.
 */
export function DayAgenda(props: Props) {
  const when = (e: CalendarEvent) =>
    e.allDay
      ? 'All day'
      : `${timeLabel(e.startAt, props.timeFormat)}–${timeLabel(e.endAt, props.timeFormat)}`;
  const dueAt = (hhmm: string) =>
    clockLabel(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), props.timeFormat);
  return (
    <section
      class="day-agenda"
      aria-label={dayTitle(props.date)}
      data-today={props.date === props.today ? 'true' : undefined}
    >
      <h3>
        {dayTitle(props.date)}
        {props.date === props.today ? ' · today' : ''}
      </h3>
      <ul class="record-list">
        <For each={props.events} fallback={<li class="empty">No events.</li>}>
          {(e) => (
            <li style={e.color ? { 'border-left': `4px solid ${e.color}` } : undefined}>
              <div>
                <span class="record-meta">{when(e)}</span> <strong>{e.title}</strong>
                <Show when={e.location}>{(l) => <span class="record-meta"> · {l()}</span>}</Show>
              </div>
              <div class="record-actions">
                <button type="button" aria-label={`Edit ${e.title}`} onClick={() => props.onEdit(e)}>
                  Edit
                </button>
                <button type="button" aria-label={`Delete ${e.title}`} onClick={() => props.onDelete(e)}>
                  Delete
                </button>
              </div>
            </li>
          )}
        </For>
      </ul>
      <Show when={props.notes.length > 0}>
        <ul class="note-chips" aria-label={`Notes dated ${props.date}`}>
          <For each={props.notes}>
            {(n) => (
              <li>
                <a class="note-chip" href={`#/note/${encodeURIComponent(n.id)}`} title={n.path}>
                  {n.title}
                  <span class="record-meta"> · {n.property}</span>
                </a>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={(props.tasks?.length ?? 0) > 0}>
        <ul class="task-list" aria-label={`Tasks due ${props.date}`}>
          <For each={props.tasks}>
            {(t) => (
              <li class="task-row">
                <span class="record-meta">{t.dueTime ? dueAt(t.dueTime) : 'Task'}</span>{' '}
                <a href={`#/tasks/task/${encodeURIComponent(t.id)}`}>{t.title}</a>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
