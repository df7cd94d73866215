import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { aeadOpen, aeadSeal, KEY_BYTES, NONCE_BYTES, randomBytes } from './aead';
import { constantTimeEqual, fromBase64, toBase64, utf8 } from './bytes';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';
import { normaliseVaultId } from './keys';

/**
 * Linking a new device (the joiner) from a signed-in one (the sponsor): the vault key travels in
 * an X25519 sealed box through the server's `POST /keys/*` relay, which sees only public keys,
 * nonces and ciphertext (docs/keys.md, "Device linking").
 *
 *   1 joiner → sponsor  LinkRequest  {joinerPublicKey, commitment = H(joinerPublicKey ‖ nonce)}
 *   2 sponsor → joiner  LinkAccept   {sponsorPublicKey}
 *   3 joiner → sponsor  LinkReveal   {joinerNonce}        both now show the same 6-digit code
 *   4 sponsor → joiner  LinkSealedVaultKey               only after the user confirms the codes
 *
 * Why the commitment: a relay in the middle sees the sponsor's key before it must answer the
 * joiner, and could grind its own keys until two 6-digit codes collide (10^6 tries take
 * seconds). The joiner's nonce is fixed by the commitment before the sponsor's key is known and
 * revealed only after, so no key choice can steer the code: a middleman matches it with
 * probability 10^-6 per attempt (the numeric-comparison argument of Bluetooth SSP and ZRTP).
 */
export interface LinkRequest {
  version: 1;
  joinerPublicKey: string;
  commitment: string;
}
export interface LinkAccept {
  version: 1;
  sponsorPublicKey: string;
}
export interface LinkReveal {
  version: 1;
  joinerNonce: string;
}
export interface LinkSealedVaultKey {
  version: 1;
  vaultId: string;
  nonce: string;
  ciphertext: string;
}

/** Joiner state after step 1 and after step 3; plain data, so it may be persisted. */
export interface JoinerPending {
  secretKey: Uint8Array;
  publicKey: Uint8Array;
  nonce: Uint8Array;
}
/** Sponsor state between steps 2 and 3. */
export interface SponsorPending {
  secretKey: Uint8Array;
  publicKey: Uint8Array;
  request: LinkRequest;
}
export interface LinkSession {
  /** the HKDF key both sides derived from the X25519 secret and the transcript */
  boxKey: Uint8Array;
  transcript: Uint8Array;
  /** the 6 digits both screens show */
  code: string;
}

const NONCE = 32;

function commitmentOf(joinerPublicKey: Uint8Array, nonce: Uint8Array): Uint8Array {
  return sha256(concatBytes(utf8('cairn.link.commit.v1\u0000'), joinerPublicKey, nonce));
}

function field(value: unknown, name: string, length: number): Uint8Array | null {
  if (value === null || typeof value !== 'object') return null;
  const text = (value as Record<string, unknown>)[name];
  const bytes = typeof text === 'string' ? fromBase64(text) : null;
  return bytes && bytes.length === length ? bytes : null;
}

/** Both sides run this on the same three public values and get the same session. */
function session(
  secretKey: Uint8Array,
  peer: Uint8Array,
  joiner: Uint8Array,
  sponsor: Uint8Array,
  nonce: Uint8Array,
) {
  let shared: Uint8Array;
  try {
    shared = x25519.getSharedSecret(secretKey, peer);
  } catch {
    return null;
  }
  // A low-order peer key gives an all-zero secret: refuse it (RFC 7748 section 6.1).
  if (shared.every((b) => b === 0)) return null;
  const transcript = sha256(concatBytes(utf8('cairn.link.transcript.v1\u0000'), joiner, sponsor, nonce));
  const boxKey = hkdf(sha256, shared, transcript, utf8('cairn.link.key.v1'), KEY_BYTES);
  const digest = sha256(concatBytes(utf8('cairn.link.code.v1\u0000'), transcript));
  const number = new DataView(digest.buffer, digest.byteOffset).getUint32(0) % 1_000_000;
  return { boxKey, transcript, code: number.toString().padStart(6, '0') };
}

