import { createEffect, createSignal, on, Show } from 'solid-js';
import { addMinutesToClock } from '../../../worker/domain/calendar/clockLabel';
import type { CalendarEvent } from './eventTypes';
import { localClock, localDateOf } from './localTime';

export interface EventDraft {
  title: string;
  startAt: string;
  endAt: string;
  allDay: boolean;
  location: string | null;
}

interface Props {
  /** the date a new event starts on */
  date: string;
  /** an event being edited, or null for a new one */
  editing: CalendarEvent | null;
  /** the calendar's defaultEventMinutes: a new event ends that long after its start */
  defaultMinutes: number;
  onSave: (draft: EventDraft) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * Add or edit an event: title, date, start and end times (local) or all day, place. A new
 * event's end follows its start by the default length until the user sets the end.
 */
export function EventForm(props: Props) {
  const [title, setTitle] = createSignal('');
  const [date, setDate] = createSignal(props.date);
  const [start, setStart] = createSignal('09:00');
  const [end, setEnd] = createSignal('10:00');
  const [allDay, setAllDay] = createSignal(false);
  const [location, setLocation] = createSignal('');
  const [problem, setProblem] = createSignal<string | null>(null);
  const [endSet, setEndSet] = createSignal(false);
  createEffect(
    on([start, () => props.defaultMinutes, () => props.editing, endSet], ([s, minutes, editing, set]) => {
      if (editing || set) return;
      const follows = addMinutesToClock(s, minutes);
      if (follows !== null) setEnd(follows);
    }),
  );
  createEffect(() => {
    const e = props.editing;
    if (!e) return setDate(props.date);
    setTitle(e.title);
    setAllDay(e.allDay);
    setDate(e.allDay ? e.startAt.slice(0, 10) : localDateOf(e.startAt));
    setStart(e.allDay ? '09:00' : localClock(e.startAt));
    setEnd(e.allDay ? '10:00' : localClock(e.endAt));
    setLocation(e.location ?? '');
  });
  async function submit(ev: SubmitEvent) {
    ev.preventDefault();
    if (title().trim() === '') return setProblem('Give the event a title.');
    let startAt: string;
    let endAt: string;
    if (allDay()) {
      startAt = `${date()}T00:00:00Z`;
      endAt = new Date(Date.parse(startAt) + 86_400_000).toISOString();
    } else {
      startAt = new Date(`${date()}T${start()}:00`).toISOString();
      const endLocal = new Date(`${date()}T${end()}:00`);
      // An end at or before the start means the next day (a late-night event).
      if (endLocal.getTime() <= Date.parse(startAt)) endLocal.setDate(endLocal.getDate() + 1);
      endAt = endLocal.toISOString();
    }
    setProblem(null);
    const ok = await props.onSave({
      title: title().trim(),
      startAt,
      endAt,
      allDay: allDay(),
      location: location().trim() || null,
    });
    if (ok) {
      setTitle('');
      setLocation('');
      setEndSet(false);
    }
  }
  return (
    <form class="record-form" onSubmit={submit} aria-label={props.editing ? 'Edit event' : 'New event'}>
      <label>
        Event
        <input value={title()} onInput={(e) => setTitle(e.currentTarget.value)} maxLength={500} />
      </label>
      <label>
        Date
        <input type="date" required value={date()} onInput={(e) => setDate(e.currentTarget.value)} />
      </label>
      <label class="inline">
        <input type="checkbox" checked={allDay()} onChange={(e) => setAllDay(e.currentTarget.checked)} />
        All day
      </label>
      <Show when={!allDay()}>
        <label>
          Starts
          <input type="time" required value={start()} onInput={(e) => setStart(e.currentTarget.value)} />
        </label>
        <label>
          Ends
          <input
            type="time"
            required
            value={end()}
            onInput={(e) => {
              setEnd(e.currentTarget.value);
              setEndSet(true);
            }}
          />
        </label>
      </Show>
      <label>
        Place
        <input value={location()} onInput={(e) => setLocation(e.currentTarget.value)} maxLength={500} />
      </label>
      <button type="submit" class="primary">
        {props.editing ? 'Save event' : 'Add event'}
      </button>
      <Show when={props.editing}>
        <button type="button" onClick={() => props.onCancel()}>
          Cancel
        </button>
      </Show>
      <p class="plan-failure" role="alert" hidden={problem() === null}>
        {problem()}
      </p>
    </form>
  );
}
