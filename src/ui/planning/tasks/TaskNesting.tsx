import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { reconciledValueStorage } from '../../vault/reconciledStorage';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import type { TaskActions } from './createTaskActions';
import { TASK_TABLES, type TaskCard, type TaskRecord } from './taskTypes';

/**
 * Convert a subtask to a top-level task, or a task to a subtask of another open top-level task of
 * its project (the worker refuses a parent inside the task's own subtree and says so).
 */
export function TaskNesting(props: { client: VaultClient; task: TaskRecord; actions: TaskActions }) {
  const [parentId, setParentId] = createSignal('');
  const candidates = createLive(
    props.client,
    TASK_TABLES,
    () => (props.task.parentId === null ? props.task.projectId : null),
    (projectId) =>
      projectId === null
        ? Promise.resolve({ ok: true as const, value: { tasks: [] as TaskCard[] } })
        : readOp<{ tasks: TaskCard[] }>(props.client, 'tasks.list', { projectId, limit: 200 }),
    // Reconciled: rebuilt options would show "Choose a task…" while the choice is still held.
    reconciledValueStorage<{ tasks: TaskCard[] }>('id'),
  );
  const others = () => candidates.data()?.tasks.filter((c) => c.id !== props.task.id) ?? [];
  return (
    <div class="form-actions task-nesting">
      <Show
        when={props.task.parentId === null}
        fallback={
          <button type="button" onClick={() => void props.actions.run('tasks.convertToTask', props.task.id)}>
            Make a top-level task
          </button>
        }
      >
        <Show when={others().length > 0}>
          <label class="inline-check">
            Subtask of
            <select value={parentId()} onChange={(e) => setParentId(e.currentTarget.value)}>
              <option value="">Choose a task…</option>
              <For each={others()}>{(c) => <option value={c.id}>{c.title}</option>}</For>
            </select>
          </label>
          <button
            type="button"
            disabled={parentId() === ''}
            onClick={async () => {
              if (await props.actions.run('tasks.convertToSubtask', props.task.id, parentId()))
                setParentId('');
            }}
          >
            Make subtask
          </button>
        </Show>
      </Show>
    </div>
  );
}