export function startLinkAsJoiner(): { pending: JoinerPending; request: LinkRequest } {
  const { secretKey, publicKey } = x25519.keygen();
  const nonce = randomBytes(NONCE);
  return {
    pending: { secretKey, publicKey, nonce },
    request: {
      version: 1,
      joinerPublicKey: toBase64(publicKey),
      commitment: toBase64(commitmentOf(publicKey, nonce)),
    },
  };
}

export function acceptLinkAsSponsor(
  request: unknown,
): CryptoResult<{ pending: SponsorPending; accept: LinkAccept }> {
  const joiner = field(request, 'joinerPublicKey', 32);
  const commitment = field(request, 'commitment', 32);
  if (!joiner || !commitment || (request as { version?: unknown }).version !== 1) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'not a version 1 link request');
  }
  const { secretKey, publicKey } = x25519.keygen();
  return cryptoOk({
    pending: { secretKey, publicKey, request: request as LinkRequest },
    accept: { version: 1, sponsorPublicKey: toBase64(publicKey) },
  });
}

export function revealLinkAsJoiner(
  pending: JoinerPending,
  accept: unknown,
): CryptoResult<{ session: LinkSession; reveal: LinkReveal }> {
  const sponsor = field(accept, 'sponsorPublicKey', 32);
  if (!sponsor || (accept as { version?: unknown }).version !== 1) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'not a version 1 link accept');
  }
  const made = session(pending.secretKey, sponsor, pending.publicKey, sponsor, pending.nonce);
  if (!made) return cryptoFail('CRYPTO_INPUT_INVALID', 'the sponsor key is not usable', 'sponsorPublicKey');
  return cryptoOk({ session: made, reveal: { version: 1, joinerNonce: toBase64(pending.nonce) } });
}

export function checkRevealAsSponsor(pending: SponsorPending, reveal: unknown): CryptoResult<LinkSession> {
  const nonce = field(reveal, 'joinerNonce', NONCE);
  const joiner = fromBase64(pending.request.joinerPublicKey);
  const commitment = fromBase64(pending.request.commitment);
  if (!nonce || !joiner || !commitment) return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'not a link reveal');
  if (!constantTimeEqual(commitmentOf(joiner, nonce), commitment)) {
    return cryptoFail(
      'LINK_COMMITMENT_MISMATCH',
      'the reveal does not match the request: abandon this pairing',
    );
  }
  const made = session(pending.secretKey, joiner, joiner, pending.publicKey, nonce);
  if (!made) return cryptoFail('CRYPTO_INPUT_INVALID', 'the joiner key is not usable', 'joinerPublicKey');
  return cryptoOk(made);
}

function boxAd(transcript: Uint8Array, vaultId: string): Uint8Array {
  return concatBytes(utf8('cairn.link.box.v1\u0000'), transcript, utf8(vaultId));
}

/** Step 4: call only after the user confirmed that both screens show `session.code`. */
export function sealVaultKeyForJoiner(
  session: LinkSession,
  vaultId: string,
  vaultKey: Uint8Array,
): LinkSealedVaultKey {
  const id = normaliseVaultId(vaultId);
  const { nonce, ciphertext } = aeadSeal(session.boxKey, vaultKey, boxAd(session.transcript, id));
  return { version: 1, vaultId: id, nonce: toBase64(nonce), ciphertext: toBase64(ciphertext) };
}

export function openVaultKeyAsJoiner(
  session: LinkSession,
  sealed: unknown,
): CryptoResult<{ vaultId: string; vaultKey: Uint8Array }> {
  const nonce = field(sealed, 'nonce', NONCE_BYTES);
  const ciphertext = field(sealed, 'ciphertext', KEY_BYTES + 16);
  const vaultId = (sealed as { vaultId?: unknown } | null)?.vaultId;
  const version = (sealed as { version?: unknown } | null)?.version;
  if (version !== 1 || !nonce || !ciphertext || typeof vaultId !== 'string' || vaultId.length === 0) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'not a version 1 sealed vault key');
  }
  const id = normaliseVaultId(vaultId);
  const vaultKey = aeadOpen(session.boxKey, nonce, ciphertext, boxAd(session.transcript, id));
  if (!vaultKey) return cryptoFail('CRYPTO_DECRYPT_FAILED', 'the sealed vault key is not for this pairing');
  return cryptoOk({ vaultId: id, vaultKey });
}
