import { ChangeFeed, type ChangeListener } from '../changes/changeFeed';
import { type MetaDb, resolveVault, type VaultEntry } from '../db/meta';
import { openVaultDb } from '../db/schema';
import { electLeader, type LeaderElection } from '../leader';
import { createNotesStore, type NotesStore } from '../stores/notesStore';

export interface VaultPlatform {
  meta: MetaDb;
  locks: LockManager;
  openChannel: (name: string) => BroadcastChannel;
  now: () => number;
  newId: () => string;
}

export interface OpenVault {
  entry: VaultEntry;
  notes: NotesStore;
  leader: LeaderElection;
  subscribe: (listener: ChangeListener) => () => void;
  close: () => void;
}

/** Opens (or on first run creates) a vault: its database, change feed and leader election. */
export async function openVault(p: VaultPlatform, requested: string | null): Promise<OpenVault> {
  const entry = await resolveVault(p.meta, requested, p.now());
  const db = openVaultDb(entry.id);
  await db.open();
  const feed = new ChangeFeed(entry.id, p.openChannel(`cairn:changes:${entry.id}`));
  const leader = electLeader(p.locks, entry.id);
  return {
    entry,
    notes: createNotesStore({ db, feed, now: p.now, newId: p.newId }),
    leader,
    subscribe: (l) => feed.subscribe(l),
    close() {
      leader.resign();
      feed.close();
      db.close();
    },
  };
}
