import { createEffect, createResource, createSignal, on, onCleanup } from 'solid-js';
import type { FileTransferState } from '../../worker/sync/attachmentSync';
import { syncApi, syncState } from '../sync/syncSource';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * Where one file's bytes are, kept current (issue 15 part 5): asked once with `open` (the file is
 * fetched first), then re-read whenever the sync state changes (every transfer step notifies it)
 * or the change feed says the file changed. Null while sync is not running for this vault.
 */
export function createFileTransfer(client: VaultClient, id: () => string) {
  const [opened, setOpened] = createSignal<string | null>(null);
  const [state, { refetch }] = createResource(
    () => ({ id: id(), api: syncApi() }),
    async ({ id: fileId, api }): Promise<FileTransferState | null> => {
      if (!api) return null;
      const first = opened() !== fileId;
      setOpened(fileId);
      return api.fileState(fileId, first ? 'open' : undefined);
    },
  );
  createEffect(on(syncState, () => void refetch(), { defer: true }));
  const stop = client.onChange((batch) => {
    const current = id();
    if (batch.changes.some((c) => c.table === 'notes' && c.ids.includes(current))) void refetch();
  });
  onCleanup(stop);
  return {
    state,
    /** "Download now" (also when this device downloads no files by itself) */
    async download() {
      await syncApi()?.fileState(id(), 'force');
      void refetch();
    },
  };
}
