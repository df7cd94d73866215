import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { asBufferSource } from './bytes';

/**
 * Ed25519 verification with two interchangeable backends. WebCrypto is used where the runtime
 * has it (workerd, Chromium, Node 20: about 7x faster, see ARCHITECTURE.md); @noble/curves
 * otherwise. Both follow RFC 8032 (noble runs with `zip215: false`), so a signature accepted by
 * one backend is accepted by the other for every honestly made signature. They can still differ on
 * signatures a key's own holder crafts with small-order components (OpenSSL verifies
 * cofactorless, noble cofactored); that lets nobody forge for a key they do not hold.
 *
 * Guarantee of every verifier: never throws, never rejects; malformed input yields false.
 */
export interface Ed25519Verifier {
  readonly backend: 'webcrypto' | 'noble';
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean>;
}

const ALGORITHM = { name: 'Ed25519' } as const;
const KEY_CACHE_LIMIT = 256;

/**
 * A public key anyone could have made honestly: 32 bytes, a canonical point encoding, not of small
 * order. OpenSSL/BoringSSL (behind WebCrypto) accept small-order keys, for which one signature
 * verifies for many messages; noble's strict mode refuses them. Checking here makes both backends
 * refuse them, and the server should refuse them at device registration too.
 */
export function isUsableEd25519PublicKey(publicKey: Uint8Array): boolean {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32) return false;
  try {
    return !ed25519.Point.fromBytes(publicKey, false).isSmallOrder();
  } catch {
    return false;
  }
}

function wellFormed(publicKey: Uint8Array, signature: Uint8Array): boolean {
  return publicKey instanceof Uint8Array && signature instanceof Uint8Array
    ? publicKey.length === 32 && signature.length === 64
    : false;
}

export const nobleEd25519Verifier: Ed25519Verifier = {
  backend: 'noble',
  async verify(publicKey, message, signature) {
    if (!wellFormed(publicKey, signature) || !(message instanceof Uint8Array)) return false;
    try {
      return ed25519.verify(signature, message, publicKey, { zip215: false });
    } catch {
      return false;
    }
  },
};

/**
 * A verifier over the given SubtleCrypto. Imported public keys are cached (bounded, oldest
 * evicted first) because a push batch verifies up to 100 items from the same device.
 */
export function createWebCryptoEd25519Verifier(subtle: SubtleCrypto): Ed25519Verifier {
  const keys = new Map<string, Promise<CryptoKey>>();
  const importKey = (publicKey: Uint8Array): Promise<CryptoKey> => {
    const id = String.fromCharCode(...publicKey);
    const cached = keys.get(id);
    if (cached) return cached;
    const imported = isUsableEd25519PublicKey(publicKey)
      ? subtle.importKey('raw', asBufferSource(publicKey.slice()), ALGORITHM, false, ['verify'])
      : Promise.reject(new Error('small-order or non-canonical public key'));
    // A failed import is not cached: it answers false now and costs nothing to retry.
    imported.catch(() => keys.delete(id));
    if (keys.size >= KEY_CACHE_LIMIT) {
      const oldest = keys.keys().next();
      if (!oldest.done) keys.delete(oldest.value);
    }
    keys.set(id, imported);
    return imported;
  };
  return {
    backend: 'webcrypto',
    async verify(publicKey, message, signature) {
      if (!wellFormed(publicKey, signature) || !(message instanceof Uint8Array)) return false;
      try {
        const key = await importKey(publicKey);
        return await subtle.verify(ALGORITHM, key, asBufferSource(signature), asBufferSource(message));
      } catch {
        return false;
      }
    },
  };
}

// RFC 8032 section 7.1, test 1 (empty message): proves the runtime's Ed25519 really verifies.
const PROBE_PUBLIC_KEY = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const PROBE_SIGNATURE =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';

/** True when `subtle` imports Ed25519 keys and verifies the RFC 8032 vector. Never throws. */
export async function webCryptoHasEd25519(subtle: SubtleCrypto | undefined): Promise<boolean> {
  if (!subtle) return false;
  try {
    const key = await subtle.importKey(
      'raw',
      asBufferSource(hexToBytes(PROBE_PUBLIC_KEY)),
      ALGORITHM,
      false,
      ['verify'],
    );
    return await subtle.verify(
      ALGORITHM,
      key,
      asBufferSource(hexToBytes(PROBE_SIGNATURE)),
      new Uint8Array(0),
    );
  } catch {
    return false;
  }
}

/** Picks the fastest working backend for the given SubtleCrypto (or none). */
export async function selectEd25519Verifier(subtle: SubtleCrypto | undefined): Promise<Ed25519Verifier> {
  return subtle && (await webCryptoHasEd25519(subtle))
    ? createWebCryptoEd25519Verifier(subtle)
    : nobleEd25519Verifier;
}

let defaultVerifier: Promise<Ed25519Verifier> | undefined;

/** The process-wide verifier, chosen once from `globalThis.crypto.subtle`. */
export function defaultEd25519Verifier(): Promise<Ed25519Verifier> {
  defaultVerifier ??= selectEd25519Verifier(globalThis.crypto?.subtle);
  return defaultVerifier;
}
