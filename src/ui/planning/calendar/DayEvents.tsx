import { For, Show } from 'solid-js';
import type { TimeFormat } from '../../../worker/domain/calendar/clockLabel';
import type { CalendarEvent } from './eventTypes';
import { timeLabel } from './localTime';

/** A day's calendar events, for the journal's "That day" panel; each links to its week. */
export function DayEvents(props: {
  date: string;
  events: readonly CalendarEvent[] | undefined;
  /** the calendar's timeFormat setting */
  timeFormat: TimeFormat;
}) {
  return (
    <>
      <h3>Events</h3>
      <Show when={(props.events?.length ?? 0) > 0} fallback={<p class="empty">None.</p>}>
        <ul class="task-list" aria-label="Events that day">
          <For each={props.events}>
            {(e) => (
              <li class="task-row">
                <a href={`#/calendar/week/${props.date}`}>
                  {e.allDay ? 'All day' : timeLabel(e.startAt, props.timeFormat)} {e.title}
                </a>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </>
  );
}
