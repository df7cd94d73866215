import { For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import '../../tags/tags.css';

type JournalTag = { name: string; count: number };

/**
 * The tags written in journal entries (`#tag` in a body), each with how many entries carry it
 * (`journal.getAllTags`), kept current as entries are saved.
 */
export function JournalTags(props: { client: VaultClient }) {
  const tags = createLive(
    props.client,
    ['journal'],
    () => null,
    () => readOp<{ tags: JournalTag[] }>(props.client, 'journal.getAllTags'),
  );
  return (
    <section aria-labelledby="journal-tags-title">
      <h3 id="journal-tags-title">Journal tags</h3>
      <Show
        when={(tags.data()?.tags.length ?? 0) > 0}
        fallback={<p class="empty">None yet: write #tag in an entry.</p>}
      >
        <ul class="tag-chips journal-tags" aria-label="Journal tags">
          <For each={tags.data()?.tags}>
            {(t) => (
              <li class="tag-chip">
                #{t.name} <span class="count">{t.count === 1 ? '1 entry' : `${t.count} entries`}</span>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
