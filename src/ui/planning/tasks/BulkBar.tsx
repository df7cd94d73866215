import { createEffect, createSignal, onCleanup, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { ConfirmButton } from '../shared/ConfirmButton';
import { BulkMove } from './BulkMove';
import { type BulkAction, bulkResultMessage, deleteQuestion } from './bulkSelection';
import type { TaskActions } from './createTaskActions';
import type { TaskSelection } from './createTaskSelection';
import './bulk.css';

interface Props {
  client: VaultClient;
  actions: TaskActions;
  selection: TaskSelection;
  excludeProjectId?: string;
}

/**
 * The "Select" toggle of a task list and, in selection mode, what works on the selected tasks:
 * select all in view, Complete, Archive, Move to project, Delete (confirmed, with the count).
 * Escape leaves selection mode. A refusal shows in the section's banner (all or nothing: the
 * worker's bulk operations change no task when one id is refused).
 */
export function BulkBar(props: Props) {
  const sel = () => props.selection;
  const [message, setMessage] = createSignal('');
  let toggle: HTMLButtonElement | undefined;
  const leave = () => {
    sel().stop();
    setMessage('');
  };
  createEffect(() => {
    if (!sel().selecting()) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      leave();
      toggle?.focus();
    };
    document.addEventListener('keydown', onKey);
    onCleanup(() => document.removeEventListener('keydown', onKey));
  });
  async function act(action: BulkAction, op: string, extra: unknown[] = [], projectName = '') {
    const ids = sel().chosen();
    if (ids.length === 0) return;
    setMessage('');
    if (await props.actions.run(op, ids, ...extra))
      setMessage(bulkResultMessage(action, ids.length, projectName));
  }
  const none = () => sel().chosen().length === 0;
  return (
    <div class="bulk-bar">
      <button
        ref={toggle}
        type="button"
        aria-pressed={sel().selecting()}
        onClick={() => (sel().selecting() ? leave() : sel().start())}
      >
        Select
      </button>
      <Show when={sel().selecting()}>
        <fieldset class="bulk-actions" aria-label="Selected tasks">
          <label class="bulk-all">
            <input type="checkbox" checked={sel().allSelected()} onChange={() => sel().toggleAll()} />
            Select all in view
          </label>
          <span class="count">{sel().chosen().length} selected</span>
          <button type="button" disabled={none()} onClick={() => void act('complete', 'tasks.bulkComplete')}>
            Complete
          </button>
          <button type="button" disabled={none()} onClick={() => void act('archive', 'tasks.bulkArchive')}>
            Archive
          </button>
          <BulkMove
            client={props.client}
            excludeProjectId={props.excludeProjectId}
            disabled={none()}
            onMove={(projectId, name) => void act('move', 'tasks.bulkMove', [{ projectId }], name)}
          />
          <Show when={!none()}>
            <ConfirmButton
              label="Delete"
              question={deleteQuestion(sel().chosen().length)}
              onConfirm={() => void act('delete', 'tasks.bulkDelete')}
            />
          </Show>
        </fieldset>
        <p class="bulk-result" role="status">
          {message()}
        </p>
      </Show>
    </div>
  );
}
