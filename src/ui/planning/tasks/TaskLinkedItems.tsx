import { For, Show } from 'solid-js';
import { itemRoute } from '../../app/itemRoute';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';

interface LinkedItems {
  notes: { id: string; title: string; folderPath: string }[];
  canvases: { id: string; title: string; path: string }[];
}

/** The notes that link to a task and the canvases with a card of it, each a link that opens it. */
export function TaskLinkedItems(props: { client: VaultClient; taskId: string }) {
  const items = createLive(
    props.client,
    ['notes', 'canvases', 'tasks'],
    () => props.taskId,
    (id) => readOp<LinkedItems>(props.client, 'tasks.getLinkedItems', id),
  );
  const count = () => (items.data()?.notes.length ?? 0) + (items.data()?.canvases.length ?? 0);
  return (
    <section class="task-linked" aria-labelledby="task-linked-title">
      <h3 id="task-linked-title">Linked notes and canvases</h3>
      <Show when={count() > 0} fallback={<p class="links-empty">No note or canvas links to this task.</p>}>
        <ul>
          <For each={items.data()?.notes}>
            {(n) => (
              <li>
                <a href={itemRoute('note', n.id) ?? '#/'}>Note: {n.title}</a>
              </li>
            )}
          </For>
          <For each={items.data()?.canvases}>
            {(c) => (
              <li>
                <a href={itemRoute('canvas', c.id) ?? '#/'}>Canvas: {c.path}</a>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
