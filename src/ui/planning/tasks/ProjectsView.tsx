import { For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import type { TaskActions } from './createTaskActions';
import { QuickAdd } from './QuickAdd';
import { type ProjectEntry, TASK_TABLES } from './taskTypes';

interface Props {
  client: VaultClient;
  actions: TaskActions;
}

/** Every active project with its open task count; a form creates one. */
export function ProjectsView(props: Props) {
  const list = createLive(
    props.client,
    TASK_TABLES,
    () => 0,
    () => readOp<{ projects: ProjectEntry[] }>(props.client, 'tasks.listProjects'),
  );
  return (
    <section class="projects-view" aria-labelledby="projects-title">
      <h2 id="projects-title">Projects</h2>
      <QuickAdd
        label="New project name"
        onAdd={(name) => props.actions.run('tasks.createProject', { name })}
      />
      <ul class="project-list">
        <For each={list.data()?.projects}>
          {(p) => (
            <li>
              <a href={`#/tasks/project/${encodeURIComponent(p.id)}`}>
                <span>{p.name}</span>
                <span class="count">{p.task_count} open</span>
              </a>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
