import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMetaDb } from '../../../src/worker/db/meta';
import { openVaultDb } from '../../../src/worker/db/schema';
import type { SearchIndexer } from '../../../src/worker/indexing/searchIndexer';
import type { LeaderElection } from '../../../src/worker/leader';
import { createRegistry } from '../../../src/worker/ops/registry';
import { vaultHostOperations } from '../../../src/worker/ops/vault/vaultOperations';
import { createAccountVaults } from '../../../src/worker/sync/accountVaults';
import { createVaultHost } from '../../../src/worker/vault/createVaultHost';
import { createVaultDirectory } from '../../../src/worker/vault/vaultDirectory';

let n = 0;
const ui = { caller: { kind: 'ui' } } as const;

async function setUp(isLeader = true) {
  const meta = openMetaDb();
  await meta.open();
  await meta.vaults.clear();
  const db = openVaultDb(`vault-ops-${++n}-${Date.now()}`);
  await db.open();
  let id = 0;
  const directory = createVaultDirectory(
    meta,
    () => 1000,
    () => `v${++id}`,
  );
  await meta.vaults.put({ id: 'home', name: 'Home', created: 1, lastOpened: 5 });
  const leader: LeaderElection = {
    isLeader: () => isLeader,
    onChange: () => () => undefined,
    resign: () => undefined,
  };
  const rebuilt: number[] = [];
  const search = Promise.resolve({
    index: { stats: async () => ({ documents: 3 }) },
    rebuild: async () => void rebuilt.push(1),
  } as unknown as SearchIndexer);
  const host = createVaultHost({ vaultId: 'home', directory, db, leader, search, now: () => 0 });
  const registry = createRegistry(vaultHostOperations(host));
  return {
    meta,
    db,
    host,
    directory,
    rebuilt,
    read: (op: string, ...args: unknown[]) => registry.read(op, args, ui),
    write: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'once' }),
    denied: (op: string, ...args: unknown[]) =>
      registry.write(op, args, { ...ui, approve: async () => 'deny' }),
    close: async () => {
      await db.delete();
      meta.close();
    },
  };
}

describe('vault.* operations', () => {
  let v: Awaited<ReturnType<typeof setUp>>;
  beforeEach(async () => {
    v = await setUp();
  });
  afterEach(async () => v.close());

  it('lists the local vaults, most recently opened first, the open one marked', async () => {
    const made = await v.directory.create('  Work  ');
    expect(made).toMatchObject({ ok: true, value: { id: 'v1', name: 'Work', lastOpened: 0 } });
    const all = await v.read('vault.getAll');
    expect(all).toEqual({
      ok: true,
      value: [
        { id: 'home', name: 'Home', created: 1, lastOpened: 5, current: true },
        { id: 'v1', name: 'Work', created: 1000, lastOpened: 0, current: false },
      ],
    });
    expect(await v.read('vault.getConfig')).toEqual({
      ok: true,
      value: { id: 'home', name: 'Home', created: 1 },
    });
  });

  it('renames the open vault; a blank or unknown field is refused and nothing changes', async () => {
    expect(await v.write('vault.updateConfig', { name: 'Personal' })).toMatchObject({
      ok: true,
      value: { id: 'home', name: 'Personal' },
    });
    const blank = await v.write('vault.updateConfig', { name: '   ' });
    expect(blank).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'args[0].name' } });
    const extra = await v.write('vault.updateConfig', { name: 'X', colour: 'red' });
    expect(extra).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'args[0].colour' } });
    expect((await v.meta.vaults.get('home'))?.name).toBe('Personal');
  });

  it('switches only to a vault that exists, after the reply, through the window’s listener', async () => {
    const work = await v.directory.create('Work');
    if (!work.ok) throw new Error('create failed');
    // No window listens (no page attached): nothing could carry the switch out.
    expect(await v.write('vault.switch', work.value.id)).toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE' },
    });
    const seen: string[] = [];
    v.host.onSwitch((id) => seen.push(id));
    expect(await v.write('vault.switch', 'nope')).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    const res = await v.write('vault.switch', work.value.id);
    expect(res).toMatchObject({ ok: true, value: { id: work.value.id, name: 'Work' } });
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([work.value.id]);
    expect(await v.write('vault.switch', 'home')).toMatchObject({ ok: true, value: { id: 'home' } });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([work.value.id]);
  });

  it('reports the open vault’s status and reindexes its search from the leading tab', async () => {
    await v.db.folders.put({ path: 'A' } as never);
    expect(await v.read('vault.getStatus')).toMatchObject({
      ok: true,
      value: {
        id: 'home',
        isLeader: true,
        counts: { notes: 0, folders: 1, tasks: 0 },
        search: { documents: 3 },
      },
    });
    expect(await v.denied('vault.reindex')).toMatchObject({ ok: false, error: { code: 'APPROVAL_DENIED' } });
    expect(v.rebuilt).toEqual([]);
    expect(await v.write('vault.reindex')).toMatchObject({ ok: true, value: { notes: 0 } });
    expect(v.rebuilt).toEqual([1]);
  });

  it('listAccount and downloadRemote: unavailable without sync; not signed in, a clear error and nothing made', async () => {
    expect(await v.read('vault.listAccount')).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    const account = createAccountVaults({
      db: v.db,
      localVaultId: 'home',
      call: () => Promise.reject(new Error('no call may be made while signed out')),
      directory: v.directory,
      seedSyncState: () => Promise.reject(new Error('nothing may be seeded while signed out')),
    });
    const host = createVaultHost({
      vaultId: 'home',
      directory: v.directory,
      db: v.db,
      leader: { isLeader: () => true, onChange: () => () => undefined, resign: () => undefined },
      search: new Promise(() => undefined),
      now: () => 0,
      account,
    });
    const registry = createRegistry(vaultHostOperations(host));
    const listed = await registry.read('vault.listAccount', [], ui);
    expect(listed).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    if (!listed.ok) expect(listed.error.message).toMatch(/sign in/);
    const down = await registry.write('vault.downloadRemote', [{ vaultId: 'x' }], {
      ...ui,
      approve: async () => 'once',
    });
    expect(down).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    expect(await v.directory.list()).toHaveLength(1);
    const bad = await registry.write('vault.downloadRemote', [{}], { ...ui, approve: async () => 'once' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});

describe('vault.* without an open vault (the describe build)', () => {
  it('is described, and refuses to run', async () => {
    const registry = createRegistry(vaultHostOperations(undefined));
    expect(registry.describe('vault.switch')).toMatchObject({ ok: true, value: { requires_approval: true } });
    expect(await registry.read('vault.getAll', [], ui)).toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE' },
    });
  });

  it('a follower tab does not rebuild the index', async () => {
    const v = await setUp(false);
    expect(await v.write('vault.reindex')).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(v.rebuilt).toEqual([]);
    await v.close();
  });
});
