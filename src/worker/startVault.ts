/// <reference lib="webworker" />
// The whole vault (operations, CRDT bodies, search, sync, agent tools): most of the worker's
// code, loaded as its own chunk by vault.worker.ts so the first note list does not wait for it.
import { openMetaDb } from './db/meta';
import { createBundledPdfFonts } from './export/bundledPdfFonts';
import { createBrowserExtractors } from './extract/browser/browserExtractors';
import { openVault } from './vault/openVault';
import { createVaultApi, type VaultApi } from './vault/vaultApi';

export async function startVault(vaultId: string): Promise<VaultApi> {
  const vault = await openVault(
    {
      meta: openMetaDb(),
      locks: navigator.locks,
      openChannel: (name) => new BroadcastChannel(name),
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      extractors: createBrowserExtractors(),
      onOnline: (listener) => self.addEventListener('online', listener),
      pdfFonts: createBundledPdfFonts(),
    },
    vaultId,
  );
  return createVaultApi(vault);
}
