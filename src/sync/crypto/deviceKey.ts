import { ed25519 } from '@noble/curves/ed25519.js';
import { asBufferSource } from './bytes';

/**
 * The per-install Ed25519 signing key (spec section 5.3). Where the runtime has WebCrypto
 * Ed25519 the private key is a non-extractable CryptoKey: script can sign with it but never read
 * it. Otherwise it is a 32-byte @noble/curves secret. Both shapes are structured-cloneable, so
 * the worker persists the object as-is in IndexedDB.
 */
export type DeviceSigningKey =
  | { readonly kind: 'webcrypto'; readonly privateKey: CryptoKey; readonly publicKey: Uint8Array }
  | { readonly kind: 'noble'; readonly secretKey: Uint8Array; readonly publicKey: Uint8Array };

/**
 * Where the key lives (IndexedDB in the worker). Guarantee required of an implementation:
 * `putIfAbsent` is atomic: when two tabs race, exactly one key is stored and both callers get
 * that stored key back, so an install never signs with two keys.
 */
export interface DeviceKeyStore {
  load(): Promise<unknown>;
  putIfAbsent(key: DeviceSigningKey): Promise<unknown>;
}

export interface DeviceKeyError {
  code: 'DEVICE_KEY_UNREADABLE';
  message: string;
}

const ALGORITHM = { name: 'Ed25519' } as const;

/** A fresh key: WebCrypto non-extractable when `subtle` supports Ed25519, noble otherwise. */
export async function generateDeviceKey(subtle: SubtleCrypto | undefined): Promise<DeviceSigningKey> {
  if (subtle) {
    try {
      const pair = (await subtle.generateKey(ALGORITHM, false, ['sign', 'verify'])) as CryptoKeyPair;
      const publicKey = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
      return { kind: 'webcrypto', privateKey: pair.privateKey, publicKey };
    } catch {
      // No Ed25519 in this runtime's WebCrypto: fall through to noble.
    }
  }
  const { secretKey, publicKey } = ed25519.keygen();
  return { kind: 'noble', secretKey, publicKey };
}

/** Checks a value read back from storage; null when it is not a usable key. */
export function parseDeviceSigningKey(value: unknown): DeviceSigningKey | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!(v.publicKey instanceof Uint8Array) || v.publicKey.length !== 32) return null;
  if (v.kind === 'noble' && v.secretKey instanceof Uint8Array && v.secretKey.length === 32) {
    return { kind: 'noble', secretKey: v.secretKey, publicKey: v.publicKey };
  }
  if (v.kind === 'webcrypto' && isSigningCryptoKey(v.privateKey)) {
    return { kind: 'webcrypto', privateKey: v.privateKey, publicKey: v.publicKey };
  }
  return null;
}

function isSigningCryptoKey(value: unknown): value is CryptoKey {
  return (
    typeof CryptoKey !== 'undefined' &&
    value instanceof CryptoKey &&
    value.type === 'private' &&
    value.algorithm.name === 'Ed25519' &&
    value.usages.includes('sign')
  );
}

/**
 * The install's key, created on first use. An unreadable stored value is reported, never
 * silently replaced: a new key would not match the public key the device id is registered under
 * (spec 5.4), and the repair is a deliberate re-registration by the sign-in flow.
 */
export async function loadOrCreateDeviceKey(
  store: DeviceKeyStore,
  subtle: SubtleCrypto | undefined,
): Promise<{ ok: true; key: DeviceSigningKey } | { ok: false; error: DeviceKeyError }> {
  const existing = await store.load();
  const stored =
    existing === undefined || existing === null
      ? await store.putIfAbsent(await generateDeviceKey(subtle))
      : existing;
  const key = parseDeviceSigningKey(stored);
  if (key) return { ok: true, key };
  return {
    ok: false,
    error: { code: 'DEVICE_KEY_UNREADABLE', message: 'The stored device signing key is not usable' },
  };
}

/** Signs `message`; 64 bytes. Throws only if the runtime loses a capability it had at keygen. */
export async function signWithDeviceKey(key: DeviceSigningKey, message: Uint8Array): Promise<Uint8Array> {
  if (key.kind === 'noble') return ed25519.sign(message, key.secretKey);
  const subtle = globalThis.crypto.subtle;
  return new Uint8Array(await subtle.sign(ALGORITHM, key.privateKey, asBufferSource(message)));
}
