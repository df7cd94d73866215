import { registerSW } from 'virtual:pwa-register';
import { createSignal } from 'solid-js';

/**
 * Registers the service worker and surfaces its lifecycle: `needRefresh` when a new version is
 * waiting (the user decides when to reload into it), `offlineReady` once the shell is cached.
 */
export function createUpdatePrompt() {
  const [needRefresh, setNeedRefresh] = createSignal(false);
  const [offlineReady, setOfflineReady] = createSignal(false);
  const [failure, setFailure] = createSignal<string | null>(null);
  let update: ((reload?: boolean) => Promise<void>) | null = null;
  if ('serviceWorker' in navigator) {
    update = registerSW({
      immediate: true,
      onNeedRefresh: () => setNeedRefresh(true),
      onOfflineReady: () => setOfflineReady(true),
      onRegisterError: (err: unknown) => setFailure(`Offline support could not start: ${String(err)}`),
    });
  }
  return {
    needRefresh,
    offlineReady,
    failure,
    dismissOfflineReady: () => setOfflineReady(false),
    later: () => setNeedRefresh(false),
    async reload() {
      await update?.(true);
    },
  };
}
