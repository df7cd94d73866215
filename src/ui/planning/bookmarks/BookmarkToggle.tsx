import { createSignal, Show } from 'solid-js';
import { StarMark } from '../../icons/StarMark';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp, writeOp } from '../shared/callOp';
import { createLiveValue } from '../shared/createLiveValue';

interface Props {
  client: VaultClient;
  itemType: 'note';
  itemId: string;
}

/**
 * Bookmarks the open item or removes its bookmark (bookmarks.toggle). Its pressed state is read
 * back from the vault, so a bookmark made or removed elsewhere (Home, another tab) shows here.
 */
export function BookmarkToggle(props: Props) {
  const state = createLiveValue(
    props.client,
    ['bookmarks'],
    () => props.itemId,
    (id) => readOp<{ bookmarked: boolean }>(props.client, 'bookmarks.isBookmarked', props.itemType, id),
  );
  const [error, setError] = createSignal<string | null>(null);
  const on = () => state.data()?.bookmarked === true;
  async function toggle() {
    const res = await writeOp(props.client, 'bookmarks.toggle', {
      itemType: props.itemType,
      itemId: props.itemId,
    });
    setError(res.ok ? null : res.error.message);
  }
  return (
    <>
      <button
        type="button"
        class="bookmark-toggle"
        aria-label="Bookmark"
        aria-pressed={on()}
        title={on() ? 'Bookmarked: remove the bookmark' : 'Bookmark this note'}
        disabled={state.data() === undefined}
        onClick={() => void toggle()}
      >
        <StarMark on={on()} />
      </button>
      <Show when={error()}>
        {(m) => (
          <span class="error" role="alert">
            {m()}
          </span>
        )}
      </Show>
    </>
  );
}
