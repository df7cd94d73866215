import { createResource, createSignal, Show } from 'solid-js';
import { createSaveState } from '../../forms/createSaveState';
import { SaveStatus } from '../../forms/SaveStatus';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import type { InboxEntry } from './inboxTypes';

interface FullItem {
  title: string;
  content: string | null;
}

/**
 * An item's title and text, edited in place (`inbox.update`): read whole when the form opens (the
 * list carries only a snippet), then what the user types until Save. Only the fields changed are
 * sent; an emptied text becomes null. A refusal (an empty title, one over 500 characters) shows
 * in the inbox's failure line and leaves the typing in the boxes.
 */
export function ItemEditForm(props: {
  item: InboxEntry;
  client: VaultClient;
  onSave: (patch: { title?: string; content?: string | null }) => Promise<boolean>;
}) {
  const [full, { refetch }] = createResource(
    () => props.item.id,
    async (id) => {
      const res = await readOp<FullItem>(props.client, 'inbox.get', id);
      return res.ok ? res.value : null;
    },
  );
  const [title, setTitle] = createSignal<string | null>(null);
  const [text, setText] = createSignal<string | null>(null);
  const saving = createSaveState();
  async function save(e: SubmitEvent) {
    e.preventDefault();
    const stored = full();
    if (!stored) return;
    const patch: { title?: string; content?: string | null } = {};
    const t = title();
    if (t !== null && t.trim() !== stored.title) patch.title = t.trim();
    const c = text();
    if (c !== null && c !== (stored.content ?? '')) patch.content = c === '' ? null : c;
    if (Object.keys(patch).length === 0) return;
    if (await saving.track(() => props.onSave(patch))) {
      // the boxes show the stored item again, now the saved one
      await refetch();
      setTitle(null);
      setText(null);
    }
  }
  return (
    <Show when={full()}>
      {(stored) => (
        <form class="inbox-edit" onSubmit={(e) => void save(e)} onInput={() => saving.edited()}>
          <label>
            Title
            <input
              value={title() ?? stored().title}
              onInput={(e) => setTitle(e.currentTarget.value)}
              maxLength={500}
              required
            />
          </label>
          <label>
            Text
            <textarea
              rows={4}
              value={text() ?? stored().content ?? ''}
              onInput={(e) => setText(e.currentTarget.value)}
              maxLength={100_000}
            />
          </label>
          <div class="inbox-actions">
            <button type="submit" aria-label={`Save changes to ${props.item.title}`}>
              Save
            </button>
            <SaveStatus state={saving.state()} label={`Save of ${props.item.title}`} />
          </div>
        </form>
      )}
    </Show>
  );
}
