import { deriveVaultKeyring, openVaultIcon, openVaultName, sealVaultIcon } from '../../sync/crypto';
import { fetchVaultKeyRecord, restoreWithRecoveryKey } from '../../sync/engine/account/vaultKeySetup';
import type { Binding } from '../../sync/engine/binding/bindingFlow';
import type { SyncCall } from '../../sync/engine/http/syncHttp';
import { LAST_CURSOR } from '../../sync/engine/pull/pullChanges';
import type { VaultIconResponse, VaultInfo, VaultListResponse } from '../../sync/protocol/vaults';
import type { VaultEntry } from '../db/meta';
import type { VaultDb } from '../db/schema';
import type { OpError, Result } from '../ops/result';
import {
  BINDING,
  createStatePort,
  createTokenStore,
  SERVICE_URL,
  SYNC_VAULT_ID,
  VAULT_KEY,
} from './syncStateStore';

/** One vault of the signed-in account as this device sees it (spec 2.9 `AccountVaultInfo`). */
export interface AccountVault {
  vaultId: string;
  /** the decrypted name; null when this device holds no key of that vault */
  name: string | null;
  /** the decrypted icon; null when it has none or this device holds no key of that vault */
  icon: string | null;
  itemCount: number;
  createdAt: number;
  updatedAt: number;
  /** the local vault that syncs it (spec: "local path"), or null */
  localVaultId: string | null;
  /** the name a download would give the local vault (spec: "suggested download path") */
  suggestedName: string;
}

export interface DownloadRemoteInput {
  vaultId: string;
  /** the local vault's name; else the decrypted name, else `Synced vault <id prefix>` */
  name?: string;
  /** opens the vault key at once, so the first sync starts as soon as the device signs in */
  recoveryKey?: string;
}

export interface AccountVaultsDeps {
  /** the open vault's database: its session, sync uuid and vault key */
  db: VaultDb;
  localVaultId: string;
  /** authenticated calls as that session (the sync controller's) */
  call: () => Promise<SyncCall>;
  directory: {
    list(): Promise<VaultEntry[]>;
    create(name: string): Promise<Result<VaultEntry>>;
    setSyncVaultId(id: string, syncVaultId: string): Promise<void>;
    get(id: string): Promise<VaultEntry | null>;
    iconSynced(id: string, icon: { icon: string | null; changedAt: number } | null): Promise<void>;
  };
  /** writes sync-state rows into another local vault's database (made if new) */
  seedSyncState(localVaultId: string, rows: { key: string; value: unknown }[]): Promise<void>;
}

const fail = (
  code: string,
  message: string,
  extra: Partial<OpError> = {},
): { ok: false; error: OpError } => ({
  ok: false,
  error: { code, message, ...extra },
});
const fromSync = (e: { code: string; message: string }, field?: string) =>
  fail(e.code, e.message, field ? { field } : {});

/**
 * vault.listAccount and vault.downloadRemote (docs/planning.md, "Account vaults"). Each local
 * vault signs in to sync on its own (its own device, session and key), so both answer for the
 * account signed in to the OPEN vault, and a download makes a local vault bound to the account
 * vault that finishes setting up (sign-in, then the key) when it is opened.
 */
