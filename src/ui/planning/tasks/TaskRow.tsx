import { Show } from 'solid-js';
import { TagChips } from '../../tags/TagChips';
import { MoveButtons } from '../shared/MoveButtons';
import type { TaskSelection } from './createTaskSelection';
import { SelectTaskBox } from './SelectTaskBox';
import { PRIORITY_LABELS, type TaskCard } from './taskTypes';
import './taskOrder.css';

interface Props {
  task: TaskCard;
  onToggle: (task: TaskCard) => void;
  onOpen: (id: string) => void;
  showDue?: boolean;
  /** in selection mode the row's checkbox selects it instead of completing it */
  selection?: TaskSelection;
  /** a list in the user's own order (a project's list): move up / down buttons */
  reorder?: { first: boolean; last: boolean; move: (by: -1 | 1) => void };
}

/**
 * One task in a list: a completion checkbox (a selection checkbox in selection mode), the title
 * (opens the editor), its due facts and, in a list the user orders, move up / down.
 */
export function TaskRow(props: Props) {
  const done = () => props.task.completedAt !== null;
  return (
    <li class="task-row" data-done={done() ? 'true' : undefined} data-priority={props.task.priority}>
      <Show
        when={props.selection?.selecting() && props.selection}
        fallback={
          <input
            type="checkbox"
            checked={done()}
            aria-label={`${done() ? 'Reopen' : 'Complete'} ${props.task.title}`}
            onChange={() => props.onToggle(props.task)}
          />
        }
      >
        {(sel) => <SelectTaskBox selection={sel()} id={props.task.id} title={props.task.title} />}
      </Show>
      <button type="button" class="task-title" onClick={() => props.onOpen(props.task.id)}>
        {props.task.title}
      </button>
      <span class="task-meta">
        <Show when={props.task.priority > 0}>
          <span class={`prio prio-${props.task.priority}`}>{PRIORITY_LABELS[props.task.priority]}</span>
        </Show>
        <Show when={props.showDue && props.task.due}>
          <span>{props.task.due}</span>
        </Show>
        <Show when={props.task.dueTime}>
          <span>{props.task.dueTime}</span>
        </Show>
        <Show when={props.task.subtaskCount > 0}>
          <span title="subtasks done">
            {props.task.completedSubtaskCount}/{props.task.subtaskCount}
          </span>
        </Show>
        <TagChips tags={props.task.tags} label={`Tags of ${props.task.title}`} />
        <Show when={props.task.isRepeating}>
          <span title="repeats">
            ↻<span class="visually-hidden"> repeats</span>
          </span>
        </Show>
      </span>
      <Show when={props.reorder}>
        {(r) => (
          <span class="task-order">
            <MoveButtons name={props.task.title} first={r().first} last={r().last} onMove={r().move} />
          </span>
        )}
      </Show>
    </li>
  );
}
