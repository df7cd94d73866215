import type { SyncCall } from '../http/syncHttp';

/**
 * Tells `read` the `nextCursor` of every changes page read through the returned call. The socket
 * link keeps the highest as the owned-through mark of spec 6.1 (socket items rule 3): items up to
 * it belong to the pull that read the page, which may be applying them right now. Observed on the
 * pull's own calls, so `pullChanges` needs no hook.
 */
export function observeChangesPages(call: SyncCall, read: (nextCursor: number) => void): SyncCall {
  return async <T>(method: string, path: string, options?: Parameters<SyncCall>[2]) => {
    const res = await call<T>(method, path, options);
    if (res.ok && method === 'GET' && path.startsWith('/sync/changes')) {
      const next = (res.value as { nextCursor?: unknown } | null)?.nextCursor;
      if (typeof next === 'number') read(next);
    }
    return res;
  };
}
