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

/** Longest icon, in UTF-16 code units: one emoji, flags and family sequences included. */
export const VAULT_ICON_MAX = 32;

/** A vault icon: null (none), or exactly one grapheme (an emoji or a character) once trimmed. */
export function checkVaultIcon(raw: string | null, field = 'icon'): Result<string | null> {
  if (raw === null) return ok(null);
  const icon = raw.trim();
  if (icon === '') return ok(null);
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(icon)];
  if (graphemes.length !== 1 || icon.length > VAULT_ICON_MAX)
    return fail('VALIDATION', 'A vault icon is one emoji or one character', {
      field,
      expected: 'one emoji or character, or null',
    });
  return ok(icon);
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
    /**
     * A new, empty vault; it is opened (and its database made) when the user switches to it.
     * `welcome`: a vault started here gets the welcome note on its first open; one downloaded
     * from the sync account does not.
     */
    async create(rawName: string, opts: { welcome?: boolean } = {}): Promise<Result<VaultEntry>> {
      const name = checkVaultName(rawName);
      if (!name.ok) return name;
      const entry: VaultEntry = {
        id: newId(),
        name: name.value,
        created: now(),
        lastOpened: 0,
        ...(opts.welcome ? { welcome: true } : {}),
      };
      await meta.vaults.add(entry);
      return ok(entry);
    },
    /**
     * Takes the vault's "welcome note to make" mark (VaultEntry.welcome), once: true for exactly
     * one caller, even with several tabs opening a new vault at once, then never again.
     */
    async takeWelcome(id: string): Promise<boolean> {
      return meta.transaction('rw', meta.vaults, async () => {
        const entry = await meta.vaults.get(id);
        if (!entry?.welcome) return false;
        const { welcome: _taken, ...rest } = entry;
        await meta.vaults.put(rest);
        return true;
      });
    },
    /** Records the account vault a local vault syncs (vault.downloadRemote). */
    async setSyncVaultId(id: string, syncVaultId: string): Promise<void> {
      await meta.vaults.update(id, { syncVaultId });
    },
    /** Sets the icon here, now: the sync service gets it at the next reconcile (accountVaults.ts). */
    async setIcon(id: string, raw: string | null): Promise<Result<VaultEntry>> {
      const icon = checkVaultIcon(raw);
      if (!icon.ok) return icon;
      return meta.transaction('rw', meta.vaults, async () => {
        const entry = await meta.vaults.get(id);
        if (!entry) return fail('NOT_FOUND', `No vault with id ${JSON.stringify(id)}`, { field: 'id' });
        // strictly later than what is held, so a quick second change still wins on the service
        const at = Math.max(now(), (entry.iconChangedAt ?? 0) + 1);
        const changed = { ...entry, icon: icon.value, iconChangedAt: at };
        await meta.vaults.put(changed);
        return ok(changed);
      });
    },
    /** The service holds `changedAt` (pushed from here, or adopted from another device). */
    async iconSynced(id: string, icon: { icon: string | null; changedAt: number } | null): Promise<void> {
      await meta.transaction('rw', meta.vaults, async () => {
        const entry = await meta.vaults.get(id);
        if (!entry) return;
        // adopt only what is newer than this device's own (a set racing the reconcile wins here)
        if (icon && icon.changedAt > (entry.iconChangedAt ?? 0))
          await meta.vaults.put({
            ...entry,
            icon: icon.icon,
            iconChangedAt: icon.changedAt,
            iconOnServiceAt: icon.changedAt,
          });
        else if (icon && icon.changedAt === entry.iconChangedAt)
          await meta.vaults.put({ ...entry, iconOnServiceAt: icon.changedAt });
      });
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
