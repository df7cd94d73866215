import type { VaultKeyring } from '../../crypto';
import type { SyncCall } from '../http/syncHttp';
import type { BodyPort, RecordPort, StatePort } from '../ports';
import type { KeyDirectory } from './keyDirectory';
import type { SessionRevisions } from './mergeBaseline';
import type { OwnPushes } from './ownPushes';

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
  /** this build's app version: the schema-invalid ledger records it and retries on another (3.8, 9.9) */
  appVersion: string;
  stopped: () => boolean;
  /** this device's own pushed versions: their feed listings are not fetched back (ownPushes.ts) */
  own?: Pick<OwnPushes, 'isOwn'> | undefined;
}
