import type { SyncCall } from '../http/syncHttp';
import { itemKey, type RecordPort } from '../ports';
import type { RunTelemetry } from './runTelemetry';

const CHANGES = '/sync/changes';
const PULL = '/sync/pull';

interface PulledFacts {
  committedAtMs: number;
  cursor: number;
}

/**
 * The pull source of e2e_latency (spec 6.2), observed from outside the pull: each changes page's
 * round trip and `serverTimeMs` is a clock sample; each `POST /sync/pull` answer (and a page's
 * `inline` items) says who signed
 * its items and when the service committed them; `records.apply` then says which of them changed a
 * local row. An item counts only when it changed a row (applied, or merged as a conflict: an
 * unchanged, equal-clock or dominated item does not) and another device signed it (this device's
 * own pushes come back on the feed). One observer per run.
 */
export function observePull(run: RunTelemetry, deps: { now: () => number; deviceId: string }) {
  const pulled = new Map<string, PulledFacts>();

  function notePulled(body: unknown): void {
    const items = (body as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) return;
    for (const item of items as Record<string, unknown>[]) {
      const { type, id, deviceId, committedAtMs, serverCursor } = item;
      if (typeof type !== 'string' || typeof id !== 'string' || deviceId === deps.deviceId) continue;
      // a service without `committedAtMs` (spec 9.7, additive field) gives nothing to measure
      if (typeof committedAtMs !== 'number' || typeof serverCursor !== 'number') continue;
      pulled.set(itemKey({ type, id }), { committedAtMs, cursor: serverCursor });
    }
  }

  return {
    call(inner: SyncCall): SyncCall {
      return async <T>(method: string, path: string, options?: Parameters<SyncCall>[2]) => {
        const sentAt = deps.now();
        const res = await inner<T>(method, path, options);
        if (!res.ok) return res;
        if (method === 'GET' && path.startsWith(CHANGES)) {
          const serverTimeMs = (res.value as { serverTimeMs?: unknown } | null)?.serverTimeMs;
          if (typeof serverTimeMs === 'number') run.sample({ sentAt, receivedAt: deps.now(), serverTimeMs });
          // a first page's inline items (spec 2.4) are pull items the pull applies without a POST
          notePulled({ items: (res.value as { inline?: unknown } | null)?.inline });
        } else if (method === 'POST' && path === PULL) {
          notePulled(res.value);
        }
        return res;
      };
    },
    records(inner: RecordPort): RecordPort {
      return {
        ...inner,
        apply: async (items, orphans) => {
          const result = await inner.apply(items, orphans);
          // after the slice's transaction committed: the item is on this device from now on
          const appliedAt = deps.now();
          for (const key of result.changed) {
            const facts = pulled.get(itemKey(key));
            if (!facts) continue;
            pulled.delete(itemKey(key));
            run.applied({ appliedAt, ...facts });
          }
          return result;
        },
      };
    },
  };
}
