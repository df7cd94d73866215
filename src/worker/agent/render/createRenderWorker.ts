import * as Comlink from 'comlink';
import type { FileRenderer, RenderOutcome, RenderRequest } from '../../tools/view/fileRenderer';

/** A render worker holds pdf.js and decoded pages: let it go once agents stop looking. */
export const RENDER_IDLE_MS = 60_000;

interface RenderRemote {
  render(request: RenderRequest): Promise<RenderOutcome>;
}

/**
 * The vault worker's FileRenderer: starts the dedicated render worker on the first call and ends
 * it after RENDER_IDLE_MS without calls. `spawn` is injected (the composition root passes
 * `new Worker(new URL(...))`), so this file holds no bundler-specific code.
 */
export function createRenderWorker(spawn: () => Worker, idleMs = RENDER_IDLE_MS): FileRenderer {
  let worker: Worker | null = null;
  let remote: Comlink.Remote<RenderRemote> | null = null;
  /** rejects when the worker dies (a script error, out of memory): Comlink alone would wait forever */
  let died: Promise<never> = Promise.race([]);
  let running = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;

  function stop() {
    remote?.[Comlink.releaseProxy]();
    worker?.terminate();
    worker = null;
    remote = null;
  }

  return {
    async render(request) {
      clearTimeout(idle);
      if (worker === null || remote === null) {
        const spawned = spawn();
        worker = spawned;
        remote = Comlink.wrap<RenderRemote>(spawned);
        died = new Promise<never>((_, reject) =>
          spawned.addEventListener('error', (event) => reject(new Error(event.message || 'worker error'))),
        );
        died.catch(() => {
          if (worker === spawned) stop();
        });
      }
      running++;
      try {
        return await Promise.race([remote.render(request), died]);
      } catch (cause) {
        const message = cause instanceof Error ? cause.message : String(cause);
        return { ok: false, reason: 'unreadable', message: `The render worker stopped: ${message}` };
      } finally {
        running--;
        if (running === 0) idle = setTimeout(stop, idleMs);
      }
    },
  };
}
