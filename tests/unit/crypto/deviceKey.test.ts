import { describe, expect, it } from 'vitest';
import {
  type DeviceKeyStore,
  type DeviceSigningKey,
  generateDeviceKey,
  loadOrCreateDeviceKey,
  parseDeviceSigningKey,
  signWithDeviceKey,
} from '../../../src/sync/crypto/deviceKey';
import { nobleEd25519Verifier } from '../../../src/sync/crypto/ed25519Verify';
import { verifyEd25519 } from '../../../src/sync/protocol/signing';

const subtle = globalThis.crypto.subtle;
const noEd25519 = new Proxy(subtle, {
  get(target, prop) {
    if (prop === 'generateKey')
      return () => Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError'));
    const value: unknown = Reflect.get(target, prop);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});

/** An in-memory store whose values pass through structuredClone, as IndexedDB does. */
function memoryStore(initial?: unknown): DeviceKeyStore & { puts: number } {
  let value: unknown = initial;
  return {
    puts: 0,
    async load() {
      return value === undefined ? undefined : structuredClone(value);
    },
    async putIfAbsent(key: DeviceSigningKey) {
      this.puts++;
      if (value === undefined) value = structuredClone(key);
      return structuredClone(value);
    },
  };
}

const message = new TextEncoder().encode('signed by this install');

describe('generateDeviceKey', () => {
  it('makes a non-extractable WebCrypto key when Ed25519 is available', async () => {
    const key = await generateDeviceKey(subtle);
    expect(key.kind).toBe('webcrypto');
    if (key.kind !== 'webcrypto') return;
    expect(key.privateKey.extractable).toBe(false);
    await expect(subtle.exportKey('pkcs8', key.privateKey)).rejects.toThrow();
    expect(key.publicKey.length).toBe(32);
  });

  it('falls back to noble where WebCrypto lacks Ed25519, and to noble with no WebCrypto', async () => {
    expect((await generateDeviceKey(noEd25519)).kind).toBe('noble');
    expect((await generateDeviceKey(undefined)).kind).toBe('noble');
  });

  it.each([
    ['webcrypto', subtle],
    ['noble', undefined],
  ] as const)('%s keys sign verifiably after a structured clone', async (_name, runtime) => {
    const key = parseDeviceSigningKey(structuredClone(await generateDeviceKey(runtime)));
    expect(key).not.toBeNull();
    if (!key) return;
    const signature = await signWithDeviceKey(key, message);
    expect(await verifyEd25519(key.publicKey, message, signature)).toBe(true);
    expect(await nobleEd25519Verifier.verify(key.publicKey, message, signature)).toBe(true);
  });
});

describe('loadOrCreateDeviceKey', () => {
  it('creates once, then returns the stored key', async () => {
    const store = memoryStore();
    const first = await loadOrCreateDeviceKey(store, subtle);
    const second = await loadOrCreateDeviceKey(store, subtle);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.key.publicKey).toEqual(first.key.publicKey);
    expect(store.puts).toBe(1);
  });

  it('two racing creators end with one key', async () => {
    const store = memoryStore();
    const [a, b] = await Promise.all([
      loadOrCreateDeviceKey(store, subtle),
      loadOrCreateDeviceKey(store, undefined),
    ]);
    if (!a.ok || !b.ok) throw new Error('expected keys');
    expect(a.key.publicKey).toEqual(b.key.publicKey);
  });

  it('reports an unreadable stored value and does not replace it', async () => {
    const store = memoryStore({ kind: 'noble', secretKey: new Uint8Array(3), publicKey: new Uint8Array(32) });
    const result = await loadOrCreateDeviceKey(store, subtle);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'DEVICE_KEY_UNREADABLE' }) });
    expect(store.puts).toBe(0);
  });
});

describe('parseDeviceSigningKey', () => {
  it('refuses a public CryptoKey in place of the private key', async () => {
    const pair = (await subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    expect(
      parseDeviceSigningKey({ kind: 'webcrypto', privateKey: pair.publicKey, publicKey: new Uint8Array(32) }),
    ).toBeNull();
    expect(parseDeviceSigningKey('key')).toBeNull();
  });
});
