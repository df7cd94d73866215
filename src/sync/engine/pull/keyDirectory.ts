import { fromBase64 } from '../../crypto';
import type { DeviceListResponse } from '../../protocol/devices';
import type { SyncResult } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/**
 * The signing-key directory (`GET /auth/devices`, revoked devices included: what they signed
 * before revocation stays valid, spec 5.3). Fetched once per run and again when an item names a
 * device it does not list (a device that signed up since).
 */
export function createKeyDirectory(call: SyncCall) {
  let keys: Map<string, Uint8Array> | null = null;
  // one request at a time: a slice's items are opened together (pullChanges.ts)
  let loading: Promise<SyncResult<Map<string, Uint8Array>>> | null = null;
  function load(): Promise<SyncResult<Map<string, Uint8Array>>> {
    loading ??= fetchKeys().finally(() => {
      loading = null;
    });
    return loading;
  }
  async function fetchKeys(): Promise<SyncResult<Map<string, Uint8Array>>> {
    const res = await call<DeviceListResponse>('GET', '/auth/devices');
    if (!res.ok) return res;
    keys = new Map();
    for (const d of res.value.devices) {
      const key = fromBase64(d.publicKey);
      if (key) keys.set(d.deviceId, key);
    }
    return { ok: true, value: keys };
  }
  return {
    /** every registered device's key (revoked ones included), loaded once a run (the pack path, spec 3.7) */
    async all(): Promise<SyncResult<ReadonlyMap<string, Uint8Array>>> {
      if (keys) return { ok: true, value: keys };
      return load();
    },
    /** null when the device is unknown even after a reload; an error when the directory failed */
    async keyOf(deviceId: string): Promise<SyncResult<Uint8Array | null>> {
      if (!keys?.has(deviceId)) {
        const loaded = await load();
        if (!loaded.ok) return loaded;
      }
      return { ok: true, value: keys?.get(deviceId) ?? null };
    },
  };
}

export type KeyDirectory = ReturnType<typeof createKeyDirectory>;
