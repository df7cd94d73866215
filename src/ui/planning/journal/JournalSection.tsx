import { createEffect, createSignal, For, on, Show, untrack } from 'solid-js';
import { journalEntryStart } from '../../../worker/domain/journal/entryTemplate';
import type { SectionProps } from '../../app/section';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import type { TaskCard } from '../tasks/taskTypes';
import { JournalTags } from './JournalTags';
import { isDate, localDate, shiftDate } from './localDate';
import { MonthCalendar } from './MonthCalendar';
import { YearView } from './YearView';
import '../planning.css';
import './journal.css';
import { DayEvents } from '../calendar/DayEvents';
import type { CalendarEvent } from '../calendar/eventTypes';

interface Entry {
  date: string;
  content_markdown: string;
}

/** `#/journal/year/<YYYY>`: the year view; otherwise the day view. */
export function JournalSection(props: SectionProps) {
  const year = () =>
    props.path()[0] === 'year' && /^\d{4}$/.test(props.path()[1] ?? '') ? Number(props.path()[1]) : null;
  return (
    <Show when={year()} fallback={<JournalDay {...props} />}>
      {(y) => (
        <div class="planning journal-section">
          <YearView
            client={props.client}
            year={y()}
            weekStartsOn={props.settings.value('journal').weekStartsOn}
            go={props.go}
          />
        </div>
      )}
    </Show>
  );
}

