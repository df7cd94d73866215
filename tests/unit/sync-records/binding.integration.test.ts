import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWelcome } from '../../../src/worker/stores/welcome';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, openDevice, value } from '../sync/syncDevice';

/** Vault account binding (spec 3.5) wired into sign-in, against the real local service. */
let service: SharedSyncService;
const opened: Device[] = [];

beforeAll(async () => {
  service = await sharedSyncService();
}, 120_000);

afterAll(async () => {
  for (const d of opened) await d.close();
});

async function device(name: string) {
  const d = await openDevice(service.url, name);
  opened.push(d);
  return d;
}

/** An account whose first device created its vault; answers the recovery key. */
async function accountWithVault(email: string) {
  const first = await device('first');
  await first.signIn(email);
  const made = value<{ kind: string; recoveryKey: string }>(await first.sync.setUp());
  expect(made.kind).toBe('created');
  return { first, recoveryKey: made.recoveryKey };
}

const setupOf = async (d: Device) => (await d.sync.state()).setup;

describe('vault account binding at sign-in', () => {
  it('asks a vault with content once, and "keep local" holds across sign-ins', async () => {
    const email = `bind-local-${Date.now()}@test.cairn.local`;
    await accountWithVault(email);
    const d = await device('content');
    await d.notes.create({ title: 'Mine', markdown: 'kept here' });
    await d.signIn(email);
    expect(await setupOf(d)).toBe('needs_decision');
    expect((await d.sync.state()).mergeAvailable).toBe(true);
    // nothing starts while the question is open
    expect((await d.sync.setUp()).ok).toBe(false);

    expect(value<{ kind: string }>(await d.sync.choose('local')).kind).toBe('local');
    expect(await setupOf(d)).toBe('local');
    expect((await d.sync.choose('merge')).ok).toBe(false);
    await d.sync.signOut();
    await d.signIn(email);
    expect(await setupOf(d)).toBe('local');
    // no engine runs for a local vault: its outbox waits, untouched, should the user choose sync
    await d.sync.syncNow();
    expect((await d.sync.state()).status.phase).toBe('off');
    expect(await d.db.syncQueue.count()).toBeGreaterThan(0);
    // sign-out cleared the record rows; the note's Yjs update rows survived it (spec 4.2.2)
    const kinds = new Set((await d.db.syncQueue.toArray()).map((r) => r.kind));
    expect([...kinds]).toEqual(['body']);
  }, 60_000);

  it('"merge" adopts the account vault: after the key, its notes and ours meet', async () => {
    const email = `bind-merge-${Date.now()}@test.cairn.local`;
    const { first, recoveryKey } = await accountWithVault(email);
    const theirs = value<{ id: string }>(await first.notes.create({ title: 'Theirs', markdown: 'a' }));
    await first.sync.syncNow();
    const d = await device('merger');
    const ours = value<{ id: string }>(await d.notes.create({ title: 'Ours', markdown: 'b' }));
    await d.signIn(email);
    expect(value<{ kind: string }>(await d.sync.choose('merge')).kind).toBe('needs_key');
    value(await d.sync.restore(recoveryKey));
    expect(await setupOf(d)).toBe('ready');
    await d.sync.syncNow();
    await first.sync.syncNow();
    expect((await d.notes.get(theirs.id))?.title).toBe('Theirs');
    expect((await first.notes.get(ours.id))?.title).toBe('Ours');
  }, 60_000);

  it('"sync" registers this vault as a vault of its own', async () => {
    const email = `bind-own-${Date.now()}@test.cairn.local`;
    const { first } = await accountWithVault(email);
    const d = await device('own');
    const ours = value<{ id: string }>(await d.notes.create({ title: 'Separate', markdown: 'c' }));
    await d.signIn(email);
    const made = value<{ kind: string; recoveryKey?: string }>(await d.sync.choose('sync'));
    expect(made.kind).toBe('created');
    expect(made.recoveryKey).toBeTruthy();
    await d.sync.syncNow();
    await first.sync.syncNow();
    expect(await first.notes.get(ours.id)).toBeNull();
    expect((await d.sync.state()).status.phase).toBe('synced');
  }, 60_000);

  it('holds a vault written by another device as foreign, and accepts no choice', async () => {
    const email = `bind-foreign-${Date.now()}@test.cairn.local`;
    await accountWithVault(email);
    const d = await device('foreign');
    await d.db.inbox.put({
      id: 'i1',
      type: 'text',
      title: 'from elsewhere',
      content: null,
      bucket: 'open',
      capturedAt: 1,
      createdAt: '2026-11-21T00:00:00.000Z',
      modifiedAt: '2026-11-21T00:00:00.000Z',
      filedAt: null,
      filedTo: null,
      filedAction: null,
      clock: { 'another-install': 3 },
    } as never);
    await d.signIn(email);
    expect(await setupOf(d)).toBe('foreign');
    for (const choice of ['sync', 'merge', 'local'] as const)
      expect((await d.sync.choose(choice)).ok).toBe(false);
  }, 60_000);

  it('binds an empty vault at once and adopts the account vault', async () => {
    const email = `bind-empty-${Date.now()}@test.cairn.local`;
    await accountWithVault(email);
    const d = await device('empty');
    await d.signIn(email);
    expect(await setupOf(d)).toBe('needs_key');
    expect(value<{ kind: string }>(await d.sync.setUp()).kind).toBe('needs_key');
  }, 60_000);

  // Issue 19 part 5: every vault made on a device starts with "Welcome to Cairn" (stores/welcome.ts).
  it('an untouched welcome note is not content: a fresh device joins at once and keeps the vault’s welcome, not its own', async () => {
    const email = `bind-welcome-${Date.now()}@test.cairn.local`;
    const first = await device('welcomer');
    const theirs = await makeWelcome(async () => true, first.notes);
    expect(theirs).not.toBeNull();
    await first.signIn(email);
    expect(await setupOf(first)).not.toBe('needs_decision');
    const made = value<{ kind: string; recoveryKey: string }>(await first.sync.setUp());
    await first.sync.syncNow();

    const d = await device('joiner');
    const ours = await makeWelcome(async () => true, d.notes);
    expect(ours).not.toBeNull();
    await d.signIn(email);
    expect(await setupOf(d)).toBe('needs_key'); // not asked "sync, merge or keep local"
    value(await d.sync.restore(made.recoveryKey));
    await d.sync.syncNow();
    await first.sync.syncNow();
    expect(await d.db.notes.get(ours!)).toBeUndefined(); // gone for good, not in the Trash
    expect((await d.notes.get(theirs!))?.title).toBe('Welcome to Cairn');
    expect(await first.notes.get(ours!)).toBeNull();

    // deleted on one device, it is gone on the other and nothing makes it again
    value(await first.notes.delete(theirs!));
    await first.notes.trash.purge([theirs!]);
    await first.sync.syncNow();
    await d.sync.syncNow();
    expect(await d.notes.get(theirs!)).toBeNull();
    expect(await d.db.notes.count()).toBe(0);
  }, 60_000);

  it('a welcome note the user changed is content: the device is asked before anything merges', async () => {
    const email = `bind-welcome-edited-${Date.now()}@test.cairn.local`;
    await accountWithVault(email);
    const d = await device('edited-welcome');
    const id = await makeWelcome(async () => true, d.notes);
    value(await d.notes.updateBody(id!, 'My own words now.'));
    await d.signIn(email);
    expect(await setupOf(d)).toBe('needs_decision');
  }, 60_000);
});
