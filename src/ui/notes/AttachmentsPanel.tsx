import { createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import type { AttachmentEntry } from '../../worker/stores/attachments';
import './drop/drop.css';
import type { VaultClient } from '../vault/createVaultClient';

interface Props {
  client: VaultClient;
  noteId: string;
  /** opens an attachment in the file viewer */
  onOpen: (id: string) => void;
}

/** The open note's attachments (attachments/<note_id>/…): open one, delete one. */
export function AttachmentsPanel(props: Props) {
  const [version, setVersion] = createSignal(0);
  const [error, setError] = createSignal<string | null>(null);
  // Read through `latest`: a refetch must not suspend the editor around it (it would detach the
  // editor's DOM for a moment, and a drop finishing then would find no editor to insert into).
  const [resource] = createResource(
    () => [props.noteId, version()] as const,
    async ([id]) => {
      const res = await props.client.api.read('notes.listAttachments', [id]);
      return res.ok ? (res.value as AttachmentEntry[]) : [];
    },
    { initialValue: [] },
  );
  const items = () => resource.latest;
  onCleanup(
    props.client.onChange((b) => {
      if (b.changes.some((c) => c.table === 'notes')) setVersion((v) => v + 1);
    }),
  );

  async function remove(a: AttachmentEntry) {
    if (!confirm(`Delete the attachment “${a.name}”? Embeds of it will show as missing.`)) return;
    const res = await props.client.api.write('notes.deleteAttachment', [props.noteId, a.name]);
    setError(res.ok ? null : res.error.message);
  }

  return (
    <Show when={items().length > 0 || error()}>
      <section class="attachments" aria-label="Attachments">
        <h3>Attachments</h3>
        <Show when={error()}>
          {(m) => (
            <p class="error" role="alert">
              {m()}
            </p>
          )}
        </Show>
        <ul>
          <For each={items()}>
            {(a) => (
              <li>
                <button type="button" class="link" onClick={() => props.onOpen(a.id)}>
                  {a.name}
                </button>
                <span class="muted">{Math.max(1, Math.round(a.size / 1024))} KB</span>
                <button
                  type="button"
                  class="danger"
                  aria-label={`Delete attachment ${a.name}`}
                  onClick={() => void remove(a)}
                >
                  Delete
                </button>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
