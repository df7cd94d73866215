import * as Comlink from 'comlink';
import { createSignal } from 'solid-js';
import type { ChangeBatch } from '../../worker/changes/changeFeed';
import type { SyncApi } from '../../worker/sync/syncApi';
import type { SyncState } from '../../worker/sync/syncController';
import { DIAGNOSTICS_TABLE } from '../../worker/sync/syncDiagnosticsTable';
import type { VaultRemote } from '../vault/createVaultClient';

/**
 * The sync store of the UI: the worker's sync state as a signal, and the API to act on it.
 * A module signal (like the audit source) because settings is mounted apart from the app bar;
 * connected by the app bar's indicator, which holds the vault client.
 */
const [state, setState] = createSignal<SyncState | null>(null);
const [api, setApi] = createSignal<Comlink.Remote<SyncApi> | null>(null);
// bumped when the diagnostics log changed (in this tab's engine or another tab's): Settings re-reads
const [diagnosticsVersion, setDiagnosticsVersion] = createSignal(0);
// The vault client connected last: switching vaults starts a new worker, whose sync replaces it.
let connectedTo: unknown = null;

export const syncState = state;
export const syncApi = api;
export const syncDiagnosticsVersion = diagnosticsVersion;

export function connectSync(client: {
  api: VaultRemote;
  onChange?: (listener: (batch: ChangeBatch) => void) => () => void;
}): void {
  if (connectedTo === client.api) return;
  connectedTo = client.api;
  client.onChange?.((batch) => {
    if (connectedTo !== client.api) return;
    if (batch.changes.some((c) => c.table === DIAGNOSTICS_TABLE)) setDiagnosticsVersion((v) => v + 1);
  });
  setApi(null);
  setState(null);
  void client.api.sync().then(async (remote) => {
    if (connectedTo !== client.api) return;
    setApi(() => remote);
    await remote.onState(Comlink.proxy((s: SyncState) => setState(s)));
    // spec 3.1: a parked outbox polls the client policy when the app comes to the foreground
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void remote.foreground();
    });
  });
}
