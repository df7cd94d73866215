import { createEffect, Show } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { createNoteDraft } from './createNoteDraft';

interface Props {
  client: VaultClient;
  id: string;
  onClose: () => void;
  onDelete: (id: string, title: string) => void;
}

export function NoteEditor(props: Props) {
  const draft = createNoteDraft(props.client, props.id);
  let titleInput!: HTMLInputElement;
  createEffect(() => {
    const n = draft.note();
    if (n && document.activeElement !== titleInput) titleInput.value = n.title;
  });

  async function commitTitle() {
    const n = draft.note();
    if (!n || titleInput.value === n.title) return;
    if (!(await draft.rename(titleInput.value))) titleInput.focus();
  }

  return (
    <section class="editor" aria-label="Editor">
      <Show when={draft.note() !== undefined}>
        <Show when={draft.note()} fallback={<p class="empty">This note was deleted.</p>}>
          {(n) => (
            <>
              <div class="editor-bar">
                <button type="button" class="back" onClick={props.onClose} aria-label="Back to notes">
                  ←
                </button>
                <input
                  ref={titleInput}
                  class="title-input"
                  aria-label="Title"
                  value={n().title}
                  onBlur={commitTitle}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void commitTitle();
                    }
                    if (e.key === 'Escape') titleInput.value = n().title;
                  }}
                />
                <span class="save-state" role="status" aria-live="polite">
                  {draft.saving() ? 'Saving…' : 'Saved'}
                </span>
                <button type="button" class="danger" onClick={() => props.onDelete(n().id, n().title)}>
                  Delete note
                </button>
              </div>
              <Show when={draft.error()}>
                {(e) => (
                  <p class="error" role="alert">
                    {e().message}
                  </p>
                )}
              </Show>
              <textarea
                class="body"
                aria-label="Note body"
                spellcheck={true}
                value={n().markdown}
                onInput={(e) => draft.setBody(e.currentTarget.value)}
                placeholder="Write in markdown…"
              />
            </>
          )}
        </Show>
      </Show>
    </section>
  );
}
