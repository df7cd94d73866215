import * as Comlink from 'comlink';
import { createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import type { SearchHit } from '../../worker/search/searchTypes';
import { showModalWhenConnected } from '../app/showModal';
import type { VaultClient } from '../vault/createVaultClient';
import { RebuildIndex } from './RebuildIndex';
import { Snippet } from './Snippet';

interface Props {
  client: VaultClient;
  onOpen: (id: string) => void;
  onClose: () => void;
}

/** Full-text search (Ctrl/Cmd+K): results as you type, matched words highlighted; arrows and Enter open one. */
export function SearchDialog(props: Props) {
  let dialog!: HTMLDialogElement;
  let input!: HTMLInputElement;
  const [hits, setHits] = createSignal<SearchHit[]>([]);
  const [active, setActive] = createSignal(0);
  const [message, setMessage] = createSignal<string | null>(null);
  let asked = 0;
  onMount(() => {
    showModalWhenConnected(dialog);
    requestAnimationFrame(() => input.focus());
  });

  // The index takes a save in a moment after it is written (and another tab's writes too): the
  // results follow it without retyping, and the highlighted result stays highlighted.
  let stopIndexed: (() => Promise<void>) | null = null;
  let closed = false;
  void props.client.api.onSearchIndexed(Comlink.proxy(() => void search(input.value, true))).then((stop) => {
    if (closed) void stop();
    else stopIndexed = stop;
  });
  onCleanup(() => {
    closed = true;
    void stopIndexed?.();
  });

  /** Runs `q`; `again` when the index changed under the same query (the highlight is kept). */
  async function search(q: string, again = false) {
    const ticket = ++asked;
    if (q.trim() === '') {
      setHits([]);
      setMessage(null);
      return;
    }
    const res = await props.client.api.read('search.query', [q, { limit: 20 }]);
    if (ticket !== asked) return; // a newer query is on its way
    if (!res.ok) {
      setHits([]);
      setMessage(res.error.message);
      return;
    }
    const found = res.value as SearchHit[];
    const was = again ? hits()[active()]?.id : undefined;
    setHits(found);
    setActive(
      Math.max(
        0,
        found.findIndex((h) => h.id === was),
      ),
    );
    setMessage(found.length === 0 ? 'No notes match.' : null);
  }

  function open(hit: SearchHit | undefined) {
    if (!hit) return;
    dialog.close();
    props.onOpen(hit.id);
  }

  return (
    <dialog ref={dialog} class="search" aria-label="Search" onClose={props.onClose}>
      {/* The WAI-ARIA combobox: the field keeps the focus, ↑/↓ move the active result. */}
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search notes"
        aria-expanded={hits().length > 0}
        aria-autocomplete="list"
        aria-activedescendant={hits().length > 0 ? `search-hit-${active()}` : undefined}
        placeholder="Search notes and files…"
        aria-controls="search-results"
        onInput={(e) => void search(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => Math.min(hits().length - 1, i + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            open(hits()[active()]);
          }
        }}
      />
      {/* The number of results is announced as it changes. */}
      <p role="status" class={message() ? undefined : 'visually-hidden'}>
        {message() ??
          (hits().length > 0
            ? `${hits().length} ${hits().length === 1 ? 'note matches' : 'notes match'}.`
            : '')}
      </p>
      <div id="search-results" role="listbox" aria-label="Search results">
        <For each={hits()}>
          {(hit, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys (↑/↓/Enter)
            <div
              id={`search-hit-${i()}`}
              role="option"
              tabIndex={-1}
              class="hit"
              aria-selected={i() === active()}
              onMouseMove={() => setActive(i())}
              onClick={() => open(hit)}
            >
              <span class="title">{hit.title}</span>
              <Show when={hit.folder_path}>
                <span class="folder">{hit.folder_path}</span>
              </Show>
              <Snippet html={hit.snippet} />
            </div>
          )}
        </For>
      </div>
      <RebuildIndex client={props.client} />
    </dialog>
  );
}
