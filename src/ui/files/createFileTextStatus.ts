import { createResource, onCleanup } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * Where text extraction of one file stands, kept current: re-read whenever the change feed
 * says this file's extracted text changed (the leader tab writes it, perhaps another tab).
 */
export function createFileTextStatus(client: VaultClient, id: () => string) {
  const [status, { refetch }] = createResource(id, (fileId) => client.api.fileTextStatus(fileId));
  const stop = client.onChange((batch) => {
    const current = id();
    if (batch.changes.some((c) => c.table === 'fileTexts' && c.ids.includes(current))) void refetch();
  });
  onCleanup(stop);
  return status;
}
