import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  deriveVaultKeyring,
  encodeEnvelopeBlob,
  generateDeviceKey,
  generateVaultKey,
  sealItemJson,
  signItem,
  toBase64,
} from '../../../src/sync/crypto';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { createKeyDirectory } from '../../../src/sync/engine/pull/keyDirectory';
import { openPullItem } from '../../../src/sync/engine/pull/openPullItem';
import { CRYPTO_VERSION, sealPushItem } from '../../../src/sync/engine/push/sealPushItem';
import type { PullItem } from '../../../src/sync/protocol/pull';

const VAULT = '0b6f0000-0000-4000-8000-0000000000aa';

async function fixture() {
  const keyring = deriveVaultKeyring(generateVaultKey(), VAULT);
  const key = await generateDeviceKey(undefined);
  const other = await generateDeviceKey(undefined);
  const call = (async () => ({
    ok: true,
    value: {
      devices: [
        {
          deviceId: 'dev1',
          publicKey: toBase64(key.publicKey),
          name: 'a',
          platform: 'web',
          createdAt: 1,
          revokedAt: null,
          current: false,
        },
        {
          deviceId: 'dev2',
          publicKey: toBase64(other.publicKey),
          name: 'b',
          platform: 'web',
          createdAt: 1,
          revokedAt: 5,
          current: false,
        },
      ],
    },
  })) as SyncCall;
  const pushed = await sealPushItem(
    keyring,
    { key, deviceId: 'dev1' },
    { type: 'task', id: 't1' },
    {
      clock: { x: 1 },
      deletedAt: null,
      payload: { id: 't1', title: 'secret' },
    },
  );
  const item: PullItem = {
    ...pushed,
    deleteAttestation: null,
    serverCursor: 1,
    committedAtMs: 1,
    createdAt: 1,
    updatedAt: 1,
    platform: 'web',
    version: '0.1.0',
  };
  return { keyring, item, keys: createKeyDirectory(call), other };
}

describe('opening pulled items', () => {
  it('opens an item signed by a registered device', async () => {
    const { keyring, item, keys } = await fixture();
    const opened = await openPullItem(keyring, keys, item);
    expect(opened).toMatchObject({
      kind: 'ok',
      record: { type: 'task', id: 't1', payload: { title: 'secret' } },
    });
  });

  it('quarantines an item whose metadata was changed after signing (forged clock)', async () => {
    const { keyring, item, keys } = await fixture();
    const opened = await openPullItem(keyring, keys, { ...item, vectorClock: { x: 9 } });
    expect(opened).toMatchObject({ kind: 'quarantine', type: 'task', id: 't1' });
  });

  it('quarantines an item re-signed under another device id than its signer', async () => {
    const { keyring, item, keys } = await fixture();
    expect((await openPullItem(keyring, keys, { ...item, deviceId: 'dev2' })).kind).toBe('quarantine');
    expect((await openPullItem(keyring, keys, { ...item, deviceId: 'unknown' })).kind).toBe('quarantine');
  });

  it('quarantines a blob moved onto another item even with a valid signature by its mover', async () => {
    const { keyring, keys, other } = await fixture();
    // the mover signs the foreign blob's own hash and size: every signed byte checks, only the
    // envelope (bound to vault, type and id) does not open under the new id
    const blob = encodeEnvelopeBlob(sealItemJson(keyring, { type: 'task', id: 't1' }, { id: 't1' }));
    const fields = {
      vaultId: keyring.vaultId,
      type: 'task',
      id: 't2',
      deviceId: 'dev2',
      vectorClock: { x: 1 },
      deletedAt: null,
      contentHash: bytesToHex(sha256(blob)),
      sizeBytes: blob.length,
      cryptoVersion: CRYPTO_VERSION,
    };
    const forged: PullItem = {
      ...fields,
      signature: toBase64(await signItem(other, fields)),
      payload: new TextDecoder().decode(blob),
      deleteAttestation: null,
      serverCursor: 2,
      committedAtMs: 1,
      createdAt: 1,
      updatedAt: 1,
      platform: null,
      version: null,
    };
    expect((await openPullItem(keyring, keys, forged)).kind).toBe('quarantine');
  });

  it('holds signed metadata with a payload that is not the signed one (older, or damaged) as corrupt', async () => {
    const { keyring, item, keys } = await fixture();
    const older = new TextDecoder().decode(
      encodeEnvelopeBlob(sealItemJson(keyring, { type: 'task', id: 't1' }, { id: 't1', title: 'older' })),
    );
    expect(await openPullItem(keyring, keys, { ...item, payload: older })).toMatchObject({
      kind: 'corrupt',
      reason: 'payload does not match its signed hash',
    });
    const damaged = `${item.payload.slice(0, -2)}x${item.payload.slice(-1)}`;
    expect((await openPullItem(keyring, keys, { ...item, payload: damaged })).kind).toBe('corrupt');
  });
});
