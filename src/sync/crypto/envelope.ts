import { concatBytes } from '@noble/hashes/utils.js';
import { aeadOpen, aeadSeal, randomKey } from './aead';
import { fromBase64, toBase64, utf8 } from './bytes';
import { canonicalJson } from './canonicalJson';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';
import {
  type ItemEnvelope,
  parseItemEnvelope,
  parseSealedVaultName,
  type SealedVaultName,
} from './envelopeFormat';
import type { VaultKeyring } from './keys';

/**
 * Item envelopes and sealed vault names (docs/keys.md, "Envelope format").
 *
 * Each item gets a fresh random 32-byte data key. The payload is sealed under the data key and
 * the data key under the keyring's item-wrap key. Both seals carry associated data naming the
 * vault, the item type and the item id, so a blob copied onto another item, type or vault fails
 * to open, even if the server is the one moving it.
 */
export interface ItemAddress {
  type: string;
  id: string;
}

const DATA_AD = 'cairn.envelope.data.v1\u0000';
const KEY_AD = 'cairn.envelope.key.v1\u0000';
const NAME_AD = 'cairn.vault-name.v1\u0000';
const ICON_AD = 'cairn.vault-icon.v1\u0000';

function addressBytes(prefix: string, vaultId: string, address: ItemAddress): Uint8Array {
  return concatBytes(utf8(prefix), utf8(canonicalJson({ id: address.id, type: address.type, vaultId })));
}

// Opening never throws: an id no seal could have used simply opens nothing.
function safeAddress(vaultId: string, address: ItemAddress): { key: Uint8Array; data: Uint8Array } | null {
  try {
    return { key: addressBytes(KEY_AD, vaultId, address), data: addressBytes(DATA_AD, vaultId, address) };
  } catch {
    return null;
  }
}

export function sealItem(keyring: VaultKeyring, address: ItemAddress, plaintext: Uint8Array): ItemEnvelope {
  const dataKey = randomKey();
  const data = aeadSeal(dataKey, plaintext, addressBytes(DATA_AD, keyring.vaultId, address));
  const key = aeadSeal(keyring.itemWrapKey, dataKey, addressBytes(KEY_AD, keyring.vaultId, address));
  dataKey.fill(0);
  return {
    dataNonce: toBase64(data.nonce),
    encryptedData: toBase64(data.ciphertext),
    encryptedKey: toBase64(key.ciphertext),
    keyNonce: toBase64(key.nonce),
  };
}

/** The plaintext, or MALFORMED (not an envelope) or DECRYPT_FAILED (wrong key or wrong item). */
export function openItem(
  keyring: VaultKeyring,
  address: ItemAddress,
  envelope: unknown,
): CryptoResult<Uint8Array> {
  const parsed = parseItemEnvelope(envelope);
  if (!parsed.ok) return parsed;
  const { dataNonce, encryptedData, encryptedKey, keyNonce } = parsed.value;
  const ads = safeAddress(keyring.vaultId, address);
  if (!ads) return cryptoFail('CRYPTO_INPUT_INVALID', 'the item address cannot be encoded (lone surrogate)');
  const dataKey = aeadOpen(keyring.itemWrapKey, keyNonce, encryptedKey, ads.key);
  if (!dataKey) {
    return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the data key does not open for this vault and item');
  }
  const plaintext = aeadOpen(dataKey, dataNonce, encryptedData, ads.data);
  dataKey.fill(0);
  if (!plaintext)
    return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the payload does not open for this vault and item');
  return cryptoOk(plaintext);
}

export function sealItemJson(keyring: VaultKeyring, address: ItemAddress, payload: unknown): ItemEnvelope {
  return sealItem(keyring, address, utf8(JSON.stringify(payload)));
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Opens and parses a JSON payload; a payload that is not JSON is MALFORMED, not a crypto failure. */
export function openItemJson(
  keyring: VaultKeyring,
  address: ItemAddress,
  envelope: unknown,
): CryptoResult<unknown> {
  const opened = openItem(keyring, address, envelope);
  if (!opened.ok) return opened;
  try {
    return cryptoOk(JSON.parse(decoder.decode(opened.value)) as unknown);
  } catch {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'the payload is not UTF-8 JSON');
  }
}

/** The vault's display name, bound to the vault UUID (spec 2.9, 5.5). */
export function sealVaultName(keyring: VaultKeyring, name: string): SealedVaultName {
  const sealed = aeadSeal(keyring.nameKey, utf8(name), utf8(NAME_AD + keyring.vaultId));
  return { encryptedName: toBase64(sealed.ciphertext), nameNonce: toBase64(sealed.nonce) };
}

export function openVaultName(keyring: VaultKeyring, sealed: unknown): CryptoResult<string> {
  const parsed = parseSealedVaultName(sealed);
  if (!parsed.ok) return parsed;
  const { encryptedName, nameNonce } = parsed.value;
  const plaintext = aeadOpen(keyring.nameKey, nameNonce, encryptedName, utf8(NAME_AD + keyring.vaultId));
  if (!plaintext) return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the name does not open for this vault');
  try {
    return cryptoOk(decoder.decode(plaintext));
  } catch {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'the name is not UTF-8');
  }
}

/**
 * The vault's icon (an emoji or a letter; spec 2.9's encrypted icon), under the name key and bound
 * to the vault UUID with its own associated data, so a name cannot be replayed as an icon.
 */
export function sealVaultIcon(
  keyring: VaultKeyring,
  icon: string,
): { encryptedIcon: string; iconNonce: string } {
  const sealed = aeadSeal(keyring.nameKey, utf8(icon), utf8(ICON_AD + keyring.vaultId));
  return { encryptedIcon: toBase64(sealed.ciphertext), iconNonce: toBase64(sealed.nonce) };
}

export function openVaultIcon(
  keyring: VaultKeyring,
  sealed: { encryptedIcon: string; iconNonce: string },
): CryptoResult<string> {
  const ciphertext = fromBase64(sealed.encryptedIcon);
  const nonce = fromBase64(sealed.iconNonce);
  if (!ciphertext || !nonce) return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'the icon is not base64');
  if (nonce.length !== 24) return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'the icon nonce is not 24 bytes');
  const plaintext = aeadOpen(keyring.nameKey, nonce, ciphertext, utf8(ICON_AD + keyring.vaultId));
  if (!plaintext) return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the icon does not open for this vault');
  try {
    return cryptoOk(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'the icon is not UTF-8');
  }
}
