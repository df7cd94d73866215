import { KEY_BYTES, NONCE_BYTES, TAG_BYTES } from './aead';
import { fromBase64, utf8 } from './bytes';
import { canonicalJson } from './canonicalJson';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';

/**
 * The wire shapes of sealed data (spec 2.1 and 2.9), with parsing that never throws. No key
 * material here: the server imports this to refuse malformed blobs without decrypting anything.
 */
export interface ItemEnvelope {
  dataNonce: string;
  encryptedData: string;
  encryptedKey: string;
  keyNonce: string;
}

export interface SealedVaultName {
  encryptedName: string;
  nameNonce: string;
}

export interface DecodedItemEnvelope {
  dataNonce: Uint8Array;
  encryptedData: Uint8Array;
  encryptedKey: Uint8Array;
  keyNonce: Uint8Array;
}

const ENVELOPE_FIELDS = ['dataNonce', 'encryptedData', 'encryptedKey', 'keyNonce'] as const;

/** Exact decoded length of each field, or the minimum for the variable-length ciphertext. */
const FIELD_LENGTH: Record<(typeof ENVELOPE_FIELDS)[number], { exact?: number; min?: number }> = {
  dataNonce: { exact: NONCE_BYTES },
  encryptedData: { min: TAG_BYTES },
  encryptedKey: { exact: KEY_BYTES + TAG_BYTES },
  keyNonce: { exact: NONCE_BYTES },
};

/** An object with exactly the four fields, each strict base64 of the right length. */
export function parseItemEnvelope(value: unknown): CryptoResult<DecodedItemEnvelope> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'envelope must be a JSON object');
  }
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => !(ENVELOPE_FIELDS as readonly string[]).includes(key));
  if (extra !== undefined) return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'unexpected envelope field', extra);
  const decoded: Partial<DecodedItemEnvelope> = {};
  for (const field of ENVELOPE_FIELDS) {
    const text = record[field];
    const bytes = typeof text === 'string' ? fromBase64(text) : null;
    if (!bytes) return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'missing or not base64', field);
    const { exact, min } = FIELD_LENGTH[field];
    if ((exact !== undefined && bytes.length !== exact) || (min !== undefined && bytes.length < min)) {
      return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'wrong decoded length', field);
    }
    decoded[field] = bytes;
  }
  return cryptoOk(decoded as DecodedItemEnvelope);
}

/** The payload blob bytes: canonical JSON of the envelope, so its SHA-256 is stable. */
export function encodeEnvelopeBlob(envelope: ItemEnvelope): Uint8Array {
  return utf8(
    canonicalJson({
      dataNonce: envelope.dataNonce,
      encryptedData: envelope.encryptedData,
      encryptedKey: envelope.encryptedKey,
      keyNonce: envelope.keyNonce,
    }),
  );
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Parses blob bytes as fetched from the object store. */
export function parseEnvelopeBlob(bytes: Uint8Array): CryptoResult<DecodedItemEnvelope> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'blob is not UTF-8 JSON');
  }
  return parseItemEnvelope(value);
}

export interface DecodedVaultName {
  encryptedName: Uint8Array;
  nameNonce: Uint8Array;
}

export function parseSealedVaultName(value: unknown): CryptoResult<DecodedVaultName> {
  if (value === null || typeof value !== 'object') {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'sealed name must be an object');
  }
  const { encryptedName, nameNonce } = value as Record<string, unknown>;
  const name = typeof encryptedName === 'string' ? fromBase64(encryptedName) : null;
  if (!name || name.length < TAG_BYTES)
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'bad', 'encryptedName');
  const nonce = typeof nameNonce === 'string' ? fromBase64(nameNonce) : null;
  if (!nonce || nonce.length !== NONCE_BYTES)
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'bad', 'nameNonce');
  return cryptoOk({ encryptedName: name, nameNonce: nonce });
}
