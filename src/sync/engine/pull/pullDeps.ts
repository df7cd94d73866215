import type { VaultKeyring } from '../../crypto';
import type { SyncCall } from '../http/syncHttp';
import type { BodyPort, RecordPort, StatePort } from '../ports';
import type { KeyDirectory } from './keyDirectory';

export interface PullDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  keys: KeyDirectory;
  records: RecordPort;
  bodies: BodyPort;
  state: StatePort;
  /** record types plus the `note_body` and `purged_tombstones` tokens */
  types: readonly string[];
  now: () => number;
  stopped: () => boolean;
}
