import type { TaskSelection } from './createTaskSelection';

/** The checkbox that puts one task in or out of the bulk selection (lists and board cards). */
export function SelectTaskBox(props: { selection: TaskSelection; id: string; title: string }) {
  return (
    <input
      type="checkbox"
      class="select-task"
      checked={props.selection.isSelected(props.id)}
      aria-label={`Select ${props.title}`}
      onChange={() => props.selection.toggle(props.id)}
    />
  );
}
