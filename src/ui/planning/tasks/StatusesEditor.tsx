import { For, Show } from 'solid-js';
import { createDrafts } from '../../forms/createDrafts';
import { ConfirmButton } from '../shared/ConfirmButton';
import { MoveButtons } from '../shared/MoveButtons';
import type { TaskActions } from './createTaskActions';
import { movedIds } from './movedIds';
import { QuickAdd } from './QuickAdd';
import type { Status } from './taskTypes';

/**
 * A project's statuses (board columns) in order: rename, colour, default and done flags, move
 * up/down, delete, add. Each change is one `tasks.*` status write; the worker keeps exactly one
 * default (setting one demotes the old) and says why a refused change is refused.
 */
export function StatusesEditor(props: { projectId: string; statuses: Status[]; actions: TaskActions }) {
  const update = (id: string, patch: Record<string, unknown>) =>
    props.actions.run('tasks.updateStatus', id, patch);
  // A name typed stays until it is written, also when another tab renames the status meanwhile.
  const typed = createDrafts();
  const move = (index: number, by: -1 | 1) => {
    const ids = movedIds(
      props.statuses.map((s) => s.id),
      index,
      by,
    );
    if (ids !== null) void props.actions.run('tasks.reorderStatuses', props.projectId, ids);
  };
  return (
    <section class="statuses-editor" aria-labelledby="statuses-title">
      <h3 id="statuses-title">Statuses</h3>
      <ol class="task-list" aria-label="Statuses">
        <For each={props.statuses}>
          {(s, i) => (
            <li class="task-row status-row">
              <input
                type="color"
                aria-label={`Colour of ${s.name}`}
                value={s.color}
                onChange={(e) => void update(s.id, { color: e.currentTarget.value })}
              />
              <input
                class="grow"
                aria-label={`Name of ${s.name}`}
                value={typed.value(s.id, () => s.name)}
                maxLength={100}
                onInput={(e) => typed.input(s.id, e.currentTarget.value)}
                onChange={async (e) => {
                  const name = e.currentTarget.value.trim();
                  const before = s.name;
                  if (name === '' || name === before) return typed.reset(s.id);
                  if (await update(s.id, { name })) typed.saved(s.id, before);
                }}
              />
              <label class="inline-check">
                <input
                  type="radio"
                  name={`default-status-${props.projectId}`}
                  aria-label={`${s.name} is the default status`}
                  checked={s.isDefault}
                  onChange={() => void update(s.id, { isDefault: true })}
                />
                Default
              </label>
              <label class="inline-check">
                <input
                  type="checkbox"
                  aria-label={`${s.name} means done`}
                  checked={s.isDone}
                  onChange={(e) => void update(s.id, { isDone: e.currentTarget.checked })}
                />
                Done
              </label>
              <MoveButtons
                name={s.name}
                first={i() === 0}
                last={i() === props.statuses.length - 1}
                onMove={(by) => move(i(), by)}
              />
              <Show when={!s.isDefault}>
                <ConfirmButton
                  label={`Delete ${s.name}`}
                  question={`Delete the status “${s.name}”? Its tasks move to ${s.isDone ? 'another done status, or else' : ''} the default status.`}
                  onConfirm={() => void props.actions.run('tasks.deleteStatus', s.id)}
                />
              </Show>
            </li>
          )}
        </For>
      </ol>
      <QuickAdd
        label="New status name"
        onAdd={(name) => props.actions.run('tasks.createStatus', { projectId: props.projectId, name })}
      />
    </section>
  );
}
