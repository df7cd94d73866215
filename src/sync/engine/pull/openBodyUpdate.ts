import { fromBase64, openItem, type VaultKeyring } from '../../crypto';
import { NOTE_BODY_ADDRESS_TYPE } from '../push/pushBodies';

/** A pushed body update back to its Yjs bytes; null when it is not ours to open (ledgered by the caller). */
export function openBodyUpdate(keyring: VaultKeyring, noteId: string, data: string): Uint8Array | null {
  const bytes = fromBase64(data);
  if (!bytes) return null;
  let envelope: unknown;
  try {
    envelope = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const opened = openItem(keyring, { type: NOTE_BODY_ADDRESS_TYPE, id: noteId }, envelope);
  return opened.ok ? opened.value : null;
}
