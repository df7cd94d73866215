/**
 * The vault worker. In a build the first one is started by an inline script in index.html while
 * the page is parsed (scripts/earlyWorkerPlugin.ts); otherwise it starts when this module
 * evaluates: main.tsx imports it before anything else, so the worker's code loads and the vault
 * opens while the UI's own modules evaluate. It opens the vault the address names
 * (`?vault=<id>`), else the one opened last. A vault switch starts another one on the chosen vault.
 */
import { WORKER_UP } from '../../worker/workerUp';

declare global {
  interface Window {
    /** set by the inline script of index.html (builds only) */
    __cairnVaultWorker?: { vault: string | null; worker: Worker; up: Promise<void> };
  }
}

const startWorker = (vaultId: string | null) =>
  new Worker(new URL('../../worker/vault.worker.ts', import.meta.url), {
    type: 'module',
    // The worker reads its vault from its name: its own URL is fixed by the bundler.
    name: vaultId ? `cairn-vault:${vaultId}` : 'cairn-vault',
  });

/** Settles on the worker's first message: its thread is up and its code is running. */
const upOf = (worker: Worker) =>
  new Promise<void>((resolve) => {
    const heard = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type !== WORKER_UP) return;
      worker.removeEventListener('message', heard);
      resolve();
    };
    worker.addEventListener('message', heard);
  });

const initialVault = new URL(location.href).searchParams.get('vault');
const early = window.__cairnVaultWorker;
window.__cairnVaultWorker = undefined;
const reuse = early !== undefined && early.vault === initialVault;
let eager: Worker | null = reuse ? early.worker : startWorker(initialVault);
const eagerUp = reuse ? early.up : upOf(eager);
if (early && early.worker !== eager) early.worker.terminate();

/**
 * Resolves once the load's worker thread is running, or after `maxMs`. The page renders after it
 * (main.tsx): Blink starts a dedicated worker's thread from a task on the PAGE's main thread, so
 * a first render holding that thread for ~100 ms held the worker's start, and with it the vault's
 * first list page, until the render was done (docs/foundation.md, "Cold load").
 */
export function vaultWorkerUp(maxMs: number): Promise<void> {
  return Promise.race([eagerUp, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}

/** The worker for `vaultId`: the one started at load when it is for that vault, else a new one. */
export function takeVaultWorker(vaultId: string | null): Worker {
  if (eager !== null && vaultId === initialVault) {
    const w = eager;
    eager = null;
    return w;
  }
  return startWorker(vaultId);
}
