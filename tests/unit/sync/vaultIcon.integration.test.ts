import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VaultListResponse } from '../../../src/sync/protocol/vaults';
import { openMetaDb } from '../../../src/worker/db/meta';
import { createRegistry } from '../../../src/worker/ops/registry';
import { vaultHostOperations } from '../../../src/worker/ops/vault/vaultOperations';
import { createAccountVaults } from '../../../src/worker/sync/accountVaults';
import { createVaultHost } from '../../../src/worker/vault/createVaultHost';
import { createVaultDirectory } from '../../../src/worker/vault/vaultDirectory';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

// Issue 20 part 4: a vault's icon is set on one device, sealed under the vault's name key, sent
// with the setter's change time (`PUT /sync/vaults/:id/icon`) and seen on the vault's other
// devices; the later change wins, whichever device reconciles first.

let service: SharedSyncService;
let a: Device;
let b: Device;
const ui = { caller: { kind: 'ui' } } as const;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
  } = await devicesOfOneAccount(service.url, 'vault-icon', ['A', 'B']));
}, 120_000);

afterAll(async () => {
  for (const d of [a, b]) d?.sync.stop();
  for (const d of [a, b]) await d?.close();
});

/** The vault as a browser profile holds it: its own meta database, directory, host and vault.* operations. */
async function profile(d: Device, clock: { now: number | null } = { now: null }) {
  const meta = openMetaDb(new IDBFactory(), IDBKeyRange);
  await meta.open();
  await meta.vaults.put({ id: 'local', name: 'Shared vault', created: 1, lastOpened: 2 });
  const now = () => clock.now ?? Date.now();
  const directory = createVaultDirectory(meta, now, () => crypto.randomUUID());
  const account = createAccountVaults({
    db: d.db,
    localVaultId: 'local',
    call: d.sync.accountCall,
    directory,
    seedSyncState: async () => undefined,
  });
  const host = createVaultHost({
    vaultId: 'local',
    directory,
    db: d.db,
    leader: { isLeader: () => true, onChange: () => () => undefined, resign: () => undefined },
    search: new Promise(() => undefined),
    now,
    account,
  });
  const registry = createRegistry(vaultHostOperations(host));
  return {
    account,
    icon: async () => (await directory.get('local'))?.icon ?? null,
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'once' }),
    read: (op: string, ...args: unknown[]) => registry.read(op, args, ui),
  };
}

describe('vault icons across devices (real local service)', () => {
  it('an icon set on A is sealed on the service and seen on B; clearing it travels too', async () => {
    const onA = await profile(a);
    const onB = await profile(b);
    value(await onA.write('vault.updateConfig', { icon: '📚' }));
    expect(await onA.icon()).toBe('📚');

    // the service holds ciphertext only
    const listed = value<VaultListResponse>(await (await a.sync.accountCall())('GET', '/sync/vaults'));
    const sealed = listed.vaults[0]!;
    expect(sealed.encryptedIcon).toBeTruthy();
    expect(Buffer.from(sealed.encryptedIcon!, 'base64').includes(Buffer.from('📚'))).toBe(false);

    expect(value(await onB.account.reconcileIcon())).toBe('adopted');
    expect(await onB.icon()).toBe('📚');
    const seen = value<{ vaults: { icon: string | null }[] }>(await onB.read('vault.listAccount'));
    expect(seen.vaults[0]!.icon).toBe('📚');

    value(await onB.write('vault.updateConfig', { icon: null }));
    expect(value(await onA.account.reconcileIcon())).toBe('adopted');
    expect(await onA.icon()).toBeNull();
  }, 60_000);

  it('the later change wins: an older change made offline loses to a newer one sent first', async () => {
    const clockA = { now: Date.now() - 60_000 };
    const onA = await profile(a, clockA);
    const onB = await profile(b);
    a.online(false);
    // A sets its icon a minute "earlier", offline: it cannot be sent
    await onA.write('vault.updateConfig', { icon: '⭐' });
    expect(await onA.icon()).toBe('⭐');
    value(await onB.write('vault.updateConfig', { icon: '🌲' }));
    a.online(true);
    expect(value(await onA.account.reconcileIcon())).toBe('adopted');
    expect(await onA.icon()).toBe('🌲');
    // and B keeps its own: nothing older overwrote it on the service
    expect(value(await onB.account.reconcileIcon())).toBe('same');
    expect(await onB.icon()).toBe('🌲');
  }, 60_000);

  it('refuses a bad icon or an empty change, changing nothing', async () => {
    const onA = await profile(a);
    value(await onA.write('vault.updateConfig', { icon: '🌲' }));
    for (const bad of ['ab', '🌲🌲', 'x'.repeat(40)]) {
      const res = await onA.write('vault.updateConfig', { icon: bad });
      expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'args[0].icon' } });
    }
    const both = await onA.write('vault.updateConfig', { name: '', icon: '⭐' });
    expect(both).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(await onA.write('vault.updateConfig', {})).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
    expect(await onA.icon()).toBe('🌲');
  }, 60_000);
});
