import type { VaultDb } from '../db/schema';
import type { SearchIndexer } from '../indexing/searchIndexer';
import type { LeaderElection } from '../leader';
import { fail, ok } from '../ops/result';
import type { AccountVaults } from '../sync/accountVaults';
import type { VaultDirectory } from './vaultDirectory';
import type { VaultHost } from './vaultHost';

export interface VaultHostDeps {
  vaultId: string;
  directory: VaultDirectory;
  db: VaultDb;
  leader: LeaderElection;
  search: Promise<SearchIndexer>;
  now: () => number;
  /** the sync account's vaults (absent where sync is not attached, e.g. tests) */
  account?: AccountVaults;
}

export type SwitchListener = (vaultId: string) => void;

/**
 * The vault worker's side of vault.*: facts from the meta and vault databases, and switching by
 * asking the page (its `onSwitch` listener) to open the other vault once this reply is sent.
 */
export function createVaultHost(d: VaultHostDeps): VaultHost & { onSwitch(l: SwitchListener): void } {
  const switchListeners = new Set<SwitchListener>();
  let indexer: SearchIndexer | null = null;
  d.search.then(
    (s) => {
      indexer = s;
    },
    () => undefined,
  );
  const current = async () => {
    const entry = await d.directory.get(d.vaultId);
    if (!entry) throw new Error(`the open vault ${d.vaultId} is missing from the directory`);
    return entry;
  };
  return {
    onSwitch: (l) => void switchListeners.add(l),
    current,
    list: () => d.directory.list(),
    rename: (name) => d.directory.rename(d.vaultId, name),
    async setIcon(icon) {
      const set = await d.directory.setIcon(d.vaultId, icon);
      // sent now when signed in; otherwise at the next reconcile (vault opened, vaults listed)
      if (set.ok && d.account) await d.account.reconcileIcon().catch(() => undefined);
      return set.ok ? ok((await d.directory.get(d.vaultId)) ?? set.value) : set;
    },
    async status() {
      const { id, name } = await current();
      const { db } = d;
      const [notes, folders, tasks, journalEntries, inboxItems] = await Promise.all([
        db.notes.count(),
        db.folders.count(),
        db.tasks.count(),
        db.journal.count(),
        db.inbox.count(),
      ]);
      const search = indexer ? { documents: (await indexer.index.stats()).documents } : null;
      return {
        id,
        name,
        isLeader: d.leader.isLeader(),
        counts: { notes, folders, tasks, journalEntries, inboxItems },
        search,
      };
    },
    async switchTo(id) {
      const entry = await d.directory.get(id);
      if (!entry)
        return fail('NOT_FOUND', `No local vault with id ${JSON.stringify(id)}; vault.getAll lists them`, {
          field: 'args[0]',
        });
      if (id === d.vaultId) return ok(entry);
      if (switchListeners.size === 0) return fail('UNAVAILABLE', 'No window is attached to switch vaults');
      // After the reply: the page tears this worker down when it switches.
      setTimeout(() => {
        for (const l of switchListeners) l(id);
      }, 0);
      return ok(entry);
    },
    async reindex() {
      if (!d.leader.isLeader())
        return fail('UNAVAILABLE', 'Another tab of this vault keeps the search index; reindex from that tab');
      const started = d.now();
      await (await d.search).rebuild();
      return ok({ notes: await d.db.notes.count(), ms: d.now() - started });
    },
    listAccount: () =>
      d.account
        ? d.account.list()
        : Promise.resolve(fail('UNAVAILABLE', 'Sync is not attached to this vault')),
    downloadRemote: (input) =>
      d.account
        ? d.account.download(input)
        : Promise.resolve(fail('UNAVAILABLE', 'Sync is not attached to this vault')),
  };
}
