import { createSignal, For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';

interface Hit {
  id: string;
  title: string;
  folder_path: string;
  file_type: string;
}

/** A title search over the vault's notes (not files); picking one calls `onPick` with its id and title. */
export function NotePicker(props: {
  client: VaultClient;
  label: string;
  onPick: (id: string, title: string) => void;
}) {
  const [query, setQuery] = createSignal('');
  const [hits, setHits] = createSignal<Hit[]>([]);
  async function search(q: string) {
    setQuery(q);
    if (q.trim() === '') return setHits([]);
    const res = await readOp<Hit[]>(props.client, 'search.quick', q.trim(), 8);
    // a slower reply for an older query must not replace the newer one's
    if (query() === q) setHits(res.ok ? res.value.filter((h) => h.file_type === 'markdown') : []);
  }
  return (
    <div class="note-picker">
      <input
        type="search"
        aria-label={props.label}
        placeholder="Find a note…"
        value={query()}
        onInput={(e) => void search(e.currentTarget.value)}
      />
      <ul class="task-list" aria-label={`${props.label}: results`}>
        <For each={hits()}>
          {(h) => (
            <li class="task-row">
              <button
                type="button"
                onClick={() => {
                  props.onPick(h.id, h.title);
                  setQuery('');
                  setHits([]);
                }}
              >
                Choose {h.title}
              </button>
              <span class="task-meta">{h.folder_path}</span>
            </li>
          )}
        </For>
      </ul>
    </div>
  );
}
