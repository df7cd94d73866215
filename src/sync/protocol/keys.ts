/**
 * Key messages. The server only ever stores ciphertext: the key verifier is an opaque value
 * derived on the client (mismatch detection), and a handoff is a vault key sealed by one device
 * to another device's key (docs/keys.md).
 */
import * as v from 'valibot';
import { base64, uuid } from './common';

/**
 * `PUT /auth/key-verifier` for the vault of `X-Svc-Vault-Id` (resolved as on sync routes). First
 * writer wins; `rotate: true` replaces a different existing value (key rotation).
 */
export const KeyVerifierPut = v.strictObject({
  verifier: base64(1024),
  rotate: v.optional(v.boolean(), false),
});
export type KeyVerifierPut = v.InferOutput<typeof KeyVerifierPut>;
export interface KeyVerifierResponse {
  /** null until a device of the account stores one */
  verifier: string | null;
  updatedAt: number | null;
}

export const KeyHandoffRequest = v.strictObject({
  toDeviceId: uuid,
  vaultId: uuid,
  /** the sealed vault key: ciphertext only */
  sealedKey: base64(4096),
});
export type KeyHandoffRequest = v.InferOutput<typeof KeyHandoffRequest>;

export interface KeyHandoff {
  handoffId: string;
  fromDeviceId: string;
  vaultId: string;
  sealedKey: string;
  createdAt: number;
}

/** `POST /keys/claim`: the calling device's pending handoffs, removed from the server as read. */
export interface KeyClaimResponse {
  handoffs: KeyHandoff[];
}
