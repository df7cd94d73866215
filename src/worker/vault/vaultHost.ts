import type { VaultEntry } from '../db/meta';
import type { Result } from '../ops/result';
import type { AccountVault, DownloadRemoteInput } from '../sync/accountVaults';

/** The open vault's facts for vault.getStatus. */
export interface VaultStatus {
  id: string;
  name: string;
  /** whether this tab runs the vault's background jobs (indexing, sync, reminders) */
  isLeader: boolean;
  counts: { notes: number; folders: number; tasks: number; journalEntries: number; inboxItems: number };
  /** what search has indexed, when the index has loaded */
  search: { documents: number } | null;
}

/**
 * What vault.* operations need from the worker that hosts the open vault. Switching is done by
 * the page (it starts a worker on the other vault and rebuilds its views), so `switchTo` checks
 * the target and asks the page to switch after the reply has gone out.
 */
export interface VaultHost {
  current(): Promise<VaultEntry>;
  list(): Promise<VaultEntry[]>;
  rename(name: string): Promise<Result<VaultEntry>>;
  /** Sets (or with null clears) the open vault's icon; a synced vault sends it on (last writer wins). */
  setIcon(icon: string | null): Promise<Result<VaultEntry>>;
  status(): Promise<VaultStatus>;
  switchTo(id: string): Promise<Result<VaultEntry>>;
  reindex(): Promise<Result<{ notes: number; ms: number }>>;
  /** The vaults of the sync account signed in to the open vault (UNAUTHENTICATED when none). */
  listAccount(): Promise<Result<{ email: string | null; vaults: AccountVault[] }>>;
  /** Makes a local vault bound to an account vault (docs/planning.md, "Account vaults"). */
  downloadRemote(
    input: DownloadRemoteInput,
  ): Promise<Result<{ vault: VaultEntry; vaultId: string; keyReady: boolean }>>;
}
