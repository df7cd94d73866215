/// <reference lib="webworker" />
// Composition root of the vault worker: wires the browser's IndexedDB, Web Locks and
// BroadcastChannel into the platform-free vault and exposes its API through Comlink.
import * as Comlink from 'comlink';
import { openMetaDb } from './db/meta';
import { openVault } from './vault/openVault';
import { createVaultApi } from './vault/vaultApi';

const requested = new URL(self.location.href).searchParams.get('vault');
const ready = openVault(
  {
    meta: openMetaDb(),
    locks: navigator.locks,
    openChannel: (name) => new BroadcastChannel(name),
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
  },
  requested,
).then(createVaultApi);

// Calls made before the vault is open wait for it: each method resolves the API first.
const api = new Proxy(
  {},
  {
    get:
      (_t, method: string) =>
      async (...args: unknown[]) => {
        const target = (await ready) as unknown as Record<string, (...a: unknown[]) => unknown>;
        const fn = target[method];
        if (typeof fn !== 'function') throw new Error(`unknown vault method ${method}`);
        return fn(...args);
      },
  },
);
Comlink.expose(api);
