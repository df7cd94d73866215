import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deriveVaultKeyring,
  generateDeviceKey,
  generateVaultKey,
  toBase64,
  type VaultKeyring,
} from '../../../src/sync/crypto';
import { CORRUPT_COOLDOWN_MS } from '../../../src/sync/engine/pull/corruptItems';
import { FAILS_SCHEMA } from '../../../src/sync/engine/pull/ledgerOutcome';
import type { LedgerEntry } from '../../../src/sync/engine/pull/ledgers';
import { MANIFEST_CHECKED_AT } from '../../../src/sync/engine/pull/manifestCheck';
import {
  CORRUPT_ITEMS,
  LAST_CURSOR,
  QUARANTINE,
  SCHEMA_INVALID_ITEMS,
} from '../../../src/sync/engine/pull/pullChanges';
import { QUARANTINE_TTL_MS } from '../../../src/sync/engine/pull/quarantineLedger';
import { sealPushItem } from '../../../src/sync/engine/push/sealPushItem';
import type { PullResponse } from '../../../src/sync/protocol/pull';
import { markPulled } from '../../../src/worker/sync/pulledTransactions';
import { createStatePort, SYNC_VAULT_ID, VAULT_KEY } from '../../../src/worker/sync/syncStateStore';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

/**
 * The ledgers' retry by id (spec 3.8, 9.9) between engines through the real local service: B runs
 * app version 2.0.0. A ledger entry "written by 1.0.0" is what an older build leaves: the cursor
 * past the item, the item absent here, its entry in syncState; the test writes exactly that.
 * Items that never read are pushed by a rogue device of the account (its own registered key).
 */
let service: SharedSyncService;
let a: Device;
let b: Device;
let email: string;
/** `type|id` of every id B asked `POST /sync/pull` for, per request */
const pulls: string[][] = [];
/** ids whose payload reaches B damaged (one character changed after the service sent it) */
const damaged = new Set<string>();

const DAY = 86_400_000;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [a, b],
    email,
  } = await devicesOfOneAccount(service.url, 'ledger', ['A', 'B'], {
    B: {
      appVersion: '2.0.0',
      beforeFetch: async (method, path, init) => {
        if (method !== 'POST' || path !== '/sync/pull') return;
        const { items } = JSON.parse(String(init?.body)) as { items: { type: string; id: string }[] };
        pulls.push(items.map((r) => `${r.type}|${r.id}`));
      },
      rewriteResponse: (method, path, body) => {
        const page = method === 'GET' && path === '/sync/changes';
        if (!(page || (method === 'POST' && path === '/sync/pull')) || damaged.size === 0) return body;
        const res = JSON.parse(body) as PullResponse & { inline?: PullResponse['items'] };
        // a first page's inline items (spec 4 `inline=1`) are damaged on the way as well
        for (const item of page ? (res.inline ?? []) : res.items)
          if (damaged.has(item.id)) item.payload = `${item.payload.slice(0, -2)}x${item.payload.slice(-1)}`;
        return JSON.stringify(res);
      },
    },
  }));
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const state = (d: Device) => createStatePort(d.db);
const ledger = async (d: Device, name: string) =>
  (await state(d).get<Record<string, LedgerEntry>>(name)) ?? {};
/** ids B fetched by id during `fn` */
async function fetchedDuring(fn: () => Promise<void>): Promise<string[]> {
  const from = pulls.length;
  await fn();
  return pulls.slice(from).flat();
}

async function newTask(title: string): Promise<string> {
  return value<{ task: { id: string } }>(await a.write('tasks.create', { title })).task.id;
}

/** B loses its row without the outbox noticing (no delete queued, none remembered). */
const loseOnB = (id: string) =>
  b.db.transaction('rw', b.db.tables, async () => {
    markPulled(Dexie.currentTransaction);
    await b.db.tasks.delete(id);
  });

/** A device of the account the app never saw, pushing what the test seals (signed by its own key). */
async function rogue() {
  const key = await generateDeviceKey(globalThis.crypto.subtle);
  const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-svc-client': 'web/0.1.0',
        ...(token ? { authorization: `Bearer ${token}`, 'x-svc-sync-types': 'task' } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path} answered ${res.status}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const { devCode } = await post<{ devCode: string }>('/auth/otp/request', { email });
  const session = await post<{ deviceId: string; accessToken: string }>('/auth/sign-in', {
    email,
    code: devCode,
    device: { name: 'Rogue', publicKey: toBase64(key.publicKey) },
  });
  return {
    /** pushes task `id` whose envelope holds `payload`, sealed under `keyring` */
    async push(keyring: VaultKeyring, id: string, payload: unknown) {
      const item = await sealPushItem(
        keyring,
        { key, deviceId: session.deviceId },
        { type: 'task', id },
        // a payload this build cannot read is the point: the port's type says object
        { clock: { [session.deviceId]: 1 }, deletedAt: null, payload: payload as Record<string, unknown> },
      );
      const res = await fetch(`${service.url}/sync/push`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-svc-client': 'web/0.1.0',
          authorization: `Bearer ${session.accessToken}`,
          'x-svc-vault-id': keyring.vaultId,
          'x-svc-sync-types': 'task',
        },
        body: JSON.stringify({ items: [item] }),
      });
      const out = (await res.json()) as { accepted: unknown[] };
      expect(out.accepted).toHaveLength(1);
    },
  };
}

