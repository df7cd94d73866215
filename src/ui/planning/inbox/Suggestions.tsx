import { createSignal, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp, writeOp } from '../shared/callOp';
import type { InboxEntry } from './inboxTypes';

interface Suggestion {
  kind: 'folder' | 'project';
  id: string;
  name: string;
  matched: string[];
  /** `history`: similar items were filed there */
  why: ('name' | 'history')[];
  similarFiled: number;
}

const reasonOf = (s: Suggestion) =>
  [
    s.similarFiled > 0
      ? `${s.similarFiled} similar ${s.similarFiled === 1 ? 'item' : 'items'} filed there`
      : '',
    s.matched.length > 0 ? `shares: ${s.matched.join(', ')}` : '',
  ]
    .filter((r) => r !== '')
    .join('; ');

/**
 * "Where could this go?": where similar items were filed and folders and projects sharing words
 * with the item; one click files (and tells the inbox the suggestion was taken), ✕ dismisses one
 * so it is not offered for this item again.
 */
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
  const answer = (s: Suggestion, outcome: 'accepted' | 'dismissed') =>
    writeOp(props.client, 'inbox.trackSuggestion', props.item.id, { kind: s.kind, target: s.id, outcome });
  async function dismiss(s: Suggestion) {
    const res = await answer(s, 'dismissed');
    if (res.ok) setList((l) => (l ?? []).filter((x) => x !== s));
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
              <span class="suggestion">
                <button
                  type="button"
                  title={reasonOf(s)}
                  onClick={() => {
                    // the answer is advice for later suggestions: filing goes on if it fails
                    void answer(s, 'accepted');
                    props.onFile(s.kind === 'folder' ? { folder: s.id } : { projectId: s.id }, s.name);
                  }}
                >
                  File to {s.kind === 'folder' ? 'folder' : 'project'} {s.name}
                </button>
                <button
                  type="button"
                  class="dismiss"
                  aria-label={`Dismiss suggestion ${s.name}`}
                  onClick={() => void dismiss(s)}
                >
                  ✕
                </button>
              </span>
            )}
          </For>
        </fieldset>
      )}
    </Show>
  );
}
