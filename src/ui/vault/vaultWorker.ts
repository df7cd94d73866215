/**
 * The vault worker. The first one starts when this module evaluates: main.tsx imports it before
 * anything else, so the worker's code loads and the vault opens while the UI's own modules
 * evaluate. It opens the vault the address names (`?vault=<id>`), else the one opened last.
 * A vault switch starts another one on the chosen vault.
 */
const startWorker = (vaultId: string | null) =>
  new Worker(new URL('../../worker/vault.worker.ts', import.meta.url), {
    type: 'module',
    // The worker reads its vault from its name: its own URL is fixed by the bundler.
    name: vaultId ? `cairn-vault:${vaultId}` : 'cairn-vault',
  });

const initialVault = new URL(location.href).searchParams.get('vault');
let eager: Worker | null = startWorker(initialVault);

/** The worker for `vaultId`: the one started at load when it is for that vault, else a new one. */
export function takeVaultWorker(vaultId: string | null): Worker {
  if (eager !== null && vaultId === initialVault) {
    const w = eager;
    eager = null;
    return w;
  }
  return startWorker(vaultId);
}
