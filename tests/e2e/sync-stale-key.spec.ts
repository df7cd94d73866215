import { expect, test } from '@playwright/test';
import {
  createVaultKeyRecord,
  deriveVaultKeyring,
  encodeVaultKeyRecord,
  formatRecoveryKey,
  generateDeviceKey,
  generateRecoverySecret,
  generateVaultKey,
  openItemJson,
  parseRecoveryKey,
  parseVaultKeyRecord,
  recoverVaultKey,
} from '../../src/sync/crypto';
import { sealPushItem } from '../../src/sync/engine/push/sealPushItem';
import type { PullItem } from '../../src/sync/protocol/pull';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';
import {
  addTask,
  closeSettings,
  firstDevice,
  inboxTasks,
  indicator,
  openSettings,
  SYNC_WAIT,
  syncNow,
  uniqueEmail,
} from './syncDevices';
import { type ServiceDevice, serviceDevice } from './syncService';

// Spec 3.8's refused page as the user meets it (docs/sync-client.md, "A refused page"): another
// device of the account moves the vault to a NEW vault key, as a later build's key rotation would
// (Cairn itself never rotates: the device is this test, driving the real service with the app's
// own crypto, holding the vault's recovery key as any of the user's devices may). It stores the
// new vault key record with `rotate` and pushes an edit under the new key. The browser device
// still holds the old key: Settings → Sync says why and asks for the recovery key; once the new
// one is entered, the held edit arrives and sync is clean again.

async function ok(res: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await res;
  expect(status).toBeLessThan(300);
  return body as Record<string, unknown>;
}

/**
 * As the other device: opens the vault key record with `recoveryKey`, replaces it with a new
 * vault key, and pushes `title` onto the account's one task, sealed under the new key. Answers the
 * new recovery key.
 */
async function rotateAndEdit(email: string, recoveryKey: string, title: string): Promise<string> {
  const key = await generateDeviceKey(crypto.subtle);
  const other: ServiceDevice = await serviceDevice(email, key.publicKey);
  const { vaults } = (await ok(other.call('GET', '/sync/vaults'))) as { vaults: { vaultId: string }[] };
  const vaultId = vaults[0]!.vaultId;
  const { verifier } = (await ok(other.call('GET', '/auth/key-verifier', undefined, vaultId))) as {
    verifier: string;
  };
  const record = parseVaultKeyRecord(verifier, vaultId);
  const secret = parseRecoveryKey(recoveryKey);
  if (!record.ok || !secret.ok) throw new Error('the vault key record or the recovery key does not parse');
  const oldKey = recoverVaultKey(record.value, secret.value);
  if (!oldKey.ok) throw new Error('the recovery key does not open the vault key record');

  const { refs } = (await ok(other.call('GET', '/sync/changes?cursor=0', undefined, vaultId))) as {
    refs: { type: string; id: string }[];
  };
  const { type, id } = refs.find((r) => r.type === 'task')!;
  const task = { type, id };
  const { items } = (await ok(other.call('POST', '/sync/pull', { items: [task] }, vaultId))) as {
    items: PullItem[];
  };
  const stored = items[0]!;
  const payload = openItemJson(deriveVaultKeyring(oldKey.value, vaultId), task, JSON.parse(stored.payload));
  if (!payload.ok) throw new Error('the task does not open under the old key');

  const newKey = generateVaultKey();
  const newSecret = generateRecoverySecret();
  await ok(
    other.call(
      'PUT',
      '/auth/key-verifier',
      { verifier: encodeVaultKeyRecord(createVaultKeyRecord(newKey, vaultId, newSecret)), rotate: true },
      vaultId,
    ),
  );
  const edit = await sealPushItem(
    deriveVaultKeyring(newKey, vaultId),
    { key, deviceId: other.deviceId },
    task,
    {
      clock: { ...stored.vectorClock, [other.deviceId]: 1 },
      deletedAt: null,
      payload: { ...(payload.value as Record<string, unknown>), title },
    },
  );
  const pushed = (await ok(other.call('POST', '/sync/push', { items: [edit] }, vaultId))) as {
    accepted: unknown[];
  };
  expect(pushed.accepted).toHaveLength(1);
  return formatRecoveryKey(newSecret);
}

test('a vault key gone stale: Settings asks for the recovery key, and the held edit arrives once it is entered', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stalekey');
  const { page, recoveryKey } = await firstDevice(browser, email);
  await addTask(page, 'Before');
  await syncNow(page);

  const newRecoveryKey = await rotateAndEdit(email, recoveryKey, 'Under the new key');
  // the app opened again (its engine's first pull meets the edit it cannot open)
  await page.reload();
  await appReady(page);
  await expect(indicator(page)).toHaveText('Sync stopped: vault key needed', { timeout: SYNC_WAIT });
  // the long status leaves the app bar's controls within reach (a 390 px phone above all)
  await expectFitsWindow(page, 'the app bar with the vault key needed');
  const panel = await openSettings(page);
  await expect(panel.getByRole('alert')).toHaveText(
    /^This device’s vault key is not the one the account uses now.*Enter the vault’s current recovery key below/,
  );
  // nothing of the held page was applied
  await closeSettings(page);
  await inboxTasks(page);
  await expect(page.getByRole('button', { name: 'Before', exact: true })).toBeVisible();

  const again = await openSettings(page);
  await again.getByRole('textbox', { name: 'Recovery key' }).fill(newRecoveryKey);
  await again.getByRole('button', { name: 'Unlock' }).click();
  await expect(again.getByTestId('sync-status-text')).toHaveText('Synced', { timeout: SYNC_WAIT });
  await expect(again.getByRole('alert')).toHaveCount(0);
  await expect(indicator(page)).toHaveText('Synced');
  await closeSettings(page);
  await inboxTasks(page);
  await expect(page.getByRole('button', { name: 'Under the new key', exact: true })).toBeVisible({
    timeout: SYNC_WAIT,
  });
  await expect(page.getByRole('button', { name: 'Before', exact: true })).toHaveCount(0);
});
