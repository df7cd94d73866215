import { createSignal } from 'solid-js';

/**
 * The app's end of sign-in with an identity provider (docs/oauth.md). The service sends the
 * browser back to `<app>/?oauth=callback#setupToken=…` (or `#error=…`). Before the router reads the
 * address, `takeOAuthReturn` keeps what came back and puts the app's own address back (the token
 * never stays in the address bar or the history); the sync panel then trades the token for a
 * session once sync is connected, and Settings opens to show how it went.
 */
export interface OAuthReturn {
  setupToken: string | null;
  error: string | null;
}

const CALLBACK_QUERY = 'oauth=callback';

/** Where the identity provider's round trip ends: this app, at its own address. */
export function oauthCallbackUrl(): string {
  return `${location.origin}${location.pathname}?${CALLBACK_QUERY}`;
}

const [pending, setPending] = createSignal<OAuthReturn | null>(null);
export const oauthReturn = pending;
export const oauthReturnHandled = () => setPending(null);

/** Called once at start-up, before the first render. */
export function takeOAuthReturn(): void {
  if (!location.search.includes(CALLBACK_QUERY)) return;
  const params = new URLSearchParams(location.hash.slice(1));
  history.replaceState(null, '', `${location.pathname}#/`);
  setPending({ setupToken: params.get('setupToken'), error: params.get('error') });
}
