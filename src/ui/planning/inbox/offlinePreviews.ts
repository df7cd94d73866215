import { createEffect, onCleanup } from 'solid-js';
import { PREVIEW_OFFLINE } from '../../../worker/domain/inbox/linkPreview';
import type { VaultClient } from '../../vault/createVaultClient';
import { writeOp } from '../shared/callOp';
import type { InboxEntry } from './inboxTypes';

/** Whether a link was captured (or last retried) while offline and so still waits for its preview. */
export const waitsForOnline = (item: Pick<InboxEntry, 'type' | 'processingError'>): boolean =>
  item.type === 'link' && (item.processingError?.includes(PREVIEW_OFFLINE) ?? false);

/**
 * A link captured offline keeps its plain URL, and the worker records why (`no preview:
 * offline…`). While the browser is online and link previews are on, the listed links that wait
 * are fetched (`inbox.retryMetadata`): when the list shows them (the inbox opened later) and when
 * the browser comes back online. Each is tried once per time online, so a worker that still
 * answers "offline" cannot start a loop.
 */
export function retryPreviewsWhenOnline(
  client: VaultClient,
  items: () => readonly InboxEntry[],
  previewsOn: () => boolean,
) {
  const tried = new Set<string>();
  const retry = async (list: readonly InboxEntry[]) => {
    if (!navigator.onLine || !previewsOn()) return;
    for (const item of list.filter((i) => waitsForOnline(i) && !tried.has(i.id))) {
      tried.add(item.id);
      await writeOp(client, 'inbox.retryMetadata', item.id);
    }
  };
  const online = () => {
    tried.clear();
    void retry(items());
  };
  createEffect(() => void retry(items()));
  window.addEventListener('online', online);
  onCleanup(() => window.removeEventListener('online', online));
}
