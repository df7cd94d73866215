import { For, Show } from 'solid-js';
import type { CalendarEvent } from './eventTypes';
import { localClock } from './localTime';

/** A day's calendar events, for the journal's "That day" panel; each links to its week. */
export function DayEvents(props: { date: string; events: readonly CalendarEvent[] | undefined }) {
  return (
    <>
      <h3>Events</h3>
      <Show when={(props.events?.length ?? 0) > 0} fallback={<p class="empty">None.</p>}>
        <ul class="task-list" aria-label="Events that day">
          <For each={props.events}>
            {(e) => (
              <li class="task-row">
                <a href={`#/calendar/week/${props.date}`}>
                  {e.allDay ? 'All day' : localClock(e.startAt)} {e.title}
                </a>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </>
  );
}
