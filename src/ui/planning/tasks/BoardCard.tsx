import { For, Show } from 'solid-js';
import type { StatusRecord, TaskCard } from './taskTypes';

interface Props {
  task: TaskCard;
  statuses: readonly StatusRecord[];
  onOpen: (id: string) => void;
  onMove: (task: TaskCard, statusId: string) => void;
}

/**
 * A card of the board: dragged with a mouse (HTML drag and drop), or moved with the keyboard
 * and on touch screens through its "Move to status" menu.
 */
export function BoardCard(props: Props) {
  return (
    <li
      class="board-card"
      draggable={true}
      data-task-id={props.task.id}
      data-done={props.task.completedAt !== null ? 'true' : undefined}
      onDragStart={(e) => {
        e.dataTransfer?.setData('text/x-cairn-task', props.task.id);
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <button type="button" class="task-title" onClick={() => props.onOpen(props.task.id)}>
        {props.task.title}
      </button>
      <div class="card-foot">
        <Show when={props.task.due}>
          <span class="task-meta">{props.task.due}</span>
        </Show>
        <select
          aria-label={`Move ${props.task.title} to status`}
          value={props.task.statusId ?? ''}
          onChange={(e) => props.onMove(props.task, e.currentTarget.value)}
        >
          <For each={props.statuses}>{(s) => <option value={s.id}>{s.name}</option>}</For>
        </select>
      </div>
    </li>
  );
}
