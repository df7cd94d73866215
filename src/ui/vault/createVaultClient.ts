import * as Comlink from 'comlink';
import { createSignal } from 'solid-js';
import type { ChangeBatch } from '../../worker/changes/changeFeed';
import type { VaultApi, VaultInfo } from '../../worker/vault/vaultApi';
import { vaultWorker } from './vaultWorker';

export type VaultRemote = Comlink.Remote<VaultApi>;

/**
 * The one IO client of the UI: starts the vault worker, wraps it with Comlink and fans the
 * worker's change feed out to the feature stores. The UI never imports Dexie.
 */
export function createVaultClient() {
  const worker = vaultWorker;
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

  return {
    api,
    info,
    isLeader,
    /** Calls `listener` after every committed change of this vault, from this tab or another. */
    onChange(listener: (batch: ChangeBatch) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
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