async function vaultKeyring(): Promise<VaultKeyring> {
  const key = await state(a).get<Uint8Array>(VAULT_KEY);
  const vaultId = await state(a).get<string>(SYNC_VAULT_ID);
  if (!key || !vaultId) throw new Error('A holds no vault key');
  return deriveVaultKeyring(key, vaultId);
}

describe('the ledgers fetched again by id, against the real service', () => {
  it('fetches a schema-invalid item again when another app version runs, and applies it when it reads', async () => {
    const readable = await newTask('Readable by 2.0.0');
    const sameVersion = await newTask('Refused by 2.0.0 itself');
    await a.sync.syncNow();
    await b.sync.syncNow();
    await loseOnB(readable);
    await loseOnB(sameVersion);
    const at = Date.now();
    await state(b).set(SCHEMA_INVALID_ITEMS, {
      [`task|${readable}`]: { reason: 'payload is not an object', at, appVersion: '1.0.0' },
      [`task|${sameVersion}`]: { reason: 'payload is not an object', at, appVersion: '2.0.0' },
    });
    const cursor = await state(b).get<number>(LAST_CURSOR);

    const fetched = await fetchedDuring(() => b.sync.syncNow());
    expect(fetched).toContain(`task|${readable}`);
    expect(fetched).not.toContain(`task|${sameVersion}`);
    expect(await b.db.tasks.get(readable)).toMatchObject({ title: 'Readable by 2.0.0' });
    expect(await b.db.tasks.get(sameVersion)).toBeUndefined();
    const left = await ledger(b, SCHEMA_INVALID_ITEMS);
    expect(left[`task|${readable}`]).toBeUndefined();
    expect(left[`task|${sameVersion}`]).toMatchObject({ appVersion: '2.0.0' });
    expect(await state(b).get<number>(LAST_CURSOR)).toBe(cursor); // the retry never moves it
  }, 90_000);

  it('keeps an item that still does not read under the new version (not fetched again by it) and forgets one the service lacks', async () => {
    const keyring = await vaultKeyring();
    const bad = `bad-${Date.now()}`;
    await (await rogue()).push(keyring, bad, ['an', 'array', 'not', 'a', 'task']);
    await b.sync.syncNow();
    expect((await ledger(b, SCHEMA_INVALID_ITEMS))[`task|${bad}`]).toMatchObject({
      reason: 'payload is not an object',
      appVersion: '2.0.0',
    });

    const old = Date.now() - DAY;
    const never = `never-pushed-${Date.now()}`;
    await state(b).set(SCHEMA_INVALID_ITEMS, {
      ...(await ledger(b, SCHEMA_INVALID_ITEMS)),
      [`task|${bad}`]: { reason: 'payload is not an object', at: old, appVersion: '1.0.0' },
      [`task|${never}`]: { reason: 'payload is not an object', at: old, appVersion: '1.0.0' },
    });
    const fetched = await fetchedDuring(() => b.sync.syncNow());
    expect(fetched).toEqual(expect.arrayContaining([`task|${bad}`, `task|${never}`]));
    const left = await ledger(b, SCHEMA_INVALID_ITEMS);
    expect(left[`task|${bad}`]).toMatchObject({ appVersion: '2.0.0' });
    expect(left[`task|${bad}`]!.at).toBeGreaterThan(old);
    expect(left[`task|${never}`]).toBeUndefined();
    expect(await b.db.tasks.get(bad)).toBeUndefined();

    expect(await fetchedDuring(() => b.sync.syncNow())).not.toContain(`task|${bad}`);
  }, 90_000);

  it('ledgers a task whose payload opens but fails the task schema, instead of dropping it', async () => {
    const keyring = await vaultKeyring();
    const bad = `bad-task-${Date.now()}`;
    await (await rogue()).push(keyring, bad, { id: bad, title: 42 });
    await b.sync.syncNow();
    expect((await ledger(b, SCHEMA_INVALID_ITEMS))[`task|${bad}`]).toMatchObject({
      reason: FAILS_SCHEMA,
      appVersion: '2.0.0',
    });
    expect(await b.db.tasks.get(bad)).toBeUndefined();
  }, 60_000);

  it('fetches a quarantined item again after 7 days: applied when it verifies, else one more attempt, permanent at the third', async () => {
    const forged = `forged-${Date.now()}`;
    const wrongKey = deriveVaultKeyring(generateVaultKey(), (await vaultKeyring()).vaultId);
    await (await rogue()).push(wrongKey, forged, { title: 'sealed under another key' });
    const lost = await newTask('Quarantined on B by mistake');
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect((await ledger(b, QUARANTINE))[`task|${forged}`]).toMatchObject({ attempts: 1 });
    await loseOnB(lost);

    const now = Date.now();
    const aged = (attempts: number, age: number): LedgerEntry => ({
      reason: 'signature does not verify',
      at: now - age,
      attempts,
    });
    await state(b).set(QUARANTINE, {
      [`task|${forged}`]: aged(1, QUARANTINE_TTL_MS + DAY),
      [`task|${lost}`]: aged(1, QUARANTINE_TTL_MS + DAY),
    });
    const first = await fetchedDuring(() => b.sync.syncNow());
    expect(first).toEqual(expect.arrayContaining([`task|${forged}`, `task|${lost}`]));
    expect(await b.db.tasks.get(lost)).toMatchObject({ title: 'Quarantined on B by mistake' });
    let q = await ledger(b, QUARANTINE);
    expect(q[`task|${lost}`]).toBeUndefined();
    expect(q[`task|${forged}`]).toMatchObject({ attempts: 2 });
    expect(q[`task|${forged}`]!.permanent).toBeUndefined();
    expect(await b.db.tasks.get(forged)).toBeUndefined();

    // six days old: not yet due
    await state(b).set(QUARANTINE, { [`task|${forged}`]: aged(2, QUARANTINE_TTL_MS - DAY) });
    expect(await fetchedDuring(() => b.sync.syncNow())).not.toContain(`task|${forged}`);

    await state(b).set(QUARANTINE, { [`task|${forged}`]: aged(2, QUARANTINE_TTL_MS + DAY) });
    expect(await fetchedDuring(() => b.sync.syncNow())).toContain(`task|${forged}`);
    q = await ledger(b, QUARANTINE);
    expect(q[`task|${forged}`]).toMatchObject({ attempts: 3, permanent: true });

    // permanent: never expires
    await state(b).set(QUARANTINE, {
      [`task|${forged}`]: { ...q[`task|${forged}`]!, at: now - 10 * QUARANTINE_TTL_MS },
    });
    expect(await fetchedDuring(() => b.sync.syncNow())).not.toContain(`task|${forged}`);
    expect((await ledger(b, QUARANTINE))[`task|${forged}`]).toMatchObject({ permanent: true });
  }, 90_000);

  it('fetches an item received damaged again after its hour (the corrupt-item tracker), not sooner, not by the manifest check', async () => {
    const id = await newTask('Damaged on the way');
    await a.sync.syncNow();
    damaged.add(id);
    await b.sync.syncNow();
    damaged.delete(id);
    expect((await ledger(b, CORRUPT_ITEMS))[`task|${id}`]).toMatchObject({
      reason: 'payload does not match its signed hash',
    });
    expect((await ledger(b, QUARANTINE))[`task|${id}`]).toBeUndefined();
    expect(await b.db.tasks.get(id)).toBeUndefined();
    const cursor = await state(b).get<number>(LAST_CURSOR);

    // within the hour: not fetched, though the manifest check runs and B lacks the task
    await state(b).set(MANIFEST_CHECKED_AT, 0);
    expect(await fetchedDuring(() => b.sync.syncNow())).not.toContain(`task|${id}`);
    expect(await state(b).get<number>(MANIFEST_CHECKED_AT)).toBeGreaterThan(0);

    const tracked = await ledger(b, CORRUPT_ITEMS);
    await state(b).set(CORRUPT_ITEMS, {
      ...tracked,
      [`task|${id}`]: { ...tracked[`task|${id}`]!, at: Date.now() - CORRUPT_COOLDOWN_MS },
    });
    expect(await fetchedDuring(() => b.sync.syncNow())).toContain(`task|${id}`);
    expect(await b.db.tasks.get(id)).toMatchObject({ title: 'Damaged on the way' });
    expect((await ledger(b, CORRUPT_ITEMS))[`task|${id}`]).toBeUndefined();
    expect(await state(b).get<number>(LAST_CURSOR)).toBe(cursor); // the re-fetch never moves it
  }, 60_000);
});
