/**
 * Vault directory messages (spec 2.9, section 4): names and icons are XChaCha20-Poly1305
 * ciphertext bound to the vault UUID; the service never sees plaintext.
 */
import * as v from 'valibot';
import { base64, epochMs, uuid } from './common';

export const RegisterVaultRequest = v.strictObject({
  vaultId: uuid,
  encryptedName: base64(2048),
  nameNonce: base64(24),
});
export type RegisterVaultRequest = v.InferOutput<typeof RegisterVaultRequest>;

export const VaultIconRequest = v.strictObject({
  encryptedIcon: base64(256 * 1024),
  iconNonce: base64(24),
  /** the client's change time: last writer wins on it */
  changedAt: epochMs,
});
export type VaultIconRequest = v.InferOutput<typeof VaultIconRequest>;

export interface VaultInfo {
  vaultId: string;
  encryptedName: string;
  nameNonce: string;
  encryptedIcon: string | null;
  iconNonce: string | null;
  iconChangedAt: number | null;
  /** live (non-deleted) records in the vault */
  itemCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface VaultListResponse {
  vaults: VaultInfo[];
}

export interface VaultIconResponse {
  /** false when a newer icon (by client change time) was already stored */
  applied: boolean;
  iconChangedAt: number;
}
