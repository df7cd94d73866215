import type { MetaDb, VaultEntry } from '../db/meta';
import { fail, ok, type Result } from '../ops/result';

export const VAULT_NAME_MAX = 100;

/** A vault name: trimmed, 1..100 characters; the refusal names the field. */
export function checkVaultName(raw: string, field = 'name'): Result<string> {
  const name = raw.trim();
  if (name.length === 0 || name.length > VAULT_NAME_MAX)
    return fail('VALIDATION', `A vault name has 1 to ${VAULT_NAME_MAX} characters`, {
      field,
      expected: `string of 1..${VAULT_NAME_MAX} characters`,
    });
  return ok(name);
}

/**
 * The local vaults of this browser profile, in the meta database every tab shares. Each vault's
 * records live in its own database (`cairn-vault-<id>`), created when it is first opened.
 */
export function createVaultDirectory(meta: MetaDb, now: () => number, newId: () => string) {
  return {
    /** by most recently opened first */
    list: async (): Promise<VaultEntry[]> => await meta.vaults.orderBy('lastOpened').reverse().toArray(),
    get: async (id: string) => (await meta.vaults.get(id)) ?? null,
    /** A new, empty vault; it is opened (and its database made) when the user switches to it. */
    async create(rawName: string): Promise<Result<VaultEntry>> {
      const name = checkVaultName(rawName);
      if (!name.ok) return name;
      const entry: VaultEntry = { id: newId(), name: name.value, created: now(), lastOpened: 0 };
      await meta.vaults.add(entry);
      return ok(entry);
    },
    /** Records the account vault a local vault syncs (vault.downloadRemote). */
    async setSyncVaultId(id: string, syncVaultId: string): Promise<void> {
      await meta.vaults.update(id, { syncVaultId });
    },
    async rename(id: string, rawName: string): Promise<Result<VaultEntry>> {
      const name = checkVaultName(rawName);
      if (!name.ok) return name;
      return meta.transaction('rw', meta.vaults, async () => {
        const entry = await meta.vaults.get(id);
        if (!entry) return fail('NOT_FOUND', `No vault with id ${JSON.stringify(id)}`, { field: 'id' });
        const renamed = { ...entry, name: name.value };
        await meta.vaults.put(renamed);
        return ok(renamed);
      });
    },
  };
}

export type VaultDirectory = ReturnType<typeof createVaultDirectory>;
