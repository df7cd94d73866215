import { createSignal, For, Show } from 'solid-js';
import type { SectionProps } from '../../app/section';
import { reconciledValueStorage } from '../../vault/reconciledStorage';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { BulkBar } from './BulkBar';
import { createBulkActions, fileAllStale } from './bulkActions';
import { CaptureForm } from './CaptureForm';
import { CaptureMedia } from './CaptureMedia';
import { createSelection } from './createSelection';
import { captureOpFor, toBase64 } from './fileData';
import { InboxItem } from './InboxItem';
import { createInboxActions } from './inboxActions';
import type { InboxPage, Undoable } from './inboxTypes';
import { retryPreviewsWhenOnline } from './offlinePreviews';
import { StalePanel } from './StalePanel';
import { UndoToast } from './UndoToast';
import '../planning.css';
import './inbox.css';

const LISTS = [
  ['', 'Inbox', 'inbox.list'],
  ['snoozed', 'Snoozed', 'inbox.getSnoozed'],
  ['archived', 'Archived', 'inbox.listArchived'],
  ['history', 'Filed', 'inbox.getFilingHistory'],
] as const;

/** `#/inbox[/snoozed|/archived]`: capture, triage and undo. */
export function InboxSection(props: SectionProps) {
  const failure = createFailure();
  const list = () => LISTS.find(([id]) => id === (props.path()[0] ?? '')) ?? LISTS[0];
  // Reconciled by id: a re-read (after any inbox write) keeps each row, so an item's open More
  // panel, its suggestions and what is typed in its forms stay.
  const page = createLive(
    props.client,
    ['inbox', 'settings'],
    list,
    ([, , op]) => readOp<InboxPage>(props.client, op, { limit: 100 }),
    reconciledValueStorage<InboxPage>('id'),
  );
  const [undo, setUndo] = createSignal<Undoable | null>(null);

  const [notice, setNotice] = createSignal<string | null>(null);
  const run = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp<unknown>(props.client, op, ...args)) !== null;
  const actions = createInboxActions(props.client, {
    failure,
    offerUndo: setUndo,
    tell: setNotice,
    putBack: (id) => run('inbox.undoFile', id),
  });
  const selection = createSelection(() => (page.data()?.items ?? []).map((i) => i.id), list);
  const bulk = createBulkActions(props.client, selection.ids, {
    failure,
    offerUndo: setUndo,
    tell: setNotice,
    done: selection.clear,
  });
  /** Undo item by item; the first refusal stops and is shown (the ones before it stay undone). */
  async function undoAll(u: Undoable) {
    for (const id of u.ids) if (!(await run(u.op, id))) return;
  }

  /** A file capture: the operation by type; anything else is refused here with a clear message. */
  async function captureFile(file: Blob, name?: string, durationMs?: number): Promise<boolean> {
    const op = captureOpFor(file.type);
    if (op === null) {
      failure.take({
        ok: false,
        error: {
          code: 'VALIDATION',
          message: `${name ?? 'This file'} is not an image, a PDF or a recording.`,
        },
      });
      return false;
    }
    const data = await toBase64(file);
    return run(op, {
      data,
      mimeType: file.type,
      ...(name ? { name } : {}),
      ...(durationMs !== undefined ? { durationMs: Math.round(durationMs) } : {}),
    });
  }

  const previewsOn = () => props.settings.value('inbox').fetchLinkPreviews;
  /**
   * A link is kept at once and its preview asked for; offline the worker records why there is
   * none and the preview is fetched once the browser is back online (docs/planning.md, Inbox).
   */
  async function captureLink(url: string): Promise<boolean> {
    const res = await writeOp<{ id: string }>(props.client, 'inbox.captureLink', { url });
    if (failure.take(res) === null || !res.ok) return false;
    if (previewsOn()) void writeOp(props.client, 'inbox.retryMetadata', res.value.id);
    return true;
  }
  retryPreviewsWhenOnline(props.client, () => page.data()?.items ?? [], previewsOn);

  return (
    <div class="planning inbox-section">
      <nav class="plan-tabs" aria-label="Inbox lists">
        <For each={LISTS}>
          {([id, label]) => (
            <a href={`#/inbox${id ? `/${id}` : ''}`} aria-current={list()[0] === id ? 'page' : undefined}>
              {label}
            </a>
          )}
        </For>
      </nav>
      <CaptureForm
        onCapture={(kind, text) => (kind === 'link' ? captureLink(text) : run('inbox.captureText', { text }))}
        onPasteFile={(file) => void captureFile(file, file.name || undefined)}
      />
      <CaptureMedia onFile={captureFile} onClip={(c) => run('inbox.captureClip', c)} />
      <FailureBanner error={failure.error() ?? page.error()} onDismiss={failure.clear} />
      <Show when={notice()}>
        {(n) => (
          <p class="inbox-notice" role="status">
            {n()}
            <button type="button" aria-label="Dismiss message" onClick={() => setNotice(null)}>
              ×
            </button>
          </p>
        )}
      </Show>
      <p class="count" aria-live="polite">
        {page.data()?.total ?? page.data()?.items.length ?? 0}{' '}
        {list()[1] === 'Inbox' ? 'open' : list()[1].toLowerCase()}
        <Show when={(page.data()?.staleCount ?? 0) > 0}> · {page.data()?.staleCount} stale</Show>
      </p>
      <Show when={list()[0] === ''}>
        <StalePanel
          client={props.client}
          days={page.data()?.staleDays ?? 14}
          stale={page.data()?.staleCount ?? 0}
          onDays={(days) => run('inbox.setStaleThreshold', days)}
          onFileAll={(target, label) =>
            fileAllStale(props.client, target, label, { failure, offerUndo: setUndo })
          }
        />
      </Show>
      <Show when={(list()[0] === '' || list()[0] === 'snoozed') && (page.data()?.items.length ?? 0) > 0}>
        <button
          type="button"
          class="inbox-select-mode"
          aria-pressed={selection.selecting()}
          onClick={() => selection.setSelecting(!selection.selecting())}
        >
          Select
        </button>
      </Show>
      <Show when={selection.ids().length > 0}>
        <BulkBar
          client={props.client}
          count={selection.ids().length}
          total={page.data()?.items.length ?? 0}
          actions={bulk}
          onSelectAll={selection.all}
          onClear={selection.clear}
        />
      </Show>
      <ul class="inbox-list" classList={{ selecting: selection.selecting() }} aria-label={list()[1]}>
        <For each={page.data()?.items} fallback={<li class="empty">Nothing here.</li>}>
          {(item) => (
            <InboxItem
              item={item}
              actions={actions}
              client={props.client}
              selected={selection.has(item.id)}
              onSelect={(on) => selection.toggle(item.id, on)}
            />
          )}
        </For>
      </ul>
      <Show when={undo()}>
        {(u) => <UndoToast undo={u()} onUndo={undoAll} onDismiss={() => setUndo(null)} />}
      </Show>
    </div>
  );
}
