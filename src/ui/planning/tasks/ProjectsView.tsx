import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { MoveButtons } from '../shared/MoveButtons';
import type { TaskActions } from './createTaskActions';
import { movedIds } from './movedIds';
import { QuickAdd } from './QuickAdd';
import { type ProjectEntry, TASK_TABLES } from './taskTypes';

interface Props {
  client: VaultClient;
  actions: TaskActions;
}

/**
 * Every project with its open task count, in order (the Inbox stays first): create one, move one
 * up or down, open its settings; archived projects in their own list, shown on request.
 */
export function ProjectsView(props: Props) {
  const list = createLive(
    props.client,
    TASK_TABLES,
    () => 0,
    () => readOp<{ projects: ProjectEntry[] }>(props.client, 'tasks.listProjects', { includeArchived: true }),
  );
  const [showArchived, setShowArchived] = createSignal(false);
  const active = () => list.data()?.projects.filter((p) => p.status === 'active') ?? [];
  const archived = () => list.data()?.projects.filter((p) => p.status === 'archived') ?? [];
  // The Inbox is first and cannot move, so only the other active projects are reordered.
  const movable = () => active().filter((p) => p.id !== 'inbox');
  const move = (id: string, by: -1 | 1) => {
    const ids = movable().map((p) => p.id);
    const next = movedIds(ids, ids.indexOf(id), by);
    if (next !== null) void props.actions.run('tasks.reorderProjects', next);
  };
  const row = (p: ProjectEntry) => (
    <li class="project-row">
      <a href={`#/tasks/project/${encodeURIComponent(p.id)}`}>
        <span>
          {p.icon ? `${p.icon} ` : ''}
          {p.name}
        </span>
        <span class="count">{p.task_count} open</span>
      </a>
      <Show when={p.id !== 'inbox' && p.status === 'active'}>
        <MoveButtons
          name={p.name}
          first={movable()[0]?.id === p.id}
          last={movable().at(-1)?.id === p.id}
          onMove={(by) => move(p.id, by)}
        />
      </Show>
      <a class="button-link" href={`#/tasks/edit/${encodeURIComponent(p.id)}`} aria-label={`Edit ${p.name}`}>
        Edit
      </a>
    </li>
  );
  return (
    <section class="projects-view" aria-labelledby="projects-title">
      <h2 id="projects-title">Projects</h2>
      <QuickAdd
        label="New project name"
        onAdd={(name) => props.actions.run('tasks.createProject', { name })}
      />
      <ul class="project-list" aria-label="Active projects">
        <For each={active()}>{row}</For>
      </ul>
      <Show when={archived().length > 0}>
        <button type="button" aria-expanded={showArchived()} onClick={() => setShowArchived(!showArchived())}>
          {showArchived() ? 'Hide' : 'Show'} archived projects ({archived().length})
        </button>
        <Show when={showArchived()}>
          <ul class="project-list" aria-label="Archived projects">
            <For each={archived()}>{row}</For>
          </ul>
        </Show>
      </Show>
    </section>
  );
}
