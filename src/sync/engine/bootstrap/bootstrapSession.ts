import {
  BOOTSTRAP_RENEW_LEAD_SECONDS,
  type BootstrapOpenResponse,
  type BootstrapRenewResponse,
} from '../../protocol/bootstrap';
import type { SyncCall } from '../http/syncHttp';
import type { StatePort } from '../ports';
import { isFreshDevice } from '../pull/freshDevice';

export interface BootstrapDeps {
  call: SyncCall;
  vaultId: string;
  now: () => number;
}

/**
 * A fresh device's bootstrap session (spec 2.10, 3.4, 8.1): opened before the first pull when
 * the device is fresh (freshDevice.ts), its token sent on pull requests to raise
 * the pull buckets (x5 for note bodies: a 10,000-note first sync is no longer paced at 600 body
 * GETs a minute), renewed within 5 minutes of expiry, closed when the first pull completed. Any
 * refusal (404 older server, 501 not configured, 409 already pulled, 429 at the cap) or failure
 * leaves no token and the sync proceeds exactly as without one. Tried once per engine lifetime.
 * In memory only: after a restart the device has a cursor and is no longer eligible anyway.
 */
export function createBootstrapSession(deps: BootstrapDeps) {
  let token: string | null = null;
  let expiresAt = 0;
  let tried = false;
  let renewing: Promise<void> | null = null;

  async function renew(current: string): Promise<void> {
    const res = await deps.call<BootstrapRenewResponse>('POST', '/sync/bootstrap/renew', {
      body: { token: current },
      vaultId: deps.vaultId,
    });
    if (token !== current) return; // closed meanwhile
    if (res.ok && isIssued(res.value)) {
      token = res.value.token;
      expiresAt = res.value.expiresAt;
    } else if (!res.ok && res.error.status !== 0 && res.error.status < 500) token = null;
    // offline or a server error: keep the token while it lasts, the next pull tries again
  }

  return {
    /** opens a session when this device has never pulled; never fails the cycle */
    async openIfFresh(state: StatePort): Promise<void> {
      if (token !== null || tried) return;
      if (!(await isFreshDevice(state))) return;
      tried = true;
      const res = await deps.call<BootstrapOpenResponse>('POST', '/sync/bootstrap', {
        vaultId: deps.vaultId,
      });
      if (res.ok && isIssued(res.value)) {
        token = res.value.token;
        expiresAt = res.value.expiresAt;
      }
    },
    /** the token for a pull request now (renewed first when it is about to expire), or null */
    async current(): Promise<string | null> {
      if (token === null) return null;
      if (deps.now() >= expiresAt) {
        token = null;
        return null;
      }
      if (deps.now() >= expiresAt - BOOTSTRAP_RENEW_LEAD_SECONDS * 1000) {
        const held = token;
        renewing ??= renew(held).finally(() => {
          renewing = null;
        });
        await renewing;
      }
      return token;
    },
    /** the first sync ended: frees the account's slot (a failure only leaves it to expire) */
    async close(): Promise<void> {
      if (token === null) return;
      const held = token;
      token = null;
      await deps.call('POST', '/sync/bootstrap/close', { body: { token: held }, vaultId: deps.vaultId });
    },
    active: () => token !== null,
  };
}

export type BootstrapSession = ReturnType<typeof createBootstrapSession>;

function isIssued(v: unknown): v is BootstrapRenewResponse {
  const r = v as Partial<BootstrapRenewResponse> | null;
  return typeof r?.token === 'string' && r.token.length > 0 && Number.isFinite(r.expiresAt);
}

/** The pull requests the token rides on (spec 8.1's elevated buckets); never a push. */
const PULL_ROUTES: readonly [string, string][] = [
  ['GET', '/sync/changes'],
  ['POST', '/sync/pull'],
  ['GET', '/sync/manifest'],
  ['GET', '/sync/crdt/updates'],
  ['POST', '/sync/crdt/updates/batch'],
  ['GET', '/sync/crdt/snapshot/'],
];

export function isPullRoute(method: string, path: string): boolean {
  const bare = path.split('?')[0] as string;
  return PULL_ROUTES.some(([m, p]) => m === method && (p.endsWith('/') ? bare.startsWith(p) : bare === p));
}

/** A SyncCall that adds `X-Svc-Bootstrap-Token` to pull requests while a session is open. */
export function withBootstrapToken(call: SyncCall, session: Pick<BootstrapSession, 'current'>): SyncCall {
  return async (method, path, options = {}) => {
    const token = isPullRoute(method, path) ? await session.current() : null;
    if (token === null) return call(method, path, options);
    return call(method, path, {
      ...options,
      headers: { ...options.headers, 'x-svc-bootstrap-token': token },
    });
  };
}
