import { For, Show } from 'solid-js';
import type { TaskCard } from '../../worker/planning/tasks/taskCard';
import { itemRoute } from '../app/itemRoute';
import { readOp } from '../planning/shared/callOp';
import { createLiveValue } from '../planning/shared/createLiveValue';
import type { VaultClient } from '../vault/createVaultClient';

interface LinkedTasksReply {
  tasks: (TaskCard & { via: string[] })[];
  total: number;
}

/**
 * The tasks the open note links to (`svc://task/<id>` or `#/tasks/task/<id>`) or that were made
 * from it; shown only when there is one, so a note without tasks keeps its details area quiet.
 */
export function LinkedTasks(props: { client: VaultClient; noteId: string }) {
  // plain signals: a resource read here, inside the editor's Suspense boundary, would suspend the
  // editor on every save (its DOM detached, the keystrokes typed meanwhile lost)
  const linked = createLiveValue(
    props.client,
    ['notes', 'tasks'],
    () => props.noteId,
    (id) => readOp<LinkedTasksReply>(props.client, 'tasks.getLinkedTasks', id, { limit: 50 }),
  );
  return (
    <Show when={(linked.data()?.total ?? 0) > 0}>
      <section class="links-section linked-tasks" aria-label="Linked tasks">
        <h3>
          Linked tasks <span class="links-count">{linked.data()?.total}</span>
        </h3>
        <ul>
          <For each={linked.data()?.tasks}>
            {(t) => (
              <li>
                <a class="link-entry" href={itemRoute('task', t.id) ?? '#/'}>
                  {t.completedAt ? '✓ ' : ''}
                  {t.title}
                  <Show when={t.due}>
                    <span class="link-folder">due {t.due}</span>
                  </Show>
                </a>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
