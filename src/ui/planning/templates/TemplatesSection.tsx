import { createSignal, For, Show } from 'solid-js';
import type { SectionProps } from '../../app/section';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { type TemplateDraft, TemplateForm } from './TemplateForm';
import '../planning.css';
import '../reminders/reminders.css';

interface TemplateSummary {
  id: string;
  name: string;
  titleTemplate: string | null;
  folderPath: string | null;
  contentLength: number;
}

/** `#/templates`: make, edit, copy and delete templates; make a new note from one and open it. */
export function TemplatesSection(props: SectionProps) {
  const failure = createFailure();
  const list = createLive(
    props.client,
    ['templates'],
    () => 0,
    () => readOp<{ templates: TemplateSummary[] }>(props.client, 'templates.list'),
  );
  const [editing, setEditing] = createSignal<(TemplateDraft & { id: string }) | null>(null);
  const act = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp<unknown>(props.client, op, ...args));

  async function save(draft: TemplateDraft) {
    const current = editing();
    const done = current
      ? await act('templates.update', current.id, draft)
      : await act('templates.create', draft);
    if (done === null) return false;
    setEditing(null);
    return true;
  }
  async function edit(id: string) {
    const res = await readOp<TemplateDraft & { id: string }>(props.client, 'templates.get', id);
    if (failure.take(res)) setEditing(res.ok ? res.value : null);
  }
  async function newNote(t: TemplateSummary) {
    const made = await act('notes.applyTemplate', t.id);
    if (made) location.hash = `#/note/${encodeURIComponent((made as { id: string }).id)}`;
  }

  return (
    <div class="planning templates-section">
      <h2>Templates</h2>
      <TemplateForm editing={editing()} onSave={save} onCancel={() => setEditing(null)} />
      <FailureBanner error={failure.error() ?? list.error()} onDismiss={failure.clear} />
      <ul class="record-list" aria-label="Templates">
        <For each={list.data()?.templates} fallback={<li class="empty">No templates yet.</li>}>
          {(t) => (
            <li>
              <div>
                <strong>{t.name}</strong>
                <Show when={t.titleTemplate}>
                  {(title) => <div class="record-meta">Title: {title()}</div>}
                </Show>
              </div>
              <div class="record-actions">
                <button
                  type="button"
                  class="primary"
                  aria-label={`New note from ${t.name}`}
                  onClick={() => newNote(t)}
                >
                  New note
                </button>
                <button type="button" aria-label={`Edit template ${t.name}`} onClick={() => edit(t.id)}>
                  Edit
                </button>
                <button
                  type="button"
                  aria-label={`Duplicate template ${t.name}`}
                  onClick={() => act('templates.duplicate', t.id)}
                >
                  Duplicate
                </button>
                <button
                  type="button"
                  aria-label={`Delete template ${t.name}`}
                  onClick={() => confirm(`Delete the template “${t.name}”?`) && act('templates.delete', t.id)}
                >
                  Delete
                </button>
              </div>
            </li>
          )}
        </For>
      </ul>
    </div>
  );
}