export function createAccountVaults(d: AccountVaultsDeps) {
  const state = createStatePort(d.db);
  const tokens = createTokenStore(d.db);

  async function session() {
    const s = await tokens.load();
    return s
      ? { ok: true as const, value: s }
      : fail(
          'UNAUTHENTICATED',
          'This vault is not signed in to sync: sign in under Settings → Sync to reach your account’s vaults.',
        );
  }

  async function listed(call: SyncCall): Promise<Result<VaultInfo[]>> {
    const res = await call<VaultListResponse>('GET', '/sync/vaults');
    return res.ok ? { ok: true, value: res.value.vaults } : fromSync(res.error);
  }

  /** Names open only with a vault's own key: this vault's, or one just restored. */
  function nameOf(v: VaultInfo, key: { vaultId: string; vaultKey: Uint8Array } | null): string | null {
    if (!key || key.vaultId !== v.vaultId) return null;
    const opened = openVaultName(deriveVaultKeyring(key.vaultKey, v.vaultId), v);
    return opened.ok ? opened.value : null;
  }
  /** The icon as the service holds it (empty text: cleared), when this device holds the vault's key. */
  function iconOf(v: VaultInfo, key: { vaultId: string; vaultKey: Uint8Array } | null) {
    if (!key || key.vaultId !== v.vaultId || !v.encryptedIcon || !v.iconNonce || v.iconChangedAt === null)
      return null;
    const opened = openVaultIcon(deriveVaultKeyring(key.vaultKey, v.vaultId), {
      encryptedIcon: v.encryptedIcon,
      iconNonce: v.iconNonce,
    });
    return opened.ok ? { icon: opened.value === '' ? null : opened.value, changedAt: v.iconChangedAt } : null;
  }

  /**
   * The open vault's icon, last writer wins on the setter's change time (spec 2.9, 4): a newer one
   * on the service is adopted here, a newer one here is sent (`PUT /sync/vaults/:id/icon`, sealed
   * under the vault's name key). Run when the vault opens, when its icon is set, and whenever
   * the account's vaults are listed. Answers what it did.
   */
  async function reconcileIcon(
    known?: VaultInfo[],
  ): Promise<Result<'adopted' | 'sent' | 'same' | 'not_synced'>> {
    const key = await ownKey();
    if (!key || !(await tokens.load())) return { ok: true, value: 'not_synced' };
    const call = await d.call();
    let vaults = known;
    if (!vaults) {
      const got = await listed(call);
      if (!got.ok) return got;
      vaults = got.value;
    }
    const remote = vaults.find((v) => v.vaultId === key.vaultId);
    if (!remote) return { ok: true, value: 'not_synced' };
    const there = iconOf(remote, key);
    const here = await d.directory.get(d.localVaultId);
    const hereAt = here?.iconChangedAt ?? 0;
    if (there && there.changedAt >= hereAt) {
      await d.directory.iconSynced(d.localVaultId, there);
      return { ok: true, value: there.changedAt > hereAt ? 'adopted' : 'same' };
    }
    if (!here || hereAt === 0) return { ok: true, value: 'same' };
    const sealed = sealVaultIcon(deriveVaultKeyring(key.vaultKey, key.vaultId), here.icon ?? '');
    const put = await call<VaultIconResponse>('PUT', `/sync/vaults/${key.vaultId}/icon`, {
      body: { ...sealed, changedAt: hereAt },
    });
    if (!put.ok) return fromSync(put.error);
    if (put.value.applied)
      await d.directory.iconSynced(d.localVaultId, { icon: here.icon ?? null, changedAt: hereAt });
    return { ok: true, value: put.value.applied ? 'sent' : 'same' };
  }

  async function ownKey() {
    const [vaultId, vaultKey] = [
      await state.get<string>(SYNC_VAULT_ID),
      await state.get<Uint8Array>(VAULT_KEY),
    ];
    return vaultId && vaultKey ? { vaultId, vaultKey } : null;
  }
  async function localOf(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const e of await d.directory.list()) if (e.syncVaultId) out.set(e.syncVaultId, e.id);
    const mine = await state.get<string>(SYNC_VAULT_ID);
    if (mine) out.set(mine, d.localVaultId);
    return out;
  }
  const suggested = (v: VaultInfo, name: string | null) => name ?? `Synced vault ${v.vaultId.slice(0, 8)}`;

  async function list(): Promise<Result<{ email: string | null; vaults: AccountVault[] }>> {
    const s = await session();
    if (!s.ok) return s;
    const vaults = await listed(await d.call());
    if (!vaults.ok) return vaults;
    // listing is also when another device's icon for this vault is seen
    await reconcileIcon(vaults.value);
    const [key, local] = [await ownKey(), await localOf()];
    const ownIcon = (await d.directory.get(d.localVaultId))?.icon ?? null;
    return {
      ok: true,
      value: {
        email: (await state.get<string>('email')) ?? null,
        vaults: vaults.value.map((v) => {
          const name = nameOf(v, key);
          return {
            vaultId: v.vaultId,
            name,
            icon: key?.vaultId === v.vaultId ? ownIcon : null,
            itemCount: v.itemCount,
            createdAt: v.createdAt,
            updatedAt: v.updatedAt,
            localVaultId: local.get(v.vaultId) ?? null,
            suggestedName: suggested(v, name),
          };
        }),
      },
    };
  }

  async function download(
    input: DownloadRemoteInput,
  ): Promise<Result<{ vault: VaultEntry; vaultId: string; keyReady: boolean }>> {
    const s = await session();
    if (!s.ok) return s;
    const call = await d.call();
    const vaults = await listed(call);
    if (!vaults.ok) return vaults;
    const remote = vaults.value.find((v) => v.vaultId === input.vaultId);
    if (!remote)
      return fail(
        'NOT_FOUND',
        `Your sync account has no vault ${JSON.stringify(input.vaultId)}; vault.listAccount lists them`,
        {
          field: 'args[0].vaultId',
        },
      );
    const already = (await localOf()).get(input.vaultId);
    if (already)
      return fail(
        'CONFLICT',
        `That vault is already on this device (local vault ${already}): open it with vault.switch`,
        {
          field: 'args[0].vaultId',
          candidates: [already],
        },
      );
    let key: { vaultId: string; vaultKey: Uint8Array } | null = null;
    if (input.recoveryKey !== undefined) {
      const record = await fetchVaultKeyRecord(call, input.vaultId);
      if (!record.ok) return fromSync(record.error);
      if (record.value === null)
        return fail('VALIDATION', 'That vault has no stored key: open it on the device that made it first', {
          field: 'args[0].vaultId',
        });
      const opened = restoreWithRecoveryKey(record.value, input.recoveryKey);
      if (!opened.ok) return fromSync(opened.error, 'args[0].recoveryKey');
      key = { vaultId: input.vaultId, vaultKey: opened.vaultKey };
    }
    // Checked before anything is made: a refusal leaves no half-made vault.
    const made = await d.directory.create(input.name ?? suggested(remote, nameOf(remote, key)));
    if (!made.ok) return { ok: false, error: { ...made.error, field: 'args[0].name' } };
    const rows: { key: string; value: unknown }[] = [
      { key: SERVICE_URL, value: await state.get<string>(SERVICE_URL) },
      { key: 'email', value: await state.get<string>('email') },
      // Bound to this account for sync (spec 3.5 rule 1): its sign-in starts sync, no question asked.
      { key: BINDING, value: { userId: s.value.userId, mode: 'sync' } satisfies Binding },
      { key: SYNC_VAULT_ID, value: input.vaultId },
      { key: LAST_CURSOR, value: 0 },
      ...(key ? [{ key: VAULT_KEY, value: key.vaultKey }] : []),
    ].filter((r) => r.value !== undefined);
    await d.seedSyncState(made.value.id, rows);
    await d.directory.setSyncVaultId(made.value.id, input.vaultId);
    return {
      ok: true,
      value: {
        vault: { ...made.value, syncVaultId: input.vaultId },
        vaultId: input.vaultId,
        keyReady: key !== null,
      },
    };
  }

  return { list, download, reconcileIcon };
}

export type AccountVaults = ReturnType<typeof createAccountVaults>;

/**
 * Writes sync-state rows into a local vault's database (opened, and made if new, at the current
 * schema) and closes it. The vault is not open anywhere yet: it was created a moment ago.
 */
export async function seedSyncState(db: VaultDb, rows: { key: string; value: unknown }[]): Promise<void> {
  try {
    await db.open();
    await db.syncState.bulkPut(rows);
  } finally {
    db.close();
  }
}
