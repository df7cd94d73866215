import type { VaultKeyring } from '../../crypto';
import type { SyncCall } from '../http/syncHttp';
import type { BodyPort, RecordPort, StatePort } from '../ports';
import type { KeyDirectory } from './keyDirectory';
import type { SessionRevisions } from './mergeBaseline';

export interface PullDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  keys: KeyDirectory;
  records: RecordPort;
  bodies: BodyPort;
  state: StatePort;
  /** revisions merged this session: the pull's snapshot merges are recorded for the sweep */
  session: SessionRevisions;
  /** record types plus the `note_body` and `purged_tombstones` tokens */
  types: readonly string[];
  now: () => number;
  stopped: () => boolean;
}
