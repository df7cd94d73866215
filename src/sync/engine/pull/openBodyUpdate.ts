import { fromBase64, type VaultKeyring } from '../../crypto';
import { openSealedBody } from './mergeBaseline';

/** A pushed body update back to its Yjs bytes; null when it is not ours to open (ledgered by the caller). */
export function openBodyUpdate(keyring: VaultKeyring, noteId: string, data: string): Uint8Array | null {
  const bytes = fromBase64(data);
  return bytes ? openSealedBody(keyring, noteId, bytes) : null;
}
