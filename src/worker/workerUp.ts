/**
 * The vault worker's first message to its page, posted as its code starts running (before the
 * vault opens): the page waits for it before its first render (src/ui/vault/vaultWorker.ts).
 * Comlink ignores it (no `id`). index.html's inline script (scripts/earlyWorkerPlugin.ts) spells
 * the same string.
 */
export const WORKER_UP = 'cairn:worker-up';
