import { Show } from 'solid-js';
import { syncState } from '../sync/syncSource';
import type { PersistState } from './createStoragePersistence';

/**
 * Beside the sync status: when nothing is synced and the browser may evict this site's storage,
 * the vault lives only in storage the browser can clear. Said once, in words, with the reason.
 */
export function PersistNotice(props: { state: () => PersistState }) {
  const syncing = () => {
    const s = syncState();
    return s !== null && s !== undefined && s.setup === 'ready' && !s.revoked;
  };
  return (
    <Show when={props.state() !== 'granted' && !syncing()}>
      <span
        class="persist-notice"
        data-testid="persist-notice"
        title="This browser may clear the vault under storage pressure, and it is not synced. Export a backup (Folders, Export vault), or turn on sync."
      >
        Not backed up
      </span>
    </Show>
  );
}
