import { createSignal, For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import type { CalendarEvent, EventRange } from '../calendar/eventTypes';
import { readOp } from '../shared/callOp';

const DAY_MS = 86_400_000;
/** The picker offers events from a month back to half a year ahead: the ones a project plans around. */
const BACK_DAYS = 31;
const AHEAD_DAYS = 183;
const SHOWN = 8;

interface Props {
  client: VaultClient;
  /** links the event; answers whether it was linked */
  onPick: (eventId: string) => Promise<boolean>;
}

/**
 * Finds a calendar event by title to link to a project. The events of the window are read once
 * (calendar.getRange, one index scan) when the user first types, then filtered here as they type.
 */
export function EventPicker(props: Props) {
  const [query, setQuery] = createSignal('');
  const [events, setEvents] = createSignal<CalendarEvent[] | null>(null);
  const [error, setError] = createSignal<string | null>(null);

  async function load() {
    const now = Date.now();
    const res = await readOp<EventRange>(props.client, 'calendar.getRange', {
      startAt: new Date(now - BACK_DAYS * DAY_MS).toISOString(),
      endAt: new Date(now + AHEAD_DAYS * DAY_MS).toISOString(),
    });
    setError(res.ok ? null : res.error.message);
    setEvents(res.ok ? res.value.events : []);
  }
  const hits = () => {
    const q = query().trim().toLowerCase();
    if (q === '') return [];
    return (events() ?? []).filter((e) => e.title.toLowerCase().includes(q)).slice(0, SHOWN);
  };

  return (
    <>
      <input
        type="search"
        aria-label="Find an event to link"
        placeholder="Link a calendar event…"
        value={query()}
        onInput={(e) => {
          setQuery(e.currentTarget.value);
          if (events() === null) void load();
        }}
      />
      <p class="error" role="alert" hidden={error() === null}>
        {error()}
      </p>
      <ul class="task-list" aria-label="Events to link">
        <For
          each={hits()}
          fallback={
            query().trim() !== '' && events() !== null ? <li class="empty">No event by that title.</li> : null
          }
        >
          {(ev) => (
            <li class="task-row">
              <button
                type="button"
                onClick={async () => {
                  if (await props.onPick(ev.id)) setQuery('');
                }}
              >
                Link {ev.title}
              </button>
              <span class="task-meta">
                {ev.allDay ? ev.startAt.slice(0, 10) : new Date(ev.startAt).toLocaleString()}
              </span>
            </li>
          )}
        </For>
      </ul>
    </>
  );
}
