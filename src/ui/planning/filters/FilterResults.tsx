import { For, Match, Switch } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';

interface Applied {
  name: string;
  target: 'tasks' | 'notes';
  tasks?: { id: string; title: string; due: string | null; priority: number }[];
  notes?: { id: string; title: string; folderPath: string }[];
  hasMore: boolean;
}

/** What a saved filter matches now; stays current as tasks and notes change. */
export function FilterResults(props: { client: VaultClient; id: string }) {
  const applied = createLive(
    props.client,
    ['tasks', 'notes', 'savedFilters'],
    () => props.id,
    (id) => readOp<Applied>(props.client, 'savedFilters.apply', id, { limit: 200 }),
  );
  const count = () => (applied.data()?.tasks ?? applied.data()?.notes ?? []).length;
  return (
    <section aria-label={`Results of ${applied.data()?.name ?? 'filter'}`}>
      <FailureBanner error={applied.error()} />
      <p class="count" aria-live="polite">
        {count()}
        {applied.data()?.hasMore ? '+' : ''} {applied.data()?.target === 'notes' ? 'notes' : 'tasks'} match
      </p>
      <ul class="record-list" aria-label="Matches">
        <Switch>
          <Match when={applied.data()?.target === 'tasks'}>
            <For each={applied.data()?.tasks} fallback={<li class="empty">No tasks match.</li>}>
              {(t) => (
                <li>
                  <a href={`#/tasks/task/${encodeURIComponent(t.id)}`}>{t.title}</a>
                  <span class="record-meta">{t.due ? `due ${t.due}` : ''}</span>
                </li>
              )}
            </For>
          </Match>
          <Match when={applied.data()?.target === 'notes'}>
            <For each={applied.data()?.notes} fallback={<li class="empty">No notes match.</li>}>
              {(n) => (
                <li>
                  <a href={`#/note/${encodeURIComponent(n.id)}`}>{n.title}</a>
                  <span class="record-meta">{n.folderPath}</span>
                </li>
              )}
            </For>
          </Match>
        </Switch>
      </ul>
    </section>
  );
}
