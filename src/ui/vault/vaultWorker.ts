/**
 * The vault worker. In a build the first one is started by an inline script in index.html while
 * the page is parsed (scripts/earlyWorkerPlugin.ts); otherwise it starts when this module
 * evaluates: main.tsx imports it before anything else, so the worker's code loads and the vault
 * opens while the UI's own modules evaluate. It opens the vault the address names
 * (`?vault=<id>`), else the one opened last. A vault switch starts another one on the chosen vault.
 */
declare global {
  interface Window {
    /** set by the inline script of index.html (builds only) */
    __cairnVaultWorker?: { vault: string | null; worker: Worker };
  }
}

const startWorker = (vaultId: string | null) =>
  new Worker(new URL('../../worker/vault.worker.ts', import.meta.url), {
    type: 'module',
    // The worker reads its vault from its name: its own URL is fixed by the bundler.
    name: vaultId ? `cairn-vault:${vaultId}` : 'cairn-vault',
  });

const initialVault = new URL(location.href).searchParams.get('vault');
const early = window.__cairnVaultWorker;
window.__cairnVaultWorker = undefined;
let eager: Worker | null = early && early.vault === initialVault ? early.worker : startWorker(initialVault);
if (early && early.worker !== eager) early.worker.terminate();

/** The worker for `vaultId`: the one started at load when it is for that vault, else a new one. */
export function takeVaultWorker(vaultId: string | null): Worker {
  if (eager !== null && vaultId === initialVault) {
    const w = eager;
    eager = null;
    return w;
  }
  return startWorker(vaultId);
}
