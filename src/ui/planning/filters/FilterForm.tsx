import { createSignal, Show } from 'solid-js';

export interface FilterDraft {
  name: string;
  target: 'tasks' | 'notes';
  filter: Record<string, unknown>;
}

/** A new saved filter: for tasks (text, tag, status, priority, due) or notes (text, tag, folder). */
export function FilterForm(props: { onSave: (draft: FilterDraft) => Promise<boolean> }) {
  const [name, setName] = createSignal('');
  const [target, setTarget] = createSignal<'tasks' | 'notes'>('tasks');
  const [text, setText] = createSignal('');
  const [tag, setTag] = createSignal('');
  const [status, setStatus] = createSignal('open');
  const [priority, setPriority] = createSignal('');
  const [due, setDue] = createSignal('');
  const [folder, setFolder] = createSignal('');
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const filter: Record<string, unknown> = {};
    if (text().trim()) filter.text = text().trim();
    if (tag().trim()) filter.tags = [tag().trim().replace(/^#/, '')];
    if (target() === 'tasks') {
      if (status() !== 'open') filter.status = status();
      if (priority() !== '') filter.priorityAtLeast = Number(priority());
      if (due() !== '') filter.due = due();
    } else if (folder().trim()) filter.folder = folder().trim();
    if (await props.onSave({ name: name().trim(), target: target(), filter })) {
      setName('');
      setText('');
      setTag('');
    }
  }
  return (
    <form class="record-form" onSubmit={submit} aria-label="New saved filter">
      <label>
        Filter name
        <input value={name()} onInput={(e) => setName(e.currentTarget.value)} maxLength={200} />
      </label>
      <label>
        Applies to
        <select value={target()} onChange={(e) => setTarget(e.currentTarget.value as 'tasks' | 'notes')}>
          <option value="tasks">Tasks</option>
          <option value="notes">Notes</option>
        </select>
      </label>
      <label>
        Title contains
        <input value={text()} onInput={(e) => setText(e.currentTarget.value)} maxLength={200} />
      </label>
      <label>
        Tag
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
        Save filter
      </button>
    </form>
  );
}
