import { ed25519 } from '@noble/curves/ed25519.js';
import { createAttachmentOpener, createAttachmentSealer } from '../../src/sync/crypto/attachmentCipher';
import { generateDeviceKey, signWithDeviceKey } from '../../src/sync/crypto/deviceKey';
import { createWebCryptoEd25519Verifier, nobleEd25519Verifier } from '../../src/sync/crypto/ed25519Verify';
import { openItem, sealItem } from '../../src/sync/crypto/envelope';
import { deriveVaultKeyring, generateVaultKey } from '../../src/sync/crypto/keys';
import type { BenchRow } from './types';

/**
 * Crypto throughput in Node (issue 7): envelope seal/open for 1 KB records, attachment chunks of
 * 1 MiB, and Ed25519 sign/verify with WebCrypto versus @noble/curves. Each figure runs for about
 * a second after a warm-up; the machine is shared, so read ratios rather than absolutes.
 */
const GROUP = 'sync-crypto';
const MB = 1024 * 1024;

async function rate(run: () => unknown | Promise<unknown>, seconds = 1): Promise<number> {
  for (let i = 0; i < 20; i++) await run();
  let count = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    await run();
    count++;
  }
  return count / ((performance.now() - started) / 1000);
}

export default async function cryptoBench(): Promise<BenchRow[]> {
  const keyring = deriveVaultKeyring(generateVaultKey(), '0b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b');
  const record = crypto.getRandomValues(new Uint8Array(1024));
  const address = { type: 'note', id: 'bench' };
  const envelope = sealItem(keyring, address, record);
  const sealRecords = await rate(() => sealItem(keyring, address, record));
  const openRecords = await rate(() => openItem(keyring, address, envelope));

  // Cipher speed does not depend on the plaintext; a pattern avoids the 64 KiB getRandomValues cap.
  const chunk = new Uint8Array(MB).map((_, i) => (i * 31) & 0xff);
  const sealer = createAttachmentSealer(keyring, 'bench-attachment');
  const sealChunks = await rate(() => sealer.sealChunk(chunk, false), 2);
  // Opening is positional, so time a fresh run of sealed chunks in order.
  const chunkSealer = createAttachmentSealer(keyring, 'bench-open');
  const sealed = Array.from({ length: 24 }, (_, i) => chunkSealer.sealChunk(chunk, i === 23));
  const opener = createAttachmentOpener(keyring, 'bench-open', chunkSealer.header);
  if (!opener.ok) throw new Error(opener.error.message);
  const openStarted = performance.now();
  for (const bytes of sealed) if (!opener.value.openChunk(bytes).ok) throw new Error('chunk failed to open');
  const openChunks = sealed.length / ((performance.now() - openStarted) / 1000);

  const message = crypto.getRandomValues(new Uint8Array(400));
  const webKey = await generateDeviceKey(globalThis.crypto.subtle);
  const nobleKey = await generateDeviceKey(undefined);
  const webSig = await signWithDeviceKey(webKey, message);
  const nobleSig = ed25519.sign(message, nobleKey.kind === 'noble' ? nobleKey.secretKey : new Uint8Array(32));
  const webVerifier = createWebCryptoEd25519Verifier(globalThis.crypto.subtle);
  const signWeb = await rate(() => signWithDeviceKey(webKey, message));
  const signNoble = await rate(() => signWithDeviceKey(nobleKey, message));
  const verifyWeb = await rate(() => webVerifier.verify(webKey.publicKey, message, webSig));
  const verifyNoble = await rate(() => nobleEd25519Verifier.verify(nobleKey.publicKey, message, nobleSig));

  const row = (name: string, value: number, unit: string, note?: string): BenchRow =>
    note === undefined ? { group: GROUP, name, value, unit } : { group: GROUP, name, value, unit, note };
  return [
    row(
      'seal 1 KB records',
      (sealRecords * record.length) / MB,
      'MB/s',
      `${Math.round(sealRecords)} records/s`,
    ),
    row(
      'open 1 KB records',
      (openRecords * record.length) / MB,
      'MB/s',
      `${Math.round(openRecords)} records/s`,
    ),
    row('seal 1 MiB attachment chunks', sealChunks, 'MB/s'),
    row('open 1 MiB attachment chunks', openChunks, 'MB/s', '24 chunks in order'),
    row('Ed25519 sign (WebCrypto)', signWeb, 'ops/s'),
    row('Ed25519 sign (noble)', signNoble, 'ops/s'),
    row('Ed25519 verify (WebCrypto)', verifyWeb, 'ops/s', 'imported key cached'),
    row('Ed25519 verify (noble)', verifyNoble, 'ops/s'),
  ];
}
