import * as Comlink from 'comlink';
import { createSignal, getOwner, onCleanup } from 'solid-js';
import type { ChangeBatch } from '../../worker/changes/changeFeed';
import type { VaultApi, VaultInfo } from '../../worker/vault/vaultApi';
import { takeVaultWorker } from './vaultWorker';

export type VaultRemote = Comlink.Remote<VaultApi>;

/**
 * The one IO client of the UI: starts the vault worker on `vaultId` (null: the vault opened
 * last), wraps it with Comlink and fans the worker's change feed out to the feature stores. The
 * UI never imports Dexie. When its owner is disposed (a vault switch), the vault closes and the
 * worker ends.
 */
export function createVaultClient(vaultId: string | null = null) {
  const worker = takeVaultWorker(vaultId);
  const api = Comlink.wrap<VaultApi>(worker);
  const [info, setInfo] = createSignal<VaultInfo | null>(null);
  const [isLeader, setLeader] = createSignal(false);
  const listeners = new Set<(batch: ChangeBatch) => void>();
  const docListeners = new Map<string, Set<(update: Uint8Array) => void>>();

  void api.onChange(
    Comlink.proxy((batch: ChangeBatch) => {
      for (const l of listeners) l(batch);
    }),
  );
  void api.onNoteUpdate(
    Comlink.proxy((id: string, update: Uint8Array) => {
      for (const l of docListeners.get(id) ?? []) l(update);
    }),
  );
  void api.onLeaderChange(Comlink.proxy((leader: boolean) => setLeader(leader)));
  void api.info().then(setInfo);
  const switchListeners = new Set<(vaultId: string) => void>();
  void api.onSwitch(
    Comlink.proxy((id: string) => {
      for (const l of switchListeners) l(id);
    }),
  );
  if (getOwner())
    onCleanup(() => {
      // Close first so the vault's leader lock and channels are let go, then end the worker.
      void api.close().finally(() => worker.terminate());
    });

  return {
    api,
    info,
    /** Re-reads the vault's info (after a rename). */
    refreshInfo: () => void api.info().then(setInfo),
    isLeader,
    /** Calls `listener` after every committed change of this vault, from this tab or another. */
    onChange(listener: (batch: ChangeBatch) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Calls `listener` when vault.switch (from this UI or an agent) asks to open another vault. */
    onSwitch(listener: (vaultId: string) => void): () => void {
      switchListeners.add(listener);
      return () => switchListeners.delete(listener);
    },
    /** Calls `listener` with every update of note `id`'s body made elsewhere (another tab, an operation). */
    onNoteUpdate(id: string, listener: (update: Uint8Array) => void): () => void {
      const set = docListeners.get(id) ?? new Set();
      set.add(listener);
      docListeners.set(id, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) docListeners.delete(id);
      };
    },
  };
}

export type VaultClient = ReturnType<typeof createVaultClient>;
