/**
 * The bytes a device signs, shared by the client (which signs) and the server (which verifies).
 * Runs unchanged in workerd, Chromium and Node: no Node imports, no DOM beyond WebCrypto.
 *
 * Format (docs/keys.md, "Signing bytes"): an ASCII domain-separation prefix ending in a NUL byte,
 * then the canonical JSON of the fields (keys sorted, clock keys sorted, no whitespace, integers
 * only). The NUL cannot occur in JSON text, so no item message can be read as an attestation or
 * vice versa, and a later format gets a new prefix instead of a silent reinterpretation.
 *
 * Change log
 * - 2026-11-21: v1 prefixes `cairn.sync.item.v1` and `cairn.sync.delete.v1`.
 * - 2026-11-21 (session 2): `cairn.sync.snapshot.v1` for CRDT snapshots (spec 5.3).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { asBufferSource, utf8 } from '../crypto/bytes';
import { canonicalJson } from '../crypto/canonicalJson';
import { defaultEd25519Verifier } from '../crypto/ed25519Verify';

export interface ItemSigningFields {
  vaultId: string;
  type: string;
  id: string;
  deviceId: string;
  vectorClock: Record<string, number>;
  /** epoch milliseconds for a tombstone, null for a live item */
  deletedAt: number | null;
  /** lowercase hex SHA-256 of the payload blob bytes */
  contentHash: string;
  sizeBytes: number;
  cryptoVersion: number;
}

export interface DeleteAttestation {
  purpose: 'delete';
  id: string;
  type: string;
  deletedAt: number;
  clock: Record<string, number>;
}

/**
 * What a device signs for a CRDT snapshot: the vault and note it belongs to (so a snapshot cannot
 * be replayed onto another note or vault) and the hash and size of the snapshot bytes exactly as
 * pushed (ciphertext: the server can verify without reading anything).
 */
export interface SnapshotSigningFields {
  vaultId: string;
  noteId: string;
  deviceId: string;
  /** lowercase hex SHA-256 of the snapshot bytes */
  contentHash: string;
  sizeBytes: number;
}

export const ITEM_SIGNING_PREFIX = 'cairn.sync.item.v1\u0000';
export const DELETE_ATTESTATION_PREFIX = 'cairn.sync.delete.v1\u0000';
export const SNAPSHOT_SIGNING_PREFIX = 'cairn.sync.snapshot.v1\u0000';

/** Thrown only for a broken invariant: callers validate untrusted input before signing bytes. */
export class SigningInputError extends Error {
  override readonly name = 'SigningInputError';
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new SigningInputError(`${name} must be a non-empty string`);
  return value;
}

function requireCount(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new SigningInputError(`${name} must be a non-negative integer`);
  }
  return value;
}

/** Copies the clock with sorted keys; every tick a non-negative safe integer. */
function canonicalClock(clock: unknown, name: string): Record<string, number> {
  if (clock === null || typeof clock !== 'object' || Array.isArray(clock)) {
    throw new SigningInputError(`${name} must be an object`);
  }
  const out: Record<string, number> = {};
  for (const key of Object.keys(clock).sort()) {
    requireString(key, `${name} key`);
    out[key] = requireCount((clock as Record<string, unknown>)[key], `${name}.${key}`);
  }
  return out;
}

function withPrefix(prefix: string, json: string): Uint8Array {
  return concatBytes(utf8(prefix), utf8(json));
}

export function itemSigningBytes(fields: ItemSigningFields): Uint8Array {
  const contentHash = requireString(fields.contentHash, 'contentHash');
  if (!HEX_SHA256.test(contentHash)) throw new SigningInputError('contentHash must be lowercase hex SHA-256');
  const deletedAt = fields.deletedAt === null ? null : requireCount(fields.deletedAt, 'deletedAt');
  return withPrefix(
    ITEM_SIGNING_PREFIX,
    canonicalJson({
      contentHash,
      cryptoVersion: requireCount(fields.cryptoVersion, 'cryptoVersion'),
      deletedAt,
      deviceId: requireString(fields.deviceId, 'deviceId'),
      id: requireString(fields.id, 'id'),
      sizeBytes: requireCount(fields.sizeBytes, 'sizeBytes'),
      type: requireString(fields.type, 'type'),
      vaultId: requireString(fields.vaultId, 'vaultId'),
      vectorClock: canonicalClock(fields.vectorClock, 'vectorClock'),
    }),
  );
}

export function snapshotSigningBytes(fields: SnapshotSigningFields): Uint8Array {
  const contentHash = requireString(fields.contentHash, 'contentHash');
  if (!HEX_SHA256.test(contentHash)) throw new SigningInputError('contentHash must be lowercase hex SHA-256');
  return withPrefix(
    SNAPSHOT_SIGNING_PREFIX,
    canonicalJson({
      contentHash,
      deviceId: requireString(fields.deviceId, 'deviceId'),
      noteId: requireString(fields.noteId, 'noteId'),
      sizeBytes: requireCount(fields.sizeBytes, 'sizeBytes'),
      vaultId: requireString(fields.vaultId, 'vaultId'),
    }),
  );
}

export function deleteAttestationBytes(attestation: DeleteAttestation): Uint8Array {
  if (attestation.purpose !== 'delete') throw new SigningInputError("purpose must be 'delete'");
  return withPrefix(
    DELETE_ATTESTATION_PREFIX,
    canonicalJson({
      clock: canonicalClock(attestation.clock, 'clock'),
      deletedAt: requireCount(attestation.deletedAt, 'deletedAt'),
      id: requireString(attestation.id, 'id'),
      purpose: 'delete',
      type: requireString(attestation.type, 'type'),
    }),
  );
}

/**
 * Ed25519 verification: WebCrypto where the runtime has it, @noble/curves otherwise.
 * Never throws and never rejects: malformed keys, signatures or messages yield false.
 */
export async function verifyEd25519(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  try {
    const verifier = await defaultEd25519Verifier();
    return await verifier.verify(publicKey, message, signature);
  } catch {
    return false;
  }
}

/** Lowercase hex SHA-256 (WebCrypto digest where present: native speed for large blobs). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', asBufferSource(bytes))));
  return bytesToHex(sha256(bytes));
}

/** Synchronous SHA-256 hex (@noble/hashes), for callers that cannot await. */
export function sha256HexSync(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}
