import { webcrypto } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { PullItem } from '../../src/sync/protocol/pull';
import { itemSigningBytes } from '../../src/sync/protocol/signing';
import { appReady } from './appReady';
import { newNote } from './editor';
import { backToList, firstDevice, indicator, SYNC_WAIT, syncNow, uniqueEmail } from './syncDevices';

// A forged item reaches the device through the real service, with no test-only path in the app:
// the test is an attacker who can sign in to the account (it reads the code the development
// service answers, as a stolen mailbox would) and so registers a device of its own, but never had
// the vault key. It copies a real sealed note onto a new id and signs that under its own,
// registered key: the service stores it (the signature is valid for the pushing device), and the
// receiving device must refuse it because the envelope is bound to the original (vault, type, id).

const SERVICE = `http://127.0.0.1:${process.env.E2E_SYNC_PORT ?? 8787}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function api<T>(
  path: string,
  init: { method?: string; token?: string; vault?: string; body?: unknown },
) {
  const res = await fetch(`${SERVICE}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      'x-svc-client': 'web/0.1.0',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.vault ? { 'x-svc-vault-id': init.vault, 'x-svc-sync-types': 'note' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(res.status, `${path} answered ${res.status}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Signs in as a new device of the account with a key pair the app never saw. */
async function rogueDevice(email: string) {
  const keys = (await webcrypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await webcrypto.subtle.exportKey('raw', keys.publicKey));
  const { devCode } = await api<{ devCode: string }>('/auth/otp/request', { body: { email } });
  const session = await api<{ deviceId: string; accessToken: string }>('/auth/sign-in', {
    body: { email, code: devCode, device: { name: 'Rogue', publicKey: b64(publicKey) } },
  });
  const sign = async (bytes: Uint8Array) =>
    b64(new Uint8Array(await webcrypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, bytes)));
  return { ...session, sign };
}

test('a stolen envelope re-signed under another id is quarantined: the status says so, the item never shows', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('forged');
  const { page: a } = await firstDevice(browser, email);
  await newNote(a, 'Original', 'the real text');
  await backToList(a); // a phone shows the list behind the editor
  await syncNow(a);

  const rogue = await rogueDevice(email);
  const { vaults } = await api<{ vaults: { vaultId: string }[] }>('/sync/vaults', {
    token: rogue.accessToken,
  });
  const vault = vaults[0]!.vaultId;
  const feed = await api<{ refs: { type: string; id: string }[] }>('/sync/changes?cursor=0', {
    token: rogue.accessToken,
    vault,
  });
  const note = feed.refs.find((r) => r.type === 'note')!;
  const pulled = await api<{ items: PullItem[] }>('/sync/pull', {
    token: rogue.accessToken,
    vault,
    body: { items: [{ type: 'note', id: note.id }] },
  });
  const stolen = pulled.items[0]!;
  const forged = {
    type: 'note',
    id: `forged-${Date.now()}`,
    deviceId: rogue.deviceId,
    vectorClock: { [rogue.deviceId]: 1 },
    deletedAt: null,
    payload: stolen.payload,
    contentHash: stolen.contentHash,
    sizeBytes: stolen.sizeBytes,
    cryptoVersion: stolen.cryptoVersion,
  };
  const signature = await rogue.sign(itemSigningBytes({ ...forged, vaultId: vault }));
  const pushed = await api<{ accepted: unknown[]; rejected: unknown[] }>('/sync/push', {
    token: rogue.accessToken,
    vault,
    body: { items: [{ ...forged, signature }] },
  });
  expect(pushed.accepted).toHaveLength(1); // the service cannot tell: it never reads the envelope

  // the socket wakes A's pull; the status never says "Synced" while something is quarantined
  await expect(indicator(a)).toHaveText('Not synced: 1 quarantined', { timeout: SYNC_WAIT });
  await expect(a.getByRole('button', { name: 'Original' })).toHaveCount(1);
  await expect(a.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);
  await a.reload();
  await appReady(a);
  await expect(indicator(a)).toHaveText('Not synced: 1 quarantined', { timeout: SYNC_WAIT });
  await expect(a.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);
});
