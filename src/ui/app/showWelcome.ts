import type { VaultClient } from '../vault/createVaultClient';

/**
 * Once a browser profile has been shown a welcome note, vaults it creates later start empty: the
 * person already knows the app. (The e2e suite starts every context as such a profile, in
 * playwright.config.ts, so its specs meet the empty vault they were written against.)
 */
export const WELCOME_SHOWN = 'cairn.welcomeShown';

/**
 * First open of a vault created on this device: the worker makes its "Welcome to Cairn" note
 * (once per vault, never again after a delete) and the app opens on it, unless the address
 * already names a place.
 */
export function showWelcome(client: VaultClient, openNote: (id: string) => void, hasPlace: () => boolean) {
  if (localStorage.getItem(WELCOME_SHOWN)) return;
  void client.api.welcome().then((id) => {
    if (id === null) return;
    localStorage.setItem(WELCOME_SHOWN, '1');
    if (!hasPlace()) openNote(id);
  });
}
