import { For, Show } from 'solid-js';
import type { TagEntry } from '../../worker/domain/tags/tagList';
import type { VaultClient } from '../vault/createVaultClient';
import { createTagView } from './createTagView';
import { PinToggle } from './PinToggle';
import { TagCategories } from './TagCategories';
import { TagLooksForm } from './TagLooksForm';
import { TagMergeDelete } from './TagMergeDelete';
import { TagOrder } from './TagOrder';
import './tags.css';

interface Props {
  client: VaultClient;
  onOpen: (id: string) => void;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "Tag topic, 2 notes" (and its tasks and captures when it has some): the tag button's name. */
function tagLabel(t: TagEntry): string {
  const parts = [plural(t.counts.notes, 'note')];
  if (t.counts.tasks > 0) parts.push(plural(t.counts.tasks, 'task'));
  if (t.counts.captures > 0) parts.push(plural(t.counts.captures, 'capture'));
  return `Tag ${t.name}, ${parts.join(', ')}`;
}

/**
 * The sidebar's tags in the vault's tag order, nested tags indented under their
 * parents, each in its colour; the chosen tag's looks, category, place in the order, notes and
 * rename/merge/delete.
 */
export function TagView(props: Props) {
  const view = createTagView(props.client);
  const depth = (name: string) => name.split('/').length - 1;
  const leaf = (name: string) => name.slice(name.lastIndexOf('/') + 1);
  const chosen = () => view.tags().find((t) => t.name.toLowerCase() === view.selected()?.toLowerCase());
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
                  aria-label={tagLabel(t)}
                  aria-pressed={view.selected()?.toLowerCase() === t.name.toLowerCase()}
                  onClick={() => view.select(t.name)}
                >
                  <span class="tag-swatch" data-color={t.color ?? undefined} aria-hidden="true" />
                  {t.icon ? `${t.icon} ` : ''}#{leaf(t.name)} <span class="count">{t.count}</span>
                </button>
                <Show when={t.category_name}>{(c) => <span class="count">{c()}</span>}</Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={view.error()}>
        {(m) => (
          <p class="error" role="alert">
            {m()}
          </p>
        )}
      </Show>
      <TagCategories categories={view.categories()} write={view.write} />
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
            <Show when={chosen()}>
              {(t) => (
                <>
                  <TagLooksForm tag={t()} categories={view.categories()} write={view.write} />
                  <TagOrder view={view} tag={t()} />
                </>
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
