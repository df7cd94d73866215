import type { VaultKeyring } from '../../crypto';
import type { ChangesResponse } from '../../protocol/changes';
import type { SyncCall } from '../http/syncHttp';
import type { BodyPort, RecordPort, StatePort } from '../ports';
import type { KeyDirectory } from './keyDirectory';
import type { SessionRevisions } from './mergeBaseline';
import type { OwnPushes } from './ownPushes';
import { type AskVaultKey, createVaultKeyCheck } from './vaultKeyCheck';

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
  /**
   * the cycle's vault key check (vaultKeyCheck.ts), shared by its pull, manifest check and first
   * push so it asks the service at most once a cycle; absent: one per pull run or manifest check
   */
  keyCheck?: AskVaultKey | undefined;
  /**
   * a fresh device's records packs (docs/packs.md "Record packs"): feed pages the pull applies
   * before it reads the feed, when it starts from cursor 0; absent: the feed alone
   */
  recordPacks?: RecordPackPages | undefined;
}

/** Feed pages read from records packs, in cursor order, each the next link of the chain from `from`. */
export interface RecordPackPages {
  pages(from: number): AsyncIterable<ChangesResponse>;
  /** ms the pull spent applying these pages, by stage (the bench's split); absent: not timed */
  timings?: PageTimings;
}

/** Where a page's apply went: signatures, hashes and decryption; the records' local transaction; the bodies. */
export interface PageTimings {
  open: number;
  store: number;
  bodies: number;
}

/** A pull run's deps: its vault key check is set (asked at most once, when something fails to open). */
export type PullRun = PullDeps & { keyCheck: AskVaultKey };

export function withKeyCheck(deps: PullDeps): PullRun {
  const { keyCheck } = deps;
  return keyCheck ? { ...deps, keyCheck } : { ...deps, keyCheck: createVaultKeyCheck(deps) };
}
