import { createEffect, createSignal, For, on, Show, untrack } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import { createDrafts } from '../../forms/createDrafts';
import { createSaveState } from '../../forms/createSaveState';
import { SaveStatus } from '../../forms/SaveStatus';
import type { VaultClient } from '../../vault/createVaultClient';
import { reconciledValueStorage } from '../../vault/reconciledStorage';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import type { TaskActions } from './createTaskActions';
import { RepeatFields } from './RepeatFields';
import { parseTags, repeatConfigOf, repeatFormOf } from './repeatForm';
import { TaskLinkedItems } from './TaskLinkedItems';
import { TaskNesting } from './TaskNesting';
import { TaskQuickAdd } from './TaskQuickAdd';
import { TaskRow } from './TaskRow';
import {
  PRIORITY_LABELS,
  type ProjectEntry,
  type StatusRecord,
  TASK_TABLES,
  type TaskCard,
  type TaskRecord,
} from './taskTypes';

interface Props {
  client: VaultClient;
  id: string;
  actions: TaskActions;
  onOpen: (id: string) => void;
  onClose: () => void;
  /** the task went to the Trash (docs/trash.md): the section shows "Moved to Trash · Undo" */
  onTrashed: (id: string, title: string) => void;
}

/** Every editable field of a task, saved as one `tasks.update`; subtasks below it. */
export function TaskEditor(props: Props) {
  // Every read below is reconciled (reconciledValueStorage): the task changes under the form on
  // every write to any task (a subtask added, another tab), and new objects each time would write
  // every field again, wiping what the user typed, and rebuild the Project and Status options,
  // which then show their first option: Save would move the task there.
  const task = createLive(
    props.client,
    TASK_TABLES,
    () => props.id,
    (id) => readOp<TaskRecord>(props.client, 'tasks.get', id),
    reconciledValueStorage<TaskRecord>('id'),
  );
  const projects = createLive(
    props.client,
    ['projects'],
    () => 0,
    () => readOp<{ projects: ProjectEntry[] }>(props.client, 'tasks.listProjects'),
    reconciledValueStorage<{ projects: ProjectEntry[] }>('id'),
  );
  const statuses = createLive(
    props.client,
    ['statuses'],
    () => task.data()?.projectId,
    (projectId) =>
      projectId === undefined
        ? Promise.resolve({ ok: true as const, value: { statuses: [] } })
        : readOp<{ statuses: StatusRecord[] }>(props.client, 'tasks.listStatuses', projectId),
    reconciledValueStorage<{ statuses: StatusRecord[] }>('id'),
  );
  const subtasks = createLive(
    props.client,
    TASK_TABLES,
    () => props.id,
    (id) => readOp<{ tasks: TaskCard[] }>(props.client, 'tasks.getSubtasks', id),
    reconciledValueStorage<{ tasks: TaskCard[] }>('id'),
  );
  // The rule's fields live in a store, reset whenever the saved rule changes (here, by an agent or
  // another device), so what Save sends is built on the rule the task has now; but not while the
  // user has changed a rule field and not saved yet: like the text fields, that wins until Save.
  const [repeatForm, setRepeatForm] = createStore(repeatFormOf(null));
  const [repeatFrom, setRepeatFrom] = createSignal<'due' | 'completion'>('due');
  const [repeatTouched, setRepeatTouched] = createSignal(false);
  createEffect(
    on(
      () => JSON.stringify([task.data()?.repeatConfig ?? null, task.data()?.repeatFrom ?? null]),
      () => {
        if (untrack(repeatTouched)) return;
        const t = task.data();
        setRepeatForm(reconcile(repeatFormOf(t?.repeatConfig ?? null)));
        setRepeatFrom(t?.repeatFrom ?? 'due');
      },
    ),
  );
  const editRepeat = ((...args: unknown[]) => {
    setRepeatTouched(true);
    return (setRepeatForm as (...a: unknown[]) => void)(...args);
  }) as typeof setRepeatForm;

  // Reconciled, a field is written again only when its stored value changes; that still happens
  // when another tab saves that field while it is typed in here. The typing wins until Save
  // (docs/foundation.md, "Live forms"); an untouched field follows the stored task.
  const typed = createDrafts();
  const storedText = {
    title: () => task.data()?.title ?? '',
    description: () => task.data()?.description ?? '',
    priority: () => String(task.data()?.priority ?? ''),
    projectId: () => task.data()?.projectId ?? '',
    statusId: () => task.data()?.statusId ?? '',
    dueDate: () => task.data()?.dueDate ?? '',
    dueTime: () => task.data()?.dueTime ?? '',
    startDate: () => task.data()?.startDate ?? '',
    tags: () => task.data()?.tags.join(', ') ?? '',
  };
  const field = (name: keyof typeof storedText) => typed.value(name, () => storedText[name]());
  const storedOf = (name: string) =>
    name in storedText ? storedText[name as keyof typeof storedText]() : '';

  const saving = createSaveState();
  async function save(e: SubmitEvent, t: TaskRecord) {
    e.preventDefault();
    const before = Object.fromEntries(Object.keys(storedText).map((k) => [k, storedOf(k)]));
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const text = (k: string) => String(f.get(k) ?? '');
    const orNull = (k: string) => (text(k) === '' ? null : text(k));
    const repeatConfig = repeatConfigOf(repeatForm, t.repeatConfig);
    const patch: Record<string, unknown> = {
      title: text('title').trim(),
      description: orNull('description'),
      priority: Number(text('priority')),
      dueDate: orNull('dueDate'),
      dueTime: orNull('dueTime'),
      startDate: orNull('startDate'),
      tags: parseTags(text('tags')),
      repeatConfig,
      repeatFrom: repeatConfig === null ? null : repeatFrom(),
    };
    if (text('projectId') !== t.projectId) patch.projectId = text('projectId');
    else if (text('statusId') !== (t.statusId ?? '')) patch.statusId = text('statusId');
    if (await saving.track(() => props.actions.update(t.id, patch))) {
      typed.savedEach((name) => before[name] ?? '');
      setRepeatTouched(false);
    }
  }

  return (
    <section class="task-editor" aria-label="Task editor">
      <div class="plan-bar">
        <button type="button" onClick={props.onClose} aria-label="Back">
          ←
        </button>
        <h2>Task</h2>
      </div>
      <Show when={task.error()}>
        {(e) => (
          <p class="plan-failure" role="alert">
            {e().message}
          </p>
        )}
      </Show>
      {/* Not keyed: a new reply updates the fields in place, so the form is never rebuilt under the user. */}
      <Show when={task.data()}>
        {(t) => (
          <>
            <form
              class="task-form"
              onSubmit={(e) => save(e, t())}
              onInput={(e) => {
                saving.edited();
                typed.onFormInput(e);
              }}
            >
              <label>
                Title
                <input name="title" value={field('title')} required maxLength={500} />
              </label>
              <label>
                Description
                {/* `value`, not children: a child text stops following once the user has typed. */}
                <textarea name="description" rows={4} maxLength={10000} value={field('description')} />
              </label>
              {/* The options say which is selected: they may arrive after the task, when the
                  select's own value found no option to select. */}
              <div class="form-row">
                <label>
                  Priority
                  <select name="priority" value={field('priority')}>
                    <For each={[...PRIORITY_LABELS]}>
                      {(label, i) => <option value={String(i())}>{label}</option>}
                    </For>
                  </select>
                </label>
                <label>
                  Project
                  <select name="projectId" value={field('projectId')}>
                    <For each={projects.data()?.projects}>
                      {(p) => (
                        <option value={p.id} selected={p.id === field('projectId')}>
                          {p.name}
                        </option>
                      )}
                    </For>
                  </select>
                </label>
                <label>
                  Status
                  <select name="statusId" value={field('statusId')}>
                    <For each={statuses.data()?.statuses}>
                      {(s) => (
                        <option value={s.id} selected={s.id === field('statusId')}>
                          {s.name}
                        </option>
                      )}
                    </For>
                  </select>
                </label>
              </div>
              <div class="form-row">
                <label>
                  Due date
                  <input type="date" name="dueDate" value={field('dueDate')} />
                </label>
                <label>
                  Due time
                  <input type="time" name="dueTime" value={field('dueTime')} />
                </label>
                <label>
                  Start date
                  <input type="date" name="startDate" value={field('startDate')} />
                </label>
              </div>
              <RepeatFields
                form={repeatForm}
                set={editRepeat}
                repeatFrom={repeatFrom()}
                onRepeatFrom={(v) => {
                  setRepeatTouched(true);
                  setRepeatFrom(v);
                }}
              />
              <label>
                Tags (comma separated)
                <input name="tags" value={field('tags')} />
              </label>
              <div class="form-actions">
                <button type="submit" class="primary">
                  Save task
                </button>
                <SaveStatus state={saving.state()} label="Task save" />
                <button type="button" onClick={() => props.actions.run('tasks.duplicate', t().id)}>
                  Duplicate
                </button>
                <button
                  type="button"
                  onClick={() =>
                    props.actions.run(t().archivedAt ? 'tasks.unarchive' : 'tasks.archive', t().id)
                  }
                >
                  {t().archivedAt ? 'Unarchive' : 'Archive'}
                </button>
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    // no question: the Trash keeps it 30 days and the notice has Undo (docs/trash.md)
                    const { id, title } = t();
                    if (await props.actions.run('tasks.delete', id)) {
                      props.onClose();
                      props.onTrashed(id, title);
                    }
                  }}
                >
                  Delete task
                </button>
              </div>
            </form>
            <TaskNesting client={props.client} task={t()} actions={props.actions} />
            <section class="subtasks" aria-labelledby="subtasks-title">
              <h3 id="subtasks-title">Subtasks</h3>
              <ul class="task-list">
                <For each={subtasks.data()?.tasks}>
                  {(s) => <TaskRow task={s} onToggle={props.actions.toggle} onOpen={props.onOpen} />}
                </For>
              </ul>
              <TaskQuickAdd
                client={props.client}
                label="New subtask"
                defaults={() => ({ parentId: t().id })}
                onAdd={props.actions.create}
              />
            </section>
            <TaskLinkedItems client={props.client} taskId={t().id} />
          </>
        )}
      </Show>
    </section>
  );
}
