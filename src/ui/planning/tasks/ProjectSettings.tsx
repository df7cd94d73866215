import { Show } from 'solid-js';
import { createDrafts } from '../../forms/createDrafts';
import { createSaveState } from '../../forms/createSaveState';
import { SaveStatus } from '../../forms/SaveStatus';
import type { VaultClient } from '../../vault/createVaultClient';
import { reconciledValueStorage } from '../../vault/reconciledStorage';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import type { TaskActions } from './createTaskActions';
import { NotePicker } from './NotePicker';
import { StatusesEditor } from './StatusesEditor';
import { type Status, TASK_TABLES } from './taskTypes';

interface FullProject {
  id: string;
  name: string;
  description: string | null;
  color: string;
  icon: string | null;
  isInbox: boolean;
  homeNoteId: string | null;
  archivedAt: string | null;
  statuses: Status[];
}

/** The fields of the form that differ from the project's: an untouched field is never sent. */
function projectPatch(form: HTMLFormElement, p: FullProject): Record<string, unknown> {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? '');
  const orNull = (k: string) => (text(k).trim() === '' ? null : text(k).trim());
  const next = {
    name: text('name').trim(),
    color: text('color'),
    icon: orNull('icon'),
    description: orNull('description'),
  };
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => p[k as keyof typeof next] !== v));
}

/** `#/tasks/edit/<id>`: a project's fields, home note, archive, delete and statuses. */
export function ProjectSettings(props: {
  client: VaultClient;
  id: string;
  actions: TaskActions;
  onDone: () => void;
  /** the project went to the Trash with its tasks: the section leaves and shows "Moved to Trash · Undo" */
  onTrashed: (id: string, name: string) => void;
}) {
  const project = createLive(
    props.client,
    TASK_TABLES,
    () => props.id,
    (id) => readOp<FullProject>(props.client, 'tasks.getProject', id),
    // Any task write re-reads the project: reconciled, a field or a status row being typed in is
    // written again only when its own stored value changed.
    reconciledValueStorage<FullProject>('id'),
  );
  // What is typed stays until Save, also when another tab saves the same field meanwhile
  // (docs/foundation.md, "Live forms"); an untouched field follows the stored project.
  const typed = createDrafts();
  const saving = createSaveState();
  const storedText = {
    name: () => project.data()?.name ?? '',
    color: () => project.data()?.color ?? '',
    icon: () => project.data()?.icon ?? '',
    description: () => project.data()?.description ?? '',
  };
  const field = (name: keyof typeof storedText) => typed.value(name, storedText[name]);
  const homeTitle = createLive(
    props.client,
    ['notes'],
    () => project.data()?.homeNoteId ?? null,
    async (noteId) => {
      if (noteId === null) return { ok: true as const, value: null };
      const res = await readOp<{ title: string }>(props.client, 'notes.get', noteId);
      return { ok: true as const, value: res.ok ? res.value.title : '(deleted note)' };
    },
  );
  return (
    <section class="project-settings" aria-labelledby="project-settings-title">
      <div class="plan-bar">
        <button type="button" onClick={props.onDone} aria-label="Back">
          ←
        </button>
        <h2 id="project-settings-title">Edit project</h2>
      </div>
      <Show when={project.error()}>
        {(e) => (
          <p class="plan-failure" role="alert">
            {e().message}
          </p>
        )}
      </Show>
      <Show when={project.data()}>
        {(p) => (
          <>
            <form
              class="task-form"
              onSubmit={async (e) => {
                e.preventDefault();
                const patch = projectPatch(e.currentTarget, p());
                const before = {
                  name: p().name,
                  color: p().color,
                  icon: p().icon ?? '',
                  description: p().description ?? '',
                };
                if (Object.keys(patch).length === 0) return typed.reset();
                if (await saving.track(() => props.actions.run('tasks.updateProject', p().id, patch)))
                  typed.savedEach((name) => before[name as keyof typeof before] ?? '');
              }}
              onInput={(e) => {
                saving.edited();
                typed.onFormInput(e);
              }}
            >
              <div class="form-row">
                <label>
                  Name
                  <input name="name" value={field('name')} required maxLength={200} />
                </label>
                <label>
                  Colour
                  <input type="color" name="color" value={field('color')} />
                </label>
                <label>
                  Icon
                  <input
                    name="icon"
                    value={field('icon')}
                    maxLength={64}
                    placeholder="an emoji or icon name"
                  />
                </label>
              </div>
              <label>
                Description
                <textarea name="description" rows={3} maxLength={10000} value={field('description')} />
              </label>
              <div class="form-actions">
                <button type="submit" class="primary">
                  Save project
                </button>
                <SaveStatus state={saving.state()} label="Project save" />
              </div>
            </form>
            <section class="home-note" aria-label="Home note">
              <p>
                Home note:{' '}
                <Show when={p().homeNoteId} fallback={<span class="empty">none</span>}>
                  {(noteId) => (
                    <a href={`#/note/${encodeURIComponent(noteId())}`}>{homeTitle.data() ?? '…'}</a>
                  )}
                </Show>{' '}
                <Show when={p().homeNoteId}>
                  <button
                    type="button"
                    onClick={() => void props.actions.run('tasks.setProjectHomeNote', p().id, null)}
                  >
                    Clear home note
                  </button>
                </Show>
              </p>
              <NotePicker
                client={props.client}
                label="Find a home note"
                onPick={(noteId) => void props.actions.run('tasks.setProjectHomeNote', p().id, noteId)}
              />
            </section>
            <StatusesEditor projectId={p().id} statuses={p().statuses} actions={props.actions} />
            <Show when={!p().isInbox}>
              <div class="form-actions">
                <button
                  type="button"
                  onClick={() =>
                    void props.actions.run('tasks.archiveProject', p().id, p().archivedAt === null)
                  }
                >
                  {p().archivedAt === null ? 'Archive project' : 'Unarchive project'}
                </button>
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    // no question: the Trash keeps it 30 days with its tasks, and the notice has Undo (docs/trash.md)
                    const { id, name } = p();
                    if (await props.actions.run('tasks.deleteProject', id)) props.onTrashed(id, name);
                  }}
                >
                  Delete project
                </button>
              </div>
            </Show>
          </>
        )}
      </Show>
    </section>
  );
}
