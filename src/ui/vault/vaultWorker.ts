/**
 * The vault worker, started when this module evaluates. main.tsx imports it before anything
 * else, so the worker's code loads and the vault opens while the UI's own modules evaluate.
 */
export const vaultWorker = new Worker(new URL('../../worker/vault.worker.ts', import.meta.url), {
  type: 'module',
  name: 'cairn-vault',
});
