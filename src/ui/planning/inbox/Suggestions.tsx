import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import type { InboxEntry } from './inboxTypes';

interface Suggestion {
  kind: 'folder' | 'project';
  id: string;
  name: string;
  matched: string[];
}

/** "Where could this go?": folders and projects sharing words with the item, one click to file. */
export function Suggestions(props: {
  client: VaultClient;
  item: InboxEntry;
  onFile: (target: { folder: string } | { projectId: string }, label: string) => void;
}) {
  const [list, setList] = createSignal<Suggestion[] | null>(null);
  async function load() {
    const res = await readOp<{ suggestions: Suggestion[] }>(
      props.client,
      'inbox.getSuggestions',
      props.item.id,
    );
    setList(res.ok ? res.value.suggestions : []);
  }
  return (
    <Show
      when={list()}
      fallback={
        <button
          type="button"
          aria-label={`Suggest where to file ${props.item.title}`}
          onClick={() => void load()}
        >
          Suggest
        </button>
      }
    >
      {(l) => (
        <fieldset class="suggestions">
          <legend class="visually-hidden">Suggestions for {props.item.title}</legend>
          <For each={l()} fallback={<span class="empty">No folder or project matches.</span>}>
            {(s) => (
              <button
                type="button"
                title={`shares: ${s.matched.join(', ')}`}
                onClick={() =>
                  props.onFile(s.kind === 'folder' ? { folder: s.id } : { projectId: s.id }, s.name)
                }
              >
                File to {s.kind === 'folder' ? 'folder' : 'project'} {s.name}
              </button>
            )}
          </For>
        </fieldset>
      )}
    </Show>
  );
}
