import type { RefreshRequest, SessionTokens } from '../../protocol/auth';
import type { SessionPort, SyncCall } from '../http/syncHttp';

/** Where the signed-in session lives (the vault's syncState in the worker). */
export interface TokenStore {
  load(): Promise<SessionTokens | null>;
  save(tokens: SessionTokens | null): Promise<void>;
}

/**
 * The session behind authenticated calls. Refresh is single-flight: concurrent callers that all
 * met TOKEN_EXPIRED share one `POST /auth/refresh`, because a refresh token rotates on use and a
 * second use of the old one would revoke the whole family (docs/protocol.md).
 * A refused refresh (REFRESH_INVALID, DEVICE_REVOKED) clears the session: the user signs in again.
 */
export function createSession(store: TokenStore, unauthenticated: SyncCall, now: () => number): SessionPort {
  let refreshing: Promise<boolean> | null = null;
  async function doRefresh(): Promise<boolean> {
    const tokens = await store.load();
    if (!tokens) return false;
    const body: RefreshRequest = { refreshToken: tokens.refreshToken };
    const res = await unauthenticated<SessionTokens>('POST', '/auth/refresh', { body, auth: false });
    if (res.ok) {
      await store.save(res.value);
      return true;
    }
    if (res.error.status === 401) await store.save(null);
    return false;
  }
  return {
    async accessToken() {
      const tokens = await store.load();
      if (!tokens) return null;
      if (tokens.accessTokenExpiresAt - 30_000 <= now() && (await this.refresh())) {
        return (await store.load())?.accessToken ?? null;
      }
      return tokens.accessToken;
    },
    refresh() {
      refreshing ??= doRefresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
  };
}
