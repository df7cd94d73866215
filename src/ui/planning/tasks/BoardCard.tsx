import { For, Show } from 'solid-js';
import { TagChips } from '../../tags/TagChips';
import type { BoardDrag } from './createBoardDrag';
import type { TaskSelection } from './createTaskSelection';
import { SelectTaskBox } from './SelectTaskBox';
import type { Status, TaskCard } from './taskTypes';

interface Props {
  task: TaskCard;
  statuses: readonly Status[];
  onOpen: (id: string) => void;
  onMove: (task: TaskCard, statusId: string) => void;
  drag: BoardDrag;
  selection?: TaskSelection;
}

/**
 * A card of the board: dragged with a mouse (anywhere on it) or a finger (on its grip), or moved
 * with the keyboard through its "Move to status" menu.
 */
export function BoardCard(props: Props) {
  return (
    <li
      class="board-card"
      data-task-id={props.task.id}
      data-done={props.task.completedAt !== null ? 'true' : undefined}
      data-dragging={props.drag.dragging() === props.task.id ? 'true' : undefined}
      onPointerDown={(e) =>
        props.drag.start(e, props.task.id, (e.target as Element).closest('.grip') !== null)
      }
    >
      <span class="grip" aria-hidden="true">
        ⠿
      </span>
      <Show when={props.selection?.selecting() && props.selection}>
        {(sel) => <SelectTaskBox selection={sel()} id={props.task.id} title={props.task.title} />}
      </Show>
      <button
        type="button"
        class="task-title"
        onClick={() => {
          if (!props.drag.endedDrag()) props.onOpen(props.task.id);
        }}
      >
        {props.task.title}
      </button>
      <TagChips tags={props.task.tags} label={`Tags of ${props.task.title}`} />
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
