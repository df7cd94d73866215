import { For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp, writeOp } from '../shared/callOp';
import type { Failure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { MoveButtons } from '../shared/MoveButtons';
import { AddBookmark } from './AddBookmark';
import { type Bookmark, bookmarkHref } from './bookmarkTypes';

/** The bookmarks, in their order: each opens its item; move up/down and remove. */
export function BookmarkList(props: { client: VaultClient; failure: Failure }) {
  const list = createLive(
    props.client,
    ['bookmarks'],
    () => 0,
    () => readOp<{ bookmarks: Bookmark[] }>(props.client, 'bookmarks.list'),
  );
  const act = async (op: string, ...args: unknown[]) =>
    props.failure.take(await writeOp<unknown>(props.client, op, ...args)) !== null;
  const move = (index: number, by: number) => {
    const ids = (list.data()?.bookmarks ?? []).map((b) => b.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    void act('bookmarks.reorder', ids);
  };
  return (
    <section aria-labelledby="bookmarks-heading">
      <h2 id="bookmarks-heading">Bookmarks</h2>
      <AddBookmark client={props.client} onAdd={(input) => act('bookmarks.create', input)} />
      <ul class="record-list" aria-label="Bookmarks">
        <For each={list.data()?.bookmarks} fallback={<li class="empty">No bookmarks yet.</li>}>
          {(b, i) => (
            <li>
              <Show when={bookmarkHref(b)} fallback={<span>{b.title}</span>}>
                {(href) => (
                  <a
                    href={href()}
                    {...(b.itemType === 'url' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {b.title}
                  </a>
                )}
              </Show>
              <div class="record-actions">
                <span class="record-meta">{b.itemType}</span>
                <MoveButtons
                  name={b.title}
                  first={i() === 0}
                  last={i() === (list.data()?.bookmarks.length ?? 0) - 1}
                  onMove={(by) => move(i(), by)}
                />
                <button
                  type="button"
                  aria-label={`Remove bookmark ${b.title}`}
                  onClick={() => act('bookmarks.delete', b.id)}
                >
                  Remove
                </button>
              </div>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