/** `#/journal/<date>` (default today): the day's entry, its month, the streak and the day's context. */
function JournalDay(props: SectionProps) {
  const today = localDate();
  const date = () => (isDate(props.path()[0]) ? props.path()[0]! : today);
  const failure = createFailure();
  const entry = createLive(props.client, ['journal'], date, (d) =>
    readOp<Entry | null>(props.client, 'journal.getEntry', d),
  );
  // A day whose entry is in the Trash keeps its date (docs/trash.md): say so, with Restore.
  const inTrash = createLive(props.client, ['journal'], date, async (d) => {
    const res = await readOp<{ kind: string; id: string }[]>(props.client, 'trash.list');
    return res.ok
      ? { ok: true as const, value: res.value.some((e) => e.kind === 'journal' && e.id === d) }
      : res;
  });
  const streak = createLive(
    props.client,
    ['journal'],
    () => today,
    (t) => readOp<{ current: number; longest: number }>(props.client, 'journal.getStreak', { today: t }),
  );
  const context = createLive(props.client, ['tasks', 'notes', 'journal', 'calendarEvents'], date, (d) =>
    readOp<{ tasksDue: TaskCard[]; events: CalendarEvent[]; notesTouched: { id: string; title: string }[] }>(
      props.client,
      'journal.getDayContext',
      d,
    ),
  );
  const journal = () => props.settings.value('journal');
  const [text, setText] = createSignal('');
  const [state, setState] = createSignal<'saved' | 'editing' | 'saving'>('saved');
  // A day without an entry shows the entry template, filled in for that day: the entry is written
  // (from what the box holds) only once the user edits it.
  const startText = (d: string) =>
    journalEntryStart(
      journal().entryTemplate,
      d,
      Date.now(),
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  // Another day drops unsaved state first, so the effect below fills the box for the new day.
  createEffect(on(date, () => setState('saved'), { defer: true }));
  // The stored text replaces the box only while the user has nothing unsaved in it.
  createEffect(
    on([entry.data, date, () => journal().entryTemplate], ([e, d]) => {
      if (untrack(state) === 'saved') setText(e ? e.content_markdown : startText(d));
    }),
  );

  async function save() {
    if (state() !== 'editing') return;
    setState('saving');
    const content = text();
    const res = entry.data()
      ? await writeOp(props.client, 'journal.updateEntry', date(), { content })
      : await writeOp(props.client, 'journal.createEntry', { date: date(), content });
    setState(failure.take(res) === null ? 'editing' : text() === content ? 'saved' : 'editing');
  }
  /** To the Trash with Undo, no question asked (docs/trash.md). */
  async function remove() {
    const d = date();
    const res = await writeOp(props.client, 'journal.deleteEntry', d);
    if (failure.take(res) === null) return;
    setState('saved');
    props.trash?.show({ what: `the journal entry of ${d}`, undo: () => restore(d) });
  }
  async function restore(d: string) {
    if (failure.take(await writeOp(props.client, 'trash.restore', 'journal', d)) === null) return;
    setState('saved');
    props.go(d);
  }

  return (
    <div class="planning journal-section">
      <div class="plan-bar">
        <button type="button" aria-label="Previous day" onClick={() => props.go(shiftDate(date(), -1))}>
          ←
        </button>
        <h2>{date() === today ? `Today, ${date()}` : date()}</h2>
        <button type="button" aria-label="Next day" onClick={() => props.go(shiftDate(date(), 1))}>
          →
        </button>
        <Show when={date() !== today}>
          <button type="button" onClick={() => props.go(today)}>
            Today
          </button>
        </Show>
        <a href={`#/journal/year/${date().slice(0, 4)}`}>Year {date().slice(0, 4)}</a>
      </div>
      <FailureBanner error={failure.error() ?? entry.error()} onDismiss={failure.clear} />
      <div class="journal-layout">
        <section class="journal-entry" aria-label="Entry">
          <Show when={!entry.data() && inTrash.data()}>
            <p class="journal-trashed" role="status">
              This day’s entry is in the Trash.{' '}
              <button type="button" onClick={() => void restore(date())}>
                Restore entry
              </button>
            </p>
          </Show>
          <textarea
            aria-label="Journal entry"
            placeholder="How was the day?"
            value={text()}
            onInput={(e) => {
              setText(e.currentTarget.value);
              setState('editing');
            }}
            onBlur={() => void save()}
            onKeyDown={(e) => {
              if (e.key === 's' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void save();
              }
            }}
          />
          <div class="form-actions">
            <button type="button" class="primary" onClick={save}>
              Save entry
            </button>
            <Show when={entry.data()}>
              <button type="button" class="danger" onClick={() => void remove()}>
                Delete entry
              </button>
            </Show>
            <span role="status" aria-live="polite">
              {state() === 'saved'
                ? entry.data()
                  ? 'Saved'
                  : 'No entry yet'
                : state() === 'saving'
                  ? 'Saving…'
                  : 'Unsaved'}
            </span>
          </div>
        </section>
        <aside class="journal-side">
          <MonthCalendar
            client={props.client}
            selected={date()}
            today={today}
            weekStartsOn={journal().weekStartsOn}
            onPick={(d) => props.go(d)}
          />
          <p class="streak">
            Streak: {streak.data()?.current ?? 0} {streak.data()?.current === 1 ? 'day' : 'days'} · longest{' '}
            {streak.data()?.longest ?? 0}
          </p>
          <Show when={journal().showDayContext}>
            <section aria-label="That day">
              <h3>Tasks due</h3>
              <Show when={(context.data()?.tasksDue.length ?? 0) > 0} fallback={<p class="empty">None.</p>}>
                <ul class="task-list">
                  <For each={context.data()?.tasksDue}>
                    {(t) => (
                      <li class="task-row" data-done={t.completedAt ? 'true' : undefined}>
                        <a href={`#/tasks/task/${encodeURIComponent(t.id)}`}>{t.title}</a>
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
              <DayEvents
                date={date()}
                events={context.data()?.events}
                timeFormat={props.settings.value('calendar').timeFormat}
              />
              <h3>Notes edited</h3>
              <Show
                when={(context.data()?.notesTouched.length ?? 0) > 0}
                fallback={<p class="empty">None.</p>}
              >
                <ul class="task-list">
                  <For each={context.data()?.notesTouched}>
                    {(n) => (
                      <li class="task-row">
                        <a href={`#/note/${encodeURIComponent(n.id)}`}>{n.title}</a>
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
            </section>
          </Show>
          <JournalTags client={props.client} />
        </aside>
      </div>
    </div>
  );
}
