import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVaultKeyRecord,
  deriveVaultKeyring,
  encodeVaultKeyRecord,
  formatRecoveryKey,
  generateDeviceKey,
  generateRecoverySecret,
  generateVaultKey,
  toBase64,
} from '../../../src/sync/crypto';
import { LAST_CURSOR, QUARANTINE } from '../../../src/sync/engine/pull/pullChanges';
import { REFUSED_PAGE, VAULT_KEY_MISMATCH } from '../../../src/sync/engine/pull/refusedPage';
import { sealPushItem } from '../../../src/sync/engine/push/sealPushItem';
import { readRecord } from '../../../src/worker/sync/recordPayloads';
import { createStatePort, SYNC_VAULT_ID } from '../../../src/worker/sync/syncStateStore';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, devicesOfOneAccount, value } from './syncDevice';

/**
 * Spec 3.8's refused page against the real local service, through the real controller: another
 * device of the account moves the vault to a NEW vault key (it stores a new vault key record with
 * `rotate`, as a later build's key rotation would, and pushes under the new key). B still holds
 * the old key: its pull refuses the page (cursor held, nothing quarantined), its status says the
 * vault key is needed and Settings asks for it; once B enters the new recovery key, the same page
 * applies and the cursor moves.
 */
let service: SharedSyncService;
let b: Device;
let email: string;

beforeAll(async () => {
  service = await sharedSyncService();
  ({
    devices: [b],
    email,
  } = await devicesOfOneAccount(service.url, 'refused', ['B']));
}, 120_000);

afterAll(async () => {
  await b?.close();
});

async function send(path: string, init: { method?: string; body: unknown; token?: string; vault?: string }) {
  const res = await fetch(`${service.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      'x-svc-client': 'web/0.1.0',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.vault ? { 'x-svc-vault-id': init.vault, 'x-svc-sync-types': 'task' } : {}),
    },
    body: JSON.stringify(init.body),
  });
  expect(res.status, `${path} answered ${res.status}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * A device of the account that moves the vault to a new key and pushes, under it, an edit of B's
 * task `taskId` (its title changed, its clock one tick further).
 */
async function rotateAndPush(vaultId: string, taskId: string) {
  const stored = await readRecord(b.db, 'task', taskId);
  if (!stored) throw new Error('B has no such task');
  const key = await generateDeviceKey(globalThis.crypto.subtle);
  const { devCode } = await send('/auth/otp/request', { body: { email } });
  const session = (await send('/auth/sign-in', {
    body: { email, code: devCode, device: { name: 'Rotator', publicKey: toBase64(key.publicKey) } },
  })) as { deviceId: string; accessToken: string };
  const vaultKey = generateVaultKey();
  const secret = generateRecoverySecret();
  await send('/auth/key-verifier', {
    method: 'PUT',
    token: session.accessToken,
    vault: vaultId,
    body: { verifier: encodeVaultKeyRecord(createVaultKeyRecord(vaultKey, vaultId, secret)), rotate: true },
  });
  const item = await sealPushItem(
    deriveVaultKeyring(vaultKey, vaultId),
    { key, deviceId: session.deviceId },
    { type: 'task', id: taskId },
    {
      clock: { ...stored.clock, [session.deviceId]: 1 },
      deletedAt: null,
      payload: { ...stored.payload, title: 'under the new key' },
    },
  );
  const pushed = await send('/sync/push', {
    token: session.accessToken,
    vault: vaultId,
    body: { items: [item] },
  });
  expect(pushed.accepted).toHaveLength(1);
  return formatRecoveryKey(secret);
}

describe('a refused page against the real service (spec 3.8)', () => {
  it('holds the cursor while this device’s vault key is stale, asks for the key, and applies the page once it is entered', async () => {
    const state = createStatePort(b.db);
    const taskId = value<{ task: { id: string } }>(await b.write('tasks.create', { title: 'Before' })).task
      .id;
    await b.sync.syncNow();
    const before = await state.get<number>(LAST_CURSOR);
    const vaultId = (await state.get<string>(SYNC_VAULT_ID))!;
    const recoveryKey = await rotateAndPush(vaultId, taskId);

    await b.sync.syncNow();
    const held = await b.sync.state();
    expect(held.status.error).toMatchObject({ category: 'vault_key_mismatch', code: VAULT_KEY_MISMATCH });
    expect(held.setup).toBe('needs_key');
    expect(await state.get<number>(LAST_CURSOR)).toBe(before);
    expect(Object.keys((await state.get<Record<string, unknown>>(QUARANTINE)) ?? {})).toEqual([]);
    expect((await b.db.tasks.get(taskId))?.title).toBe('Before');
    expect(await state.get(REFUSED_PAGE)).toMatchObject({ cursor: before, reason: 'vault_key_mismatch' });

    // the user enters the vault's current recovery key: a new engine under the new key
    expect((await b.sync.restore(recoveryKey)).ok).toBe(true);
    await b.sync.syncNow();
    const after = await b.sync.state();
    expect(after.setup).toBe('ready');
    expect(after.status.error).toBeNull();
    expect((await b.db.tasks.get(taskId))?.title).toBe('under the new key');
    expect(await state.get<number>(LAST_CURSOR)).toBeGreaterThan(before ?? 0);
    expect(await state.get(REFUSED_PAGE)).toBeUndefined();
    expect(Object.keys((await state.get<Record<string, unknown>>(QUARANTINE)) ?? {})).toEqual([]);
  }, 120_000);
});
