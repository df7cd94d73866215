import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMetaDb } from '../../../src/worker/db/meta';
import { openVaultDb } from '../../../src/worker/db/schema';
import { createRegistry } from '../../../src/worker/ops/registry';
import { vaultHostOperations } from '../../../src/worker/ops/vault/vaultOperations';
import { createAccountVaults, seedSyncState } from '../../../src/worker/sync/accountVaults';
import { createVaultHost } from '../../../src/worker/vault/createVaultHost';
import { createVaultDirectory } from '../../../src/worker/vault/vaultDirectory';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, openDevice, value } from './syncDevice';

let service: SharedSyncService;
let a: Device;
let here: Device;
let downloaded: Device | null = null;
let recoveryKey = '';
const email = `account-vaults-${Date.now()}@test.cairn.local`;
const ui = { caller: { kind: 'ui' } } as const;

beforeAll(async () => {
  service = await sharedSyncService();
  // Device A made the account's vault, with a note in it.
  a = await openDevice(service.url, 'A');
  await a.signIn(email);
  const made = value<{ kind: string; recoveryKey: string }>(await a.sync.setUp());
  recoveryKey = made.recoveryKey;
  value(await a.notes.create({ title: 'From A', markdown: 'carried over' }));
  await a.sync.syncNow();
  // "here": the vault open in this browser, signed in to the same account as a device of its own.
  here = await openDevice(service.url, 'here');
}, 120_000);

afterAll(async () => {
  await a?.close();
  await here?.close();
  await downloaded?.close();
});

describe('vault.listAccount and vault.downloadRemote against the real local service', () => {
  const meta = openMetaDb();
  const directory = createVaultDirectory(meta, Date.now, () => `local-${crypto.randomUUID()}`);
  const switched: string[] = [];
  let registry: ReturnType<typeof createRegistry>;
  const read = (op: string, ...args: unknown[]) => registry.read(op, args, ui);
  const write = (op: string, ...args: unknown[]) =>
    registry.write(op, args, { ...ui, approve: async () => 'once' });

  beforeAll(async () => {
    await meta.open();
    await meta.vaults.clear();
    await meta.vaults.put({ id: 'here', name: 'Here', created: 1, lastOpened: 2 });
    const host = createVaultHost({
      vaultId: 'here',
      directory,
      db: here.db,
      leader: { isLeader: () => true, onChange: () => () => undefined, resign: () => undefined },
      search: new Promise(() => undefined),
      now: Date.now,
      account: createAccountVaults({
        db: here.db,
        localVaultId: 'here',
        call: here.sync.accountCall,
        directory,
        seedSyncState: (id, rows) => seedSyncState(openVaultDb(id), rows),
      }),
    });
    host.onSwitch((id) => switched.push(id));
    registry = createRegistry(vaultHostOperations(host));
  });

  it('refuses while this vault is not signed in, then lists the account’s vault', async () => {
    expect(await read('vault.listAccount')).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    await here.signIn(email);
    const listed = value<{
      email: string;
      vaults: { vaultId: string; name: string | null; itemCount: number }[];
    }>(await read('vault.listAccount'));
    expect(listed.email).toBe(email);
    expect(listed.vaults).toHaveLength(1);
    // This vault holds no key of A's vault: its name stays sealed.
    expect(listed.vaults[0]).toMatchObject({ name: null, localVaultId: null });
    expect(listed.vaults[0]!.itemCount).toBeGreaterThan(0);
  }, 60_000);

  it('downloads it: a wrong key or an unknown vault makes nothing; then a local vault that syncs it', async () => {
    const [remote] = value<{ vaults: { vaultId: string }[] }>(await read('vault.listAccount')).vaults;
    const before = (await directory.list()).length;
    const wrong = await write('vault.downloadRemote', { vaultId: remote!.vaultId, recoveryKey: 'not-a-key' });
    expect(wrong).toMatchObject({ ok: false, error: { field: 'args[0].recoveryKey' } });
    const unknown = await write('vault.downloadRemote', { vaultId: crypto.randomUUID() });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await directory.list()).toHaveLength(before);

    const got = value<{ vault: { id: string; name: string }; keyReady: boolean; opened: boolean }>(
      await write('vault.downloadRemote', { vaultId: remote!.vaultId, recoveryKey }),
    );
    // The recovery key opened the vault's sealed name, which names the local vault.
    expect(got).toMatchObject({ vault: { name: 'vault of A' }, keyReady: true, opened: true });
    await expect.poll(() => switched).toEqual([got.vault.id]);
    const again = await write('vault.downloadRemote', { vaultId: remote!.vaultId });
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFLICT', candidates: [got.vault.id] } });
    const listed = value<{ vaults: { localVaultId: string | null }[] }>(await read('vault.listAccount'));
    expect(listed.vaults[0]!.localVaultId).toBe(got.vault.id);

    // Opened on this device: its sign-in binds without a question, and its first sync brings A's note.
    downloaded = await openDevice(service.url, 'downloaded', { vaultId: got.vault.id });
    await downloaded.signIn(email);
    expect((await downloaded.sync.state()).setup).toBe('ready');
    expect(value<{ kind: string }>(await downloaded.sync.setUp()).kind).toBe('ready');
    await downloaded.sync.syncNow();
    const notes = await downloaded.db.notes.toArray();
    expect(notes.map((n) => n.title)).toContain('From A');
  }, 120_000);
});
