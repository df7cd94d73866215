import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVaultKeyRecord, encodeVaultKeyRecord, parseRecoveryKey } from '../../../src/sync/crypto';
import { RECOVERY_COPY } from '../../../src/sync/engine/account/recoveryKeyAgain';
import { SYNC_VAULT_ID, VAULT_KEY } from '../../../src/worker/sync/syncStateStore';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, openDevice, value } from './syncDevice';

let service: SharedSyncService;
const devices: Device[] = [];
const email = `recovery-${Date.now()}@test.cairn.local`;

async function device(name: string): Promise<Device> {
  const d = await openDevice(service.url, name);
  devices.push(d);
  await d.signIn(email);
  return d;
}

/** Every syncState row as text (bytes as hex), to look for the secret in clear. */
async function storedText(d: Device): Promise<string> {
  const rows = await d.db.syncState.toArray();
  return JSON.stringify(rows, (_k, v: unknown) =>
    v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v,
  );
}

beforeAll(async () => {
  service = await sharedSyncService();
}, 120_000);

afterAll(async () => {
  // stop every engine, then wait for a run in flight (syncNow on a stopped engine only waits),
  // so no run writes its status into a closed database
  for (const d of devices) d.sync.stop();
  for (const d of devices) await d.sync.syncNow();
  for (const d of devices) await d.close();
}, 120_000);

describe('the recovery key shown again', () => {
  let shownAtSetUp = '';

  it('is the key shown at set-up, on the device that made it, and never stored in clear', async () => {
    const a = await device('A');
    const created = value<{ kind: string; recoveryKey: string }>(await a.sync.setUp());
    expect(created.kind).toBe('created');
    shownAtSetUp = created.recoveryKey;
    expect(value<string>(await a.sync.showRecoveryKey())).toBe(shownAtSetUp);

    const secret = parseRecoveryKey(shownAtSetUp);
    if (!secret.ok) throw new Error(secret.error.message);
    const text = await storedText(a);
    expect(text).toContain(RECOVERY_COPY);
    expect(text).not.toContain(Buffer.from(secret.value).toString('hex'));
    expect(text).not.toContain(shownAtSetUp);
  }, 60_000);

  it('is shown by a device that restored with it, and by one that holds only the vault key (linked)', async () => {
    const b = await device('B');
    expect(value<{ kind: string }>(await b.sync.setUp()).kind).toBe('needs_key');
    value(await b.sync.restore(shownAtSetUp));
    expect(value<string>(await b.sync.showRecoveryKey())).toBe(shownAtSetUp);

    // a linked device receives the vault key alone: no local copy, the record's copy opens
    await b.db.syncState.delete(RECOVERY_COPY);
    expect(value<string>(await b.sync.showRecoveryKey())).toBe(shownAtSetUp);
    expect(await b.db.syncState.get(RECOVERY_COPY)).toBeDefined();
  }, 60_000);

  it('offers a new key for a vault set up before the copy existed; the old key then stops restoring', async () => {
    const a = devices[0]!;
    const vaultId = (await a.db.syncState.get(SYNC_VAULT_ID))?.value as string;
    const vaultKey = (await a.db.syncState.get(VAULT_KEY))?.value as Uint8Array;
    const secret = parseRecoveryKey(shownAtSetUp);
    if (!secret.ok) throw new Error(secret.error.message);
    // the record as devices wrote it before the copy existed
    const { recoveryCopy: _none, ...old } = createVaultKeyRecord(vaultKey, vaultId, secret.value);
    const call = await a.sync.accountCall();
    value(
      await call('PUT', '/auth/key-verifier', {
        body: { verifier: encodeVaultKeyRecord(old), rotate: true },
        vaultId,
      }),
    );
    await a.db.syncState.delete(RECOVERY_COPY);

    const unavailable = await a.sync.showRecoveryKey();
    expect(unavailable.ok ? 'ok' : unavailable.error.code).toBe('RECOVERY_KEY_UNAVAILABLE');

    const fresh = value<string>(await a.sync.newRecoveryKey());
    expect(fresh).not.toBe(shownAtSetUp);
    expect(value<string>(await a.sync.showRecoveryKey())).toBe(fresh);

    const d = await device('D');
    expect(value<{ kind: string }>(await d.sync.setUp()).kind).toBe('needs_key');
    const refused = await d.sync.restore(shownAtSetUp);
    expect(refused.ok ? 'ok' : refused.error.code).toBe('RECOVERY_KEY_WRONG');
    value(await d.sync.restore(fresh));
    expect((await d.sync.state()).setup).toBe('ready');
  }, 90_000);
});
