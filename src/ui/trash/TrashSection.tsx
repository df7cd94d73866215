import { createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import type { SectionProps } from '../app/section';
import { readOp, writeOp } from '../planning/shared/callOp';
import { ConfirmDialog } from './ConfirmDialog';

/** An entry of `trash.list` (docs/trash.md). */
interface TrashEntry {
  kind: 'note' | 'file' | 'folder' | 'task' | 'project' | 'canvas' | 'journal';
  id: string;
  title: string;
  /** a note, file or folder: where it was */
  folder_path?: string;
  /** a task: its project's name ('' when that project is gone too) */
  project?: string;
  trashed_at: string;
  purge_at: string;
  count?: number;
}

const GROUPS = [
  ['note', 'Notes'],
  ['file', 'Files'],
  ['folder', 'Folders'],
  ['task', 'Tasks'],
  ['project', 'Projects'],
  ['canvas', 'Canvases'],
  ['journal', 'Journal entries'],
] as const;

/** The tables whose changes can change what the Trash holds. */
const TRASH_TABLES = new Set(['notes', 'tasks', 'projects', 'canvases', 'journal']);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The Trash: what was deleted in the last 30 days, by kind, each with when it was deleted,
 * Restore and Delete forever; Empty trash behind the app's own confirmation. It follows the
 * vault's changes (a delete or restore on another device or tab shows here).
 */
export function TrashSection(props: SectionProps) {
  const [version, setVersion] = createSignal(0);
  const [error, setError] = createSignal<string | null>(null);
  const [said, setSaid] = createSignal('');
  const [asking, setAsking] = createSignal<null | { what: string; run: () => Promise<void> }>(null);
  const [entries] = createResource(version, async () => {
    const res = await readOp<TrashEntry[]>(props.client, 'trash.list');
    if (!res.ok) setError(res.error.message);
    return res.ok ? res.value : [];
  });
  onCleanup(
    props.client.onChange((b) => {
      if (b.changes.some((c) => TRASH_TABLES.has(c.table))) setVersion((v) => v + 1);
    }),
  );
  const items = () => entries.latest ?? [];

  async function act(op: string, args: unknown[], done: string): Promise<void> {
    const res = await writeOp(props.client, op, ...args);
    if (!res.ok) {
      setError(res.error.message);
      return;
    }
    setError(null);
    setSaid(done);
    setVersion((v) => v + 1);
  }
  const where = (e: TrashEntry) =>
    e.kind === 'project'
      ? 'Projects'
      : e.kind === 'journal'
        ? 'the journal'
        : e.kind === 'task'
          ? e.project
            ? `the project ${e.project}`
            : 'a deleted project (it comes back in the Inbox)'
          : e.folder_path
            ? e.folder_path
            : 'the vault root';
  const counted = (e: TrashEntry) =>
    e.count === undefined
      ? ''
      : e.kind === 'task'
        ? ` · ${e.count} subtask${e.count === 1 ? '' : 's'}`
        : e.kind === 'project'
          ? ` · ${e.count} task${e.count === 1 ? '' : 's'}`
          : ` · ${e.count} item${e.count === 1 ? '' : 's'}`;

  return (
    <section class="trash" aria-labelledby="trash-heading">
      <div class="trash-head">
        <h2 id="trash-heading">Trash</h2>
        <Show when={items().length > 0}>
          <button
            type="button"
            class="danger"
            onClick={() =>
              setAsking({
                what: `${items().length} item${items().length === 1 ? '' : 's'}`,
                run: () => act('trash.empty', [], 'The Trash is empty.'),
              })
            }
          >
            Empty trash
          </button>
        </Show>
      </div>
      <p class="muted">Deleted items stay here for 30 days, then they are deleted for good.</p>
      <p class="trash-said" role="status">
        {said()}
      </p>
      <Show when={error()}>
        {(m) => (
          <p class="error" role="alert">
            {m()}
          </p>
        )}
      </Show>
      <Show when={!entries.loading || entries.latest !== undefined}>
        <Show when={items().length > 0} fallback={<p class="empty">The Trash is empty.</p>}>
          <For each={GROUPS}>
            {([kind, label]) => (
              <Show when={items().some((e) => e.kind === kind)}>
                <h3>{label}</h3>
                <ul class="trash-list" aria-label={label}>
                  <For each={items().filter((e) => e.kind === kind)}>
                    {(e) => (
                      <li>
                        <div class="trash-item">
                          <strong>{e.title}</strong>
                          <span class="muted">
                            {' '}
                            in {where(e)}
                            {counted(e)}
                          </span>
                          <div class="muted">
                            Deleted{' '}
                            <time datetime={e.trashed_at}>{dateTime.format(new Date(e.trashed_at))}</time> ·
                            deleted for good on{' '}
                            <time datetime={e.purge_at}>{day.format(new Date(e.purge_at))}</time>
                          </div>
                        </div>
                        <div class="trash-actions">
                          <button
                            type="button"
                            aria-label={`Restore ${e.title}`}
                            onClick={() =>
                              void act('trash.restore', [e.kind, e.id], `Restored “${e.title}”.`)
                            }
                          >
                            Restore
                          </button>
                          <button
                            type="button"
                            class="danger"
                            aria-label={`Delete ${e.title} forever`}
                            onClick={() =>
                              setAsking({
                                what: `“${e.title}”`,
                                run: () =>
                                  act(
                                    'trash.deletePermanent',
                                    [e.kind, e.id],
                                    `Deleted “${e.title}” for good.`,
                                  ),
                              })
                            }
                          >
                            Delete forever
                          </button>
                        </div>
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
            )}
          </For>
        </Show>
      </Show>
      <Show when={asking()}>
        {(a) => (
          <ConfirmDialog
            title="Delete forever?"
            message={`${a().what} will be deleted for good, on every synced device. This cannot be undone.`}
            confirmLabel="Delete forever"
            onConfirm={() => {
              setAsking(null);
              void a().run();
            }}
            onCancel={() => setAsking(null)}
          />
        )}
      </Show>
    </section>
  );
}
