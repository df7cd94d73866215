import { createEffect, createSignal, For, onMount, Show } from 'solid-js';
import type { NoteVersionRow } from '../../worker/db/schema';
import type { VersionSummary } from '../../worker/stores/noteVersions';
import { showModalWhenConnected } from '../app/showModal';
import type { VaultClient } from '../vault/createVaultClient';
import { versionDiff } from './versionDiff';

interface Props {
  client: VaultClient;
  noteId: string;
  onClose: () => void;
}

const when = (t: number) =>
  new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const REASON = {
  edit: 'While editing',
  agent: 'Before an agent’s change',
  restore: 'Before a restore',
  import: 'Imported',
};

/** The note's history: pick a version to read it, restore it (the current text is kept as a version). */
export function VersionsDialog(props: Props) {
  let dialog!: HTMLDialogElement;
  // Plain signals, not resources: a resource read inside the editor's Suspense boundary would
  // suspend it, detaching this dialog from the top layer.
  const [versions, setVersions] = createSignal<VersionSummary[]>([]);
  const [picked, setPicked] = createSignal<string | null>(null);
  const [preview, setPreview] = createSignal<NoteVersionRow | null>(null);
  // the note's text now, read when a version is picked: what the diff compares against
  const [current, setCurrent] = createSignal('');
  const refetch = async () => setVersions(await props.client.api.listVersions(props.noteId));
  void refetch();
  createEffect(() => {
    const id = picked();
    if (id === null) return setPreview(null);
    void Promise.all([props.client.api.getVersion(id), props.client.api.getNote(props.noteId)]).then(
      ([v, note]) => {
        if (picked() !== id) return;
        setCurrent(note?.markdown ?? '');
        setPreview(v);
      },
    );
  });
  const [message, setMessage] = createSignal<string | null>(null);
  onMount(() => showModalWhenConnected(dialog));

  async function restore(id: string) {
    const res = await props.client.api.restoreVersion(id);
    if (!res.ok) return setMessage(res.error.message);
    setMessage('Restored. The text it replaced is kept in this history.');
    setPicked(null);
    void refetch();
  }

  return (
    <dialog ref={dialog} class="versions" aria-label="Note history" onClose={props.onClose}>
      <h2>History</h2>
      <Show when={message()}>{(m) => <p role="status">{m()}</p>}</Show>
      <Show when={(versions() ?? []).length > 0} fallback={<p>No earlier versions yet.</p>}>
        <ul class="version-list">
          <For each={versions()}>
            {(v) => (
              <li>
                <button type="button" aria-pressed={picked() === v.id} onClick={() => setPicked(v.id)}>
                  {when(v.created)} · {REASON[v.reason]} · {v.bytes} bytes
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={preview()}>
        {(v) => (
          <section aria-label="Version preview">
            <VersionChanges version={v().markdown} now={current()} />
            <details>
              <summary>The whole version</summary>
              <pre class="version-preview">{v().markdown || '(empty)'}</pre>
            </details>
            <button type="button" class="primary" onClick={() => void restore(v().id)}>
              Restore this version
            </button>
          </section>
        )}
      </Show>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}

/** What changed from a version to now: removed lines, added lines, unchanged ones folded. */
function VersionChanges(props: { version: string; now: string }) {
  const diff = () => versionDiff(props.version, props.now);
  return (
    <section aria-label="Changes since this version">
      <p>
        <Show when={diff().added + diff().removed > 0} fallback="Same as now.">
          Since this version: {diff().added} {diff().added === 1 ? 'line' : 'lines'} added, {diff().removed}{' '}
          {diff().removed === 1 ? 'line' : 'lines'} removed.
        </Show>
      </p>
      <Show when={diff().added + diff().removed > 0}>
        <div class="version-diff">
          <For each={diff().runs}>
            {(run) => (
              <Show
                when={run.kind !== 'fold'}
                fallback={<div class="diff-fold">… {run.hidden} unchanged lines</div>}
              >
                <For each={run.lines}>
                  {(line) =>
                    run.kind === 'added' ? (
                      <ins>
                        <span class="visually-hidden">Added: </span>
                        {line || ' '}
                      </ins>
                    ) : run.kind === 'removed' ? (
                      <del>
                        <span class="visually-hidden">Removed: </span>
                        {line || ' '}
                      </del>
                    ) : (
                      <div>{line || ' '}</div>
                    )
                  }
                </For>
              </Show>
            )}
          </For>
        </div>
      </Show>
    </section>
  );
}
