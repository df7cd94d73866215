import type { ChangeFeed } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';

/** What every feature of an open vault is built from; one object, injected, no singletons. */
export interface VaultServices {
  vaultId: string;
  db: VaultDb;
  feed: ChangeFeed;
  /** epoch ms */
  now: () => number;
  newId: () => string;
  /** this install's device id (vector clocks, sync) */
  deviceId: string;
}
