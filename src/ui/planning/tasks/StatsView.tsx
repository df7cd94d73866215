import { createSignal, For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { reconciledValueStorage } from '../../vault/reconciledStorage';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { type ProjectEntry, TASK_TABLES } from './taskTypes';

interface Stats {
  open: number;
  completed: number;
  archived: number;
  overdue: number;
  dueToday: number;
  upcoming: number;
}
const ROWS: readonly [keyof Stats, string][] = [
  ['open', 'Open'],
  ['completed', 'Completed'],
  ['archived', 'Archived'],
  ['overdue', 'Overdue (all projects)'],
  ['dueToday', 'Due today (all projects)'],
  ['upcoming', 'Due in the next 7 days (all projects)'],
];

/** `#/tasks/stats`: `tasks.getStats` for every project or one, kept current as tasks change. */
export function StatsView(props: { client: VaultClient }) {
  const [projectId, setProjectId] = createSignal('');
  const projects = createLive(
    props.client,
    ['projects'],
    () => 0,
    () => readOp<{ projects: ProjectEntry[] }>(props.client, 'tasks.listProjects', { includeArchived: true }),
    // Reconciled: rebuilt options would show "All projects" over one project's figures.
    reconciledValueStorage<{ projects: ProjectEntry[] }>('id'),
  );
  const stats = createLive(props.client, TASK_TABLES, projectId, (id) =>
    readOp<Stats>(props.client, 'tasks.getStats', id === '' ? {} : { projectId: id }),
  );
  return (
    <section class="stats-view" aria-labelledby="stats-title">
      <h2 id="stats-title">Task stats</h2>
      <label class="inline-check">
        Project
        <select value={projectId()} onChange={(e) => setProjectId(e.currentTarget.value)}>
          <option value="">All projects</option>
          <For each={projects.data()?.projects}>{(p) => <option value={p.id}>{p.name}</option>}</For>
        </select>
      </label>
      <dl class="task-stats" aria-label="Task counts">
        <For each={ROWS}>
          {([key, label]) => (
            <div>
              <dt>{label}</dt>
              <dd>{stats.data()?.[key] ?? '…'}</dd>
            </div>
          )}
        </For>
      </dl>
      {stats.error() && (
        <p class="plan-failure" role="alert">
          {stats.error()?.message}
        </p>
      )}
    </section>
  );
}
