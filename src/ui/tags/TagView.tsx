import { For, Show } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';
import { createTagView } from './createTagView';
import { PinToggle } from './PinToggle';
import { TagMergeDelete } from './TagMergeDelete';

interface Props {
  client: VaultClient;
  onOpen: (id: string) => void;
}

/** The sidebar's tags: nested tags indented under their parents; a tag lists its notes. */
export function TagView(props: Props) {
  const view = createTagView(props.client);
  const depth = (name: string) => name.split('/').length - 1;
  const leaf = (name: string) => name.slice(name.lastIndexOf('/') + 1);
  return (
    <details class="tag-view" onToggle={(e) => view.setOpen(e.currentTarget.open)}>
      <summary>Tags</summary>
      <Show when={view.tags().length > 0} fallback={<p class="empty">No tags yet.</p>}>
        <ul aria-label="Tags">
          <For each={view.tags()}>
            {(t) => (
              <li style={{ 'padding-left': `${depth(t.name) * 14}px` }}>
                <button
                  type="button"
                  aria-label={`Tag ${t.name}, ${t.count} ${t.count === 1 ? 'note' : 'notes'}`}
                  aria-pressed={view.selected()?.toLowerCase() === t.name.toLowerCase()}
                  onClick={() => view.select(t.name)}
                >
                  #{leaf(t.name)} <span class="count">{t.count}</span>
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={view.selected()}>
        {(tag) => (
          <section aria-label={`Notes tagged ${tag()}`}>
            <div class="tag-bar">
              <strong>#{tag()}</strong>
              <button
                type="button"
                onClick={() => {
                  const to = prompt(`Rename #${tag()} in every note to:`, tag());
                  if (to && to.trim() !== '' && to !== tag()) void view.rename(tag(), to.trim());
                }}
              >
                Rename tag
              </button>
              <TagMergeDelete
                client={props.client}
                tag={tag()}
                tags={view.tags().map((t) => t.name)}
                onError={view.setError}
                onDone={(next) => {
                  view.select(null);
                  if (next !== null) view.select(next);
                }}
              />
            </div>
            <Show when={view.error()}>
              {(m) => (
                <p class="error" role="alert">
                  {m()}
                </p>
              )}
            </Show>
            <ul>
              <For each={view.notes()}>
                {(n) => (
                  <li>
                    <button type="button" onClick={() => props.onOpen(n.id)}>
                      {n.title}
                    </button>
                    <PinToggle client={props.client} tag={tag()} note={n} onError={view.setError} />
                  </li>
                )}
              </For>
            </ul>
          </section>
        )}
      </Show>
    </details>
  );
}
