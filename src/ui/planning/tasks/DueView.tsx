import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { BulkBar } from './BulkBar';
import type { TaskActions } from './createTaskActions';
import { createTaskSelection } from './createTaskSelection';
import { TaskQuickAdd } from './TaskQuickAdd';
import { TaskRow } from './TaskRow';
import { type DueReply, TASK_TABLES, type UpcomingReply } from './taskTypes';

interface Props {
  client: VaultClient;
  view: 'today' | 'overdue' | 'upcoming';
  actions: TaskActions;
  onOpen: (id: string) => void;
}

const TITLES = { today: 'Today', overdue: 'Overdue', upcoming: 'Upcoming' } as const;
/** Rows drawn at first: a screenful and more, so a long day still renders at once. */
const FIRST_ROWS = 100;

/** Today and Overdue as one list, Upcoming grouped by day; new tasks from Today are due today. */
export function DueView(props: Props) {
  const [shown, setShown] = createSignal(FIRST_ROWS);
  const flat = createLive(
    props.client,
    TASK_TABLES,
    () => props.view,
    (view) => readOp<DueReply>(props.client, view === 'overdue' ? 'tasks.getOverdue' : 'tasks.getToday'),
  );
  // declared before the selection below, whose memo reads it at once when the view opens on Upcoming
  const upcoming = createLive(
    props.client,
    TASK_TABLES,
    () => props.view,
    (view) =>
      view === 'upcoming'
        ? readOp<UpcomingReply>(props.client, 'tasks.getUpcoming', { days: 14 })
        : Promise.resolve({ ok: true as const, value: { today: '', days: [] } }),
  );
  /** The upcoming days cut to the first `shown()` tasks, so a busy fortnight renders at once. */
  const upcomingDays = () => {
    let left = shown();
    const out = [];
    for (const day of upcoming.data()?.days ?? []) {
      if (left <= 0) break;
      out.push({ date: day.date, tasks: day.tasks.slice(0, left) });
      left -= day.tasks.length;
    }
    return out;
  };
  const selection = createTaskSelection(() =>
    props.view === 'upcoming'
      ? upcomingDays().flatMap((d) => d.tasks.map((t) => t.id))
      : (flat
          .data()
          ?.tasks.slice(0, shown())
          .map((t) => t.id) ?? []),
  );
  const upcomingTotal = () => upcoming.data()?.days.reduce((n, d) => n + d.tasks.length, 0) ?? 0;
  return (
    <section class="due-view" aria-labelledby="due-title">
      <h2 id="due-title">{TITLES[props.view]}</h2>
      <Show when={props.view === 'today'}>
        <TaskQuickAdd
          client={props.client}
          label="New task for today"
          defaults={() => ({ dueDate: flat.data()?.today })}
          onAdd={props.actions.create}
        />
      </Show>
      <BulkBar client={props.client} actions={props.actions} selection={selection} />
      <Show
        when={props.view === 'upcoming'}
        fallback={
          <Show
            when={(flat.data()?.tasks.length ?? 0) > 0}
            fallback={<p class="empty">Nothing {props.view === 'today' ? 'due today' : 'overdue'}.</p>}
          >
            <ul class="task-list" aria-label={`${TITLES[props.view]} tasks`}>
              <For each={flat.data()?.tasks.slice(0, shown())}>
                {(t) => (
                  <TaskRow
                    task={t}
                    onToggle={props.actions.toggle}
                    onOpen={props.onOpen}
                    showDue={props.view === 'overdue'}
                    selection={selection}
                  />
                )}
              </For>
            </ul>
            <Show when={(flat.data()?.tasks.length ?? 0) > shown()}>
              <button type="button" onClick={() => setShown((n) => n + 400)}>
                Show {(flat.data()?.tasks.length ?? 0) - shown()} more
              </button>
            </Show>
          </Show>
        }
      >
        <Show
          when={(upcoming.data()?.days.length ?? 0) > 0}
          fallback={<p class="empty">Nothing due in the next two weeks.</p>}
        >
          <For each={upcomingDays()}>
            {(day) => (
              <section class="due-day" aria-label={day.date}>
                <h3>{day.date}</h3>
                <ul class="task-list">
                  <For each={day.tasks}>
                    {(t) => (
                      <TaskRow
                        task={t}
                        onToggle={props.actions.toggle}
                        onOpen={props.onOpen}
                        selection={selection}
                      />
                    )}
                  </For>
                </ul>
              </section>
            )}
          </For>
          <Show when={upcomingTotal() > shown()}>
            <button type="button" onClick={() => setShown((n) => n + 400)}>
              Show {upcomingTotal() - shown()} more
            </button>
          </Show>
        </Show>
      </Show>
    </section>
  );
}
