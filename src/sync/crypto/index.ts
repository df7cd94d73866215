/**
 * The public surface of the sync crypto core (docs/keys.md). Other features import from here,
 * never from the files behind it.
 */
export {
  type AttachmentHeader,
  type AttachmentOpener,
  type AttachmentSealer,
  CHUNK_OVERHEAD,
  createAttachmentOpener,
  createAttachmentSealer,
  DEFAULT_CHUNK_BYTES,
  openAttachment,
  sealAttachment,
} from './attachmentCipher';
export {
  AttachmentStreamError,
  createAttachmentDecryptStream,
  createAttachmentEncryptStream,
} from './attachmentStreams';
export { fromBase64, toBase64 } from './bytes';
export type { CryptoError, CryptoResult } from './cryptoError';
export {
  type DeviceKeyError,
  type DeviceKeyStore,
  type DeviceSigningKey,
  generateDeviceKey,
  loadOrCreateDeviceKey,
  parseDeviceSigningKey,
  signWithDeviceKey,
} from './deviceKey';
export {
  acceptLinkAsSponsor,
  checkRevealAsSponsor,
  type JoinerPending,
  type LinkAccept,
  type LinkRequest,
  type LinkReveal,
  type LinkSealedVaultKey,
  type LinkSession,
  openVaultKeyAsJoiner,
  revealLinkAsJoiner,
  type SponsorPending,
  sealVaultKeyForJoiner,
  startLinkAsJoiner,
} from './deviceLink';
export { isUsableEd25519PublicKey } from './ed25519Verify';
export {
  type ItemAddress,
  openItem,
  openItemJson,
  openVaultIcon,
  openVaultName,
  sealItem,
  sealItemJson,
  sealVaultIcon,
  sealVaultName,
} from './envelope';
export {
  type DecodedItemEnvelope,
  encodeEnvelopeBlob,
  type ItemEnvelope,
  parseEnvelopeBlob,
  parseItemEnvelope,
  type SealedVaultName,
} from './envelopeFormat';
export {
  deriveVaultKeyring,
  generateVaultKey,
  keyVerifier,
  matchesKeyVerifier,
  normaliseVaultId,
  type VaultKeyring,
} from './keys';
export { decodeLinkMessage, encodeLinkMessage, type LinkMessage } from './linkMessage';
export {
  signDeleteAttestation,
  signItem,
  signSnapshot,
  verifyDeleteAttestation,
  verifyItemSignature,
  verifySnapshotSignature,
} from './recordSignatures';
export { openRecoveryCopy, type RecoveryCopy, sealRecoveryCopy } from './recoveryCopy';
export {
  formatRecoveryKey,
  generateRecoverySecret,
  parseRecoveryKey,
  type RecoveryWrappedVaultKey,
  unwrapVaultKeyWithRecovery,
  wrapVaultKeyForRecovery,
} from './recoveryKey';
export {
  createVaultKeyRecord,
  encodeVaultKeyRecord,
  parseVaultKeyRecord,
  recoverVaultKey,
  type VaultKeyRecord,
  vaultKeyMatchesRecord,
} from './vaultKeyRecord';
