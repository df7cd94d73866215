import { type DeviceKeyStore, type DeviceSigningKey, parseDeviceSigningKey } from '../../sync/crypto';
import type { TokenStore } from '../../sync/engine/account/session';
import type { StatePort } from '../../sync/engine/ports';
import type { SessionTokens } from '../../sync/protocol/auth';
import type { VaultDb } from '../db/schema';

/**
 * Engine state, session, device key and vault key in the vault's `syncState` table. The device key
 * is stored as the structured-cloneable object (a non-extractable CryptoKey where WebCrypto has
 * Ed25519, so script can sign but never read it). The vault key is stored as bytes: IndexedDB of
 * this origin is the trust boundary (docs/keys.md).
 */
export function createStatePort(db: VaultDb): StatePort {
  return {
    async get<T>(key: string) {
      return (await db.syncState.get(key))?.value as T | undefined;
    },
    async set(key, value) {
      await db.syncState.put({ key, value });
    },
  };
}

export const SESSION = 'session';
export const DEVICE_KEY = 'deviceKey';
export const VAULT_KEY = 'vaultKey';
export { BINDING, SYNC_VAULT_ID } from '../../sync/engine/binding/bindingFlow';
export const SERVICE_URL = 'serviceUrl';
/** spec 2.12 `syncPaused`: the user paused this vault's sync (true) until they resume it */
export const SYNC_PAUSED = 'syncPaused';

export function createTokenStore(db: VaultDb): TokenStore {
  return {
    async load() {
      return ((await db.syncState.get(SESSION))?.value as SessionTokens | undefined) ?? null;
    },
    async save(tokens) {
      if (tokens) await db.syncState.put({ key: SESSION, value: tokens });
      else await db.syncState.delete(SESSION);
    },
  };
}

/** putIfAbsent is one transaction, so two tabs racing store exactly one key (deviceKey.ts contract). */
export function createDeviceKeyStore(db: VaultDb): DeviceKeyStore {
  return {
    async load() {
      return (await db.syncState.get(DEVICE_KEY))?.value;
    },
    putIfAbsent(key: DeviceSigningKey) {
      return db.transaction('rw', db.syncState, async () => {
        const existing = (await db.syncState.get(DEVICE_KEY))?.value;
        if (parseDeviceSigningKey(existing)) return existing;
        await db.syncState.put({ key: DEVICE_KEY, value: key });
        return key;
      });
    },
  };
}
