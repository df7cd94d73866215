import { For, Show } from 'solid-js';
import type { CalendarEvent } from './eventTypes';
import { localClock } from './localTime';

interface Props {
  date: string;
  today: string;
  events: readonly CalendarEvent[];
  onEdit: (e: CalendarEvent) => void;
  onDelete: (e: CalendarEvent) => void;
}

const dayTitle = (date: string) =>
  new Date(`${date}T12:00:00`).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

/** One day of the agenda: its events in order, each with Edit and Delete. */
export function DayAgenda(props: Props) {
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
                <span class="record-meta">
                  {e.allDay ? 'All day' : `${localClock(e.startAt)}–${localClock(e.endAt)}`}
                </span>{' '}
                <strong>{e.title}</strong>
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
    </section>
  );
}
