import { createSignal, For, Show } from 'solid-js';
import { StarMark } from '../../icons/StarMark';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { AddProjectFiles } from './AddProjectFiles';
import { AddProjectLink } from './AddProjectLink';
import { EventPicker } from './EventPicker';

interface LinkEntry {
  itemType: 'note' | 'file' | 'event';
  itemId: string;
  pinned: boolean;
  title: string | null;
}
interface Listed {
  links: LinkEntry[];
  linked_counts: { notes: number; files: number; events: number };
}
interface Hit {
  id: string;
  title: string;
  folder_path: string;
  file_type: string;
}

/**
 * A project's links to notes, files and calendar events: pinned first, pin/unpin, unlink, a
 * title search for each kind to add one, and "Add link" / "Add files" to bring new ones in.
 */
export function ProjectLinks(props: { client: VaultClient; projectId: string }) {
  const failure = createFailure();
  const list = createLive(
    props.client,
    ['projectLinks', 'notes', 'calendarEvents'],
    () => props.projectId,
    (id) => readOp<Listed>(props.client, 'tasks.listProjectLinks', id),
  );
  const [query, setQuery] = createSignal('');
  const [hits, setHits] = createSignal<Hit[]>([]);
  const linkOf = (l: { itemType: string; itemId: string }) => ({
    projectId: props.projectId,
    itemType: l.itemType,
    itemId: l.itemId,
  });
  const write = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp(props.client, op, ...args));

  async function search(q: string) {
    setQuery(q);
    if (q.trim() === '') return setHits([]);
    const res = await readOp<Hit[]>(props.client, 'search.quick', q.trim(), 8);
    if (query() === q) setHits(res.ok ? res.value : []);
  }
  const counts = () => list.data()?.linked_counts;

  return (
    <details class="project-links">
      <summary>
        Links ({counts()?.notes ?? 0} notes, {counts()?.files ?? 0} files, {counts()?.events ?? 0} events)
      </summary>
      <FailureBanner error={failure.error() ?? list.error()} onDismiss={failure.clear} />
      <ul class="task-list" aria-label="Project links">
        <For each={list.data()?.links} fallback={<li class="empty">No links yet.</li>}>
          {(l) => (
            <li class="task-row">
              <Show when={l.itemType !== 'event'} fallback={<span>{l.title ?? '(deleted event)'}</span>}>
                <a href={`#/note/${encodeURIComponent(l.itemId)}`}>{l.title ?? '(deleted)'}</a>
              </Show>
              <span class="task-meta">{l.itemType}</span>
              <button
                type="button"
                aria-pressed={l.pinned}
                aria-label={`${l.pinned ? 'Unpin' : 'Pin'} ${l.title ?? l.itemId}`}
                onClick={() => void write('tasks.setProjectLinkPinned', linkOf(l), !l.pinned)}
              >
                <StarMark on={l.pinned} />
              </button>
              <button
                type="button"
                aria-label={`Unlink ${l.title ?? l.itemId}`}
                onClick={() => void write('tasks.unlinkProjectItem', linkOf(l))}
              >
                ×
              </button>
            </li>
          )}
        </For>
      </ul>
      <AddProjectLink client={props.client} projectId={props.projectId} />
      <AddProjectFiles client={props.client} projectId={props.projectId} />
      <input
        type="search"
        aria-label="Find a note or file to link"
        placeholder="Link a note or file…"
        value={query()}
        onInput={(e) => void search(e.currentTarget.value)}
      />
      <ul class="task-list" aria-label="Notes to link">
        <For each={hits()}>
          {(h) => (
            <li class="task-row">
              <button
                type="button"
                onClick={async () => {
                  const itemType = h.file_type === 'markdown' ? 'note' : 'file';
                  if ((await write('tasks.linkProjectItem', linkOf({ itemType, itemId: h.id }))) !== null) {
                    setQuery('');
                    setHits([]);
                  }
                }}
              >
                Link {h.title}
              </button>
              <span class="task-meta">{h.folder_path}</span>
            </li>
          )}
        </For>
      </ul>
      <EventPicker
        client={props.client}
        onPick={async (itemId) =>
          (await write('tasks.linkProjectItem', linkOf({ itemType: 'event', itemId }))) !== null
        }
      />
    </details>
  );
}
