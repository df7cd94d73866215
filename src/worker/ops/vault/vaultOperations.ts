import type { VaultEntry } from '../../db/meta';
import { fail, ok, type Result } from '../../ops/result';
import { checkVaultIcon, checkVaultName, VAULT_ICON_MAX, VAULT_NAME_MAX } from '../../vault/vaultDirectory';
import type { VaultHost } from '../../vault/vaultHost';
import { defineOperation, type Operation } from '../defineOperation';

const idSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** vault.*: the local vaults of this browser, the open one's status and config, switching. */
export function vaultHostOperations(host: VaultHost | undefined): Operation[] {
  // The describe build has no open vault: the operations are described, and refuse if run there.
  const withHost = async <T>(run: (h: VaultHost) => Promise<Result<T>>): Promise<Result<T>> =>
    host ? run(host) : fail('UNAVAILABLE', 'No vault is open in this context');
  return [
    defineOperation({
      kind: 'read',
      name: 'vault.getAll',
      summary: 'The local vaults of this browser: id, name, created, lastOpened (ms), current.',
      params: [] as const,
      handler: () =>
        withHost(async (h) => {
          const current = (await h.current()).id;
          return ok((await h.list()).map((v) => ({ ...v, current: v.id === current })));
        }),
    }),
    defineOperation({
      kind: 'read',
      name: 'vault.getStatus',
      summary: 'The open vault: id, name, whether this tab leads, record counts, search index size.',
      params: [] as const,
      handler: () => withHost(async (h) => ok(await h.status())),
    }),
    defineOperation({
      kind: 'read',
      name: 'vault.getConfig',
      summary: 'The open vault’s configuration: id, name, created (ms).',
      params: [] as const,
      handler: () =>
        withHost(async (h) => {
          const { id, name, created } = await h.current();
          return ok({ id, name, created });
        }),
    }),
    defineOperation({
      kind: 'read',
      name: 'vault.listAccount',
      summary:
        'The vaults of the sync account this vault is signed in to: id, name (when this device holds its key), item count, the local vault syncing it.',
      params: [] as const,
      handler: () => withHost((h) => h.listAccount()),
    }),
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'vault.downloadRemote',
      summary:
        'Open a vault of the sync account on this device: a new local vault bound to it, opened in this window; it syncs once signed in (with the recovery key given here, no key step is left).',
      params: [
        {
          name: 'remote',
          required: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['vaultId'],
            properties: {
              vaultId: {
                type: 'string',
                minLength: 1,
                maxLength: 100,
                description: 'from vault.listAccount',
              },
              name: { type: 'string', minLength: 1, maxLength: VAULT_NAME_MAX },
              recoveryKey: { type: 'string', minLength: 1, maxLength: 200 },
            },
          },
        },
      ] as const,
      handler: ([remote]) =>
        withHost(async (h) => {
          const made = await h.downloadRemote(remote);
          if (!made.ok) return made;
          // Opened here when a window is attached (an agent's call too): its first sync starts there.
          const opened = await h.switchTo(made.value.vault.id);
          return ok({
            ...made.value,
            opened: opened.ok,
            next: made.value.keyReady
              ? 'sign in to sync in the new vault; its first sync starts then'
              : 'sign in to sync in the new vault, then give its recovery key or link it from another device',
          });
        }),
    }),
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'vault.updateConfig',
      summary:
        'Renames the open vault and/or sets its icon (one emoji or character; null clears it). A synced vault’s icon reaches its other devices (last change wins).',
      params: [
        {
          name: 'config',
          required: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            minProperties: 1,
            properties: {
              name: { type: 'string', minLength: 1, maxLength: VAULT_NAME_MAX },
              icon: { type: ['string', 'null'], maxLength: VAULT_ICON_MAX },
            },
          },
        },
      ] as const,
      handler: ([config]) =>
        withHost(async (h) => {
          // both checked before either is written: a refusal changes nothing
          if (config.name !== undefined) {
            const name = checkVaultName(config.name, 'args[0].name');
            if (!name.ok) return name;
          }
          if (config.icon !== undefined) {
            const icon = checkVaultIcon(config.icon, 'args[0].icon');
            if (!icon.ok) return icon;
          }
          let out: Result<VaultEntry> | null = null;
          if (config.icon !== undefined) {
            out = await h.setIcon(config.icon);
            if (!out.ok) return { ok: false, error: { ...out.error, field: 'args[0].icon' } };
          }
          if (config.name !== undefined) {
            out = await h.rename(config.name);
            if (!out.ok) return { ok: false, error: { ...out.error, field: 'args[0].name' } };
          }
          return out ?? fail('VALIDATION', 'Give a name or an icon', { field: 'args[0]' });
        }),
    }),
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'vault.switch',
      summary: 'Opens another local vault in this window (vault.getAll lists them); its views reload.',
      params: [{ name: 'id', required: true, schema: idSchema }] as const,
      handler: ([id]) => withHost((h) => h.switchTo(id)),
    }),
    defineOperation({
      kind: 'write',
      // A write like any other (spec 5): an agent may not make the tab re-read the whole vault unasked.
      requiresApproval: true,
      name: 'vault.reindex',
      summary: 'Rebuilds the open vault’s search index from its notes; answers how many and how long.',
      params: [] as const,
      handler: () => withHost((h) => h.reindex()),
    }),
  ];
}
