import { createSignal, Show } from 'solid-js';
import { CancelButton, type EditFormProps } from '../shared/editForm';
import { conditionsOf, fieldsOf } from './filterFields';

export interface FilterDraft {
  name: string;
  target: 'tasks' | 'notes';
  filter: Record<string, unknown>;
}

/**
 * A saved filter: for tasks (text, tags, status, priority, due) or notes (text, tags, folder).
 * New, or an existing one changed (its kind stays; conditions the form does not show are kept).
 */
export function FilterForm(props: EditFormProps<FilterDraft>) {
  const start = props.editing;
  const f = fieldsOf(start?.filter);
  const [name, setName] = createSignal(start?.name ?? '');
  const [target, setTarget] = createSignal<'tasks' | 'notes'>(start?.target ?? 'tasks');
  const [text, setText] = createSignal(f.text);
  const [tag, setTag] = createSignal(f.tag);
  const [status, setStatus] = createSignal(f.status);
  const [priority, setPriority] = createSignal(f.priority);
  const [due, setDue] = createSignal(f.due);
  const [folder, setFolder] = createSignal(f.folder);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const fields = {
      text: text(),
      tag: tag(),
      status: status(),
      priority: priority(),
      due: due(),
      folder: folder(),
    };
    const filter = conditionsOf(fields, target(), start?.filter);
    if ((await props.onSave({ name: name().trim(), target: target(), filter })) && !start) {
      setName('');
      setText('');
      setTag('');
    }
  }
  return (
    <form
      class="record-form"
      onSubmit={submit}
      aria-label={start ? `Edit ${start.name}` : 'New saved filter'}
    >
      <label>
        Filter name
        <input value={name()} onInput={(e) => setName(e.currentTarget.value)} maxLength={200} />
      </label>
      <label>
        Applies to
        <select
          value={target()}
          disabled={start !== undefined}
          onChange={(e) => setTarget(e.currentTarget.value as 'tasks' | 'notes')}
        >
          <option value="tasks">Tasks</option>
          <option value="notes">Notes</option>
        </select>
      </label>
      <label>
        Title contains
        <input value={text()} onInput={(e) => setText(e.currentTarget.value)} maxLength={200} />
      </label>
      <label>
        Tags (comma separated)
        <input value={tag()} onInput={(e) => setTag(e.currentTarget.value)} maxLength={100} />
      </label>
      <Show
        when={target() === 'tasks'}
        fallback={
          <label>
            Folder
            <input value={folder()} onInput={(e) => setFolder(e.currentTarget.value)} />
          </label>
        }
      >
        <label>
          Status
          <select value={status()} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="open">Open</option>
            <option value="completed">Completed</option>
            <option value="any">Any</option>
          </select>
        </label>
        <label>
          Priority at least
          <select value={priority()} onChange={(e) => setPriority(e.currentTarget.value)}>
            <option value="">Any</option>
            <option value="1">Low</option>
            <option value="2">Medium</option>
            <option value="3">High</option>
            <option value="4">Urgent</option>
          </select>
        </label>
        <label>
          Due
          <select value={due()} onChange={(e) => setDue(e.currentTarget.value)}>
            <option value="">Any time</option>
            <option value="overdue">Overdue</option>
            <option value="today">Today</option>
            <option value="thisWeek">This week</option>
            <option value="dated">Has a due date</option>
            <option value="undated">No due date</option>
          </select>
        </label>
      </Show>
      <button type="submit" class="primary">
        {start ? 'Save changes' : 'Save filter'}
      </button>
      <CancelButton onCancel={props.onCancel} />
    </form>
  );
}
