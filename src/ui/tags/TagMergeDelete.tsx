import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';

interface Props {
  client: VaultClient;
  tag: string;
  /** every tag name, to merge into */
  tags: readonly string[];
  onDone: (selected: string | null) => void;
  onError: (message: string | null) => void;
}

/** Merge the chosen tag into another (tags.mergeTag) or delete it everywhere (tags.deleteTag). */
export function TagMergeDelete(props: Props) {
  const [merging, setMerging] = createSignal(false);
  const [into, setInto] = createSignal('');
  const others = () => props.tags.filter((t) => t.toLowerCase() !== props.tag.toLowerCase());

  async function merge() {
    const target = into();
    if (target === '') return;
    const res = await props.client.api.write('tags.mergeTag', [props.tag, target]);
    props.onError(res.ok ? null : res.error.message);
    if (res.ok) {
      setMerging(false);
      props.onDone(target);
    }
  }

  async function remove() {
    if (!confirm(`Remove #${props.tag} (and the tags below it) from every note? The notes stay.`)) return;
    const res = await props.client.api.write('tags.deleteTag', [props.tag]);
    props.onError(res.ok ? null : res.error.message);
    if (res.ok) props.onDone(null);
  }

  return (
    <>
      <button type="button" aria-expanded={merging()} onClick={() => setMerging((m) => !m)}>
        Merge tag…
      </button>
      <button type="button" class="danger" onClick={() => void remove()}>
        Delete tag
      </button>
      <Show when={merging()}>
        <form
          class="tag-merge"
          onSubmit={(e) => {
            e.preventDefault();
            void merge();
          }}
        >
          <label>
            Merge #{props.tag} into
            <select
              aria-label="Merge into tag"
              value={into()}
              onChange={(e) => setInto(e.currentTarget.value)}
            >
              <option value="">Choose a tag</option>
              <For each={others()}>{(t) => <option value={t}>#{t}</option>}</For>
            </select>
          </label>
          <button type="submit" class="primary" disabled={into() === ''}>
            Merge
          </button>
        </form>
      </Show>
    </>
  );
}
