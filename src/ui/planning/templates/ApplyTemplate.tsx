import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp, writeOp } from '../shared/callOp';
import { createLiveValue } from '../shared/createLiveValue';

interface TemplateName {
  id: string;
  name: string;
}

interface Props {
  client: VaultClient;
  noteId: string;
}

/**
 * The editor's "Template" button: choose a template and fill it in at the end of the open note
 * (notes.applyTemplate with noteId; an empty body is replaced). The worker writes through the
 * note's CRDT document, so the open editor merges the text like any other edit.
 */
export function ApplyTemplate(props: Props) {
  const [open, setOpen] = createSignal(false);
  const [chosen, setChosen] = createSignal('');
  const [done, setDone] = createSignal('');
  const [error, setError] = createSignal<string | null>(null);
  const list = createLiveValue(
    props.client,
    ['templates'],
    () => open(),
    (isOpen) =>
      isOpen
        ? readOp<{ templates: TemplateName[] }>(props.client, 'templates.list')
        : Promise.resolve({ ok: true as const, value: { templates: [] } }),
  );
  const templates = () => list.data()?.templates ?? [];
  /** the chosen template, the first one until the user picks */
  const current = () => chosen() || (templates()[0]?.id ?? '');

  async function apply() {
    const id = current();
    if (!id) return;
    const res = await writeOp<{ id: string }>(props.client, 'notes.applyTemplate', id, {
      noteId: props.noteId,
    });
    setError(res.ok ? null : res.error.message);
    if (!res.ok) return;
    setDone(`Applied ${templates().find((t) => t.id === id)?.name ?? 'the template'}`);
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        aria-expanded={open()}
        onClick={() => {
          setDone('');
          setError(null);
          setOpen((o) => !o);
        }}
      >
        Template
      </button>
      <span class="visually-hidden" role="status">
        {done()}
      </span>
      <Show when={open()}>
        <form
          class="apply-template"
          aria-label="Apply a template"
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          <Show
            when={templates().length > 0}
            fallback={
              <p class="empty">
                {list.data() ? 'No templates yet: make one under Templates.' : 'Loading templates…'}
              </p>
            }
          >
            <label>
              Template to apply
              <select
                // focus the choice as soon as the list is there, so the keyboard goes on from the button
                ref={(el) => queueMicrotask(() => el.focus())}
                value={current()}
                onChange={(e) => setChosen(e.currentTarget.value)}
              >
                <For each={templates()}>
                  {(t) => (
                    <option value={t.id} selected={t.id === current()}>
                      {t.name}
                    </option>
                  )}
                </For>
              </select>
            </label>
            <button type="submit" class="primary">
              Apply
            </button>
          </Show>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <Show when={error()}>
            {(m) => (
              <p class="error" role="alert">
                {m()}
              </p>
            )}
          </Show>
        </form>
      </Show>
    </>
  );
}
