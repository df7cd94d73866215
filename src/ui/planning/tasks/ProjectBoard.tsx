import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { BoardCard } from './BoardCard';
import { BulkBar } from './BulkBar';
import { createBoardDrag } from './createBoardDrag';
import type { TaskActions } from './createTaskActions';
import { createTaskSelection } from './createTaskSelection';
import { movedIds } from './movedIds';
import { ProjectLinks } from './ProjectLinks';
import { TaskQuickAdd } from './TaskQuickAdd';
import { TaskRow } from './TaskRow';
import { type BoardReply, TASK_TABLES, type TaskCard } from './taskTypes';

/** The board also re-reads when the settings change: `task.showCompleted` shapes it. */
const BOARD_TABLES = [...TASK_TABLES, 'settings'];
const completedHidden = (n: number) => `${n} completed ${n === 1 ? 'task' : 'tasks'} hidden`;

interface Props {
  client: VaultClient;
  projectId: string;
  mode: 'board' | 'list';
  actions: TaskActions;
  onOpen: (id: string) => void;
  onMode: (mode: 'board' | 'list') => void;
}

/**
 * A project as a board (statuses as columns) or as one list in the project's own order (each
 * row moves up or down: `tasks.reorder`); both from the same board read.
 * Completed tasks show as the task setting `showCompleted` says (the worker applies it; a change
 * in Settings re-reads) until "Show completed" is toggled here, for this visit only. While they
 * are hidden each column says how many it left out, so a card dropped on a done column is
 * visibly counted there rather than gone (docs/tasks.md).
 */
export function ProjectBoard(props: Props) {
  // A column shows its first 50 cards (a screenful and more); "Show more" loads further.
  const [perColumn, setPerColumn] = createSignal(50);
  // undefined: the setting decides; a boolean: this visit's own choice.
  const [showDone, setShowDone] = createSignal<boolean | undefined>(undefined);
  const board = createLive(
    props.client,
    BOARD_TABLES,
    () => ({ id: props.projectId, limit: perColumn(), done: showDone() }),
    (k) =>
      readOp<BoardReply>(props.client, 'tasks.getBoard', k.id, {
        limitPerColumn: k.limit,
        ...(k.done === undefined ? {} : { includeCompleted: k.done }),
      }),
  );
  const showing = () => board.data()?.includeCompleted ?? showDone() ?? false;
  const hidden = () => board.data()?.columns.reduce((n, c) => n + c.hiddenCompleted, 0) ?? 0;
  const listed = () =>
    board
      .data()
      ?.columns.flatMap((c) => c.tasks)
      .sort((a, b) => a.position - b.position) ?? [];
  // Board and list show the same tasks, so one selection serves both layouts.
  const selection = createTaskSelection(() => listed().map((t) => t.id));
  const statuses = () => board.data()?.columns.map((c) => c.status) ?? [];
  const move = (task: TaskCard, statusId: string) => {
    if (statusId !== task.statusId) void props.actions.update(task.id, { statusId });
  };
  /** The list's own order (`tasks.reorder`): the task at `index` swapped with its neighbour. */
  const reorder = (index: number, by: -1 | 1) => {
    const ids = movedIds(
      listed().map((t) => t.id),
      index,
      by,
    );
    if (ids !== null) void props.actions.run('tasks.reorder', ids);
  };
  const drag = createBoardDrag((taskId, statusId) => {
    const task = board
      .data()
      ?.columns.flatMap((c) => c.tasks)
      .find((t) => t.id === taskId);
    if (task) move(task, statusId);
  });

  return (
    <section class="project-board" aria-labelledby="project-title">
      <div class="plan-bar">
        <a href="#/tasks/projects" class="back-link">
          ← Projects
        </a>
        <h2 id="project-title">{board.data()?.project.name ?? ''}</h2>
        <fieldset class="layout-toggle" aria-label="Layout">
          <button type="button" aria-pressed={props.mode === 'board'} onClick={() => props.onMode('board')}>
            Board
          </button>
          <button type="button" aria-pressed={props.mode === 'list'} onClick={() => props.onMode('list')}>
            List
          </button>
        </fieldset>
        <button type="button" aria-pressed={showing()} onClick={() => setShowDone(!showing())}>
          Show completed
        </button>
      </div>
      <TaskQuickAdd
        client={props.client}
        label="New task in this project"
        defaults={() => ({ projectId: props.projectId })}
        onAdd={props.actions.create}
      />
      <ProjectLinks client={props.client} projectId={props.projectId} />
      <BulkBar
        client={props.client}
        actions={props.actions}
        selection={selection}
        excludeProjectId={props.projectId}
      />
      <Show when={board.error()}>
        {(e) => (
          <p class="plan-failure" role="alert">
            {e().message}
          </p>
        )}
      </Show>
      <Show
        when={props.mode === 'board'}
        fallback={
          <>
            <ul class="task-list" aria-label="Tasks">
              <For each={listed()}>
                {(t, i) => (
                  <TaskRow
                    task={t}
                    onToggle={props.actions.toggle}
                    onOpen={props.onOpen}
                    showDue
                    selection={selection}
                    reorder={{
                      first: i() === 0,
                      last: i() === listed().length - 1,
                      move: (by) => reorder(i(), by),
                    }}
                  />
                )}
              </For>
            </ul>
            <Show when={hidden() > 0}>
              <p class="hidden-done">{completedHidden(hidden())}</p>
            </Show>
          </>
        }
      >
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the focus so the keyboard can scroll it (axe scrollable-region-focusable) */}
        <section class="board-columns" aria-label="Board" tabIndex={0}>
          <For each={board.data()?.columns}>
            {(col) => (
              <section
                class="board-column"
                aria-label={col.status.name}
                data-status-id={col.status.id}
                data-over={drag.over() === col.status.id ? 'true' : undefined}
              >
                <h3>
                  {col.status.name} <span class="count">{col.total}</span>
                </h3>
                <ul class="board-cards">
                  <For each={col.tasks}>
                    {(t) => (
                      <BoardCard
                        task={t}
                        statuses={statuses()}
                        onOpen={props.onOpen}
                        onMove={move}
                        drag={drag}
                        selection={selection}
                      />
                    )}
                  </For>
                </ul>
                <Show when={col.hiddenCompleted > 0}>
                  <p class="hidden-done">{completedHidden(col.hiddenCompleted)}</p>
                </Show>
                <Show when={col.total > col.tasks.length}>
                  <button type="button" onClick={() => setPerColumn((n) => Math.min(500, n + 150))}>
                    Show more ({col.total - col.tasks.length})
                  </button>
                </Show>
              </section>
            )}
          </For>
        </section>
      </Show>
    </section>
  );
}
