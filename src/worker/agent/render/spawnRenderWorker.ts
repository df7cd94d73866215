/** The render worker as Vite bundles it (a nested module worker of the vault worker). */
export function spawnRenderWorker(): Worker {
  return new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: 'cairn-render' });
}
