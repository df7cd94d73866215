import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import {
  closeSettings,
  device,
  firstDevice,
  joinWithRecoveryKey,
  SYNC_WAIT,
  signIn,
  uniqueEmail,
} from './syncDevices';

// Issue 15 in the browser: files imported on device A arrive on device B byte-identical, through
// the real local service (sealed chunks + a signed manifest record), the PDF's text is found by
// search on B, the image renders there, the status never says "Synced" while a file is pending,
// and a chunk altered on the service is refused on B and shown as failed.

const FIXTURES = join(import.meta.dirname, '../fixtures/extraction');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** SHA-256 of every stored file body of this context's vault (IndexedDB `blobs`). */
async function storedHashes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('cairn-vault-'))?.name;
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    const rows = await new Promise<{ blob: Blob }[]>((ok, ko) => {
      const r = db.transaction('blobs').objectStore('blobs').getAll();
      r.onsuccess = () => ok(r.result as { blob: Blob }[]);
      r.onerror = () => ko(r.error);
    });
    db.close();
    const hex = (b: ArrayBuffer) =>
      [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');
    return Promise.all(
      rows.map(async (r) => hex(await crypto.subtle.digest('SHA-256', await r.blob.arrayBuffer()))),
    );
  });
}

/** Every row of one store of this context's vault database (IndexedDB). */
async function vaultRows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(async (store) => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('cairn-vault-'))?.name;
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    try {
      return await new Promise<T[]>((ok, ko) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => ok(r.result as T[]);
        r.onerror = () => ko(r.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

/** Alters the first chunk of the file at `path` on the service (the development route), as device A. */
async function tamperOnService(page: Page, path: string, syncUrl: string): Promise<number> {
  return page.evaluate(
    async ({ path, syncUrl }) => {
      const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('cairn-vault-'))
        ?.name as string;
      const db = await new Promise<IDBDatabase>((ok) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => ok(r.result);
      });
      const get = <T>(store: string, key?: string) =>
        new Promise<T>((ok) => {
          const s = db.transaction(store).objectStore(store);
          const r = key === undefined ? s.getAll() : s.get(key);
          r.onsuccess = () => ok(r.result as T);
        });
      const session = (await get<{ value: { accessToken: string } }>('syncState', 'session')).value;
      const vaultId = (await get<{ value: string }>('syncState', 'syncVaultId')).value;
      const manifests = await get<{ path: string; chunks: string[] }[]>('attachmentManifests');
      db.close();
      const hash = manifests.find((m) => m.path.endsWith(path))?.chunks[0];
      const res = await fetch(`${syncUrl}/dev/tamper-chunk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ vaultId, hash }),
      });
      return res.status;
    },
    { path, syncUrl },
  );
}

test.skip(({ isMobile }) => isMobile, 'file transfer is worker logic; one layout is enough');

test('files imported on A arrive on B byte-identical; a chunk altered on the service is refused on B', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const syncUrl = `http://127.0.0.1:${process.env.E2E_SYNC_PORT ?? 8787}`;
  const dir = mkdtempSync(join(tmpdir(), 'cairn-files-'));
  const root = join(dir, 'Trip');
  mkdirSync(root);
  copyFileSync(join(FIXTURES, 'sample.pdf'), join(root, 'sample.pdf'));
  copyFileSync(join(FIXTURES, 'sign.png'), join(root, 'sign.png'));
  // 1.5 MB of random bytes under an image name: two chunks, altered on the service below
  writeFileSync(join(root, 'altered.png'), randomBytes(1_500_000));
  // a 30 MB recording: 30 chunks each way, never the whole file in memory
  writeFileSync(join(root, 'talk.mp3'), randomBytes(30 * 1024 * 1024));
  writeFileSync(join(root, 'Trip.md'), '# Trip\n\nThe report: ![[sample.pdf]] and ![[sign.png]]\n');
  const expected = ['sample.pdf', 'sign.png', 'talk.mp3'].map((f) => sha(readFileSync(join(root, f))));
  try {
    const email = uniqueEmail('files');
    const { page: a, recoveryKey } = await firstDevice(browser, email);
    await a.getByLabel('Import a folder').setInputFiles(root);
    await expect(a.getByRole('status').filter({ hasText: 'Imported 1 notes and 4 files.' })).toBeVisible();
    // A counts its uploads, and says Synced only once every file is on the service
    await expect(a.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: SYNC_WAIT });
    // its manifest is on A once its last chunk is stored
    await expect.poll(() => tamperOnService(a, 'altered.png', syncUrl), { timeout: SYNC_WAIT }).toBe(200);

    const b = await device(browser);
    // every word the indicator shows on B, in order (the status must never read "Synced" while a file is pending)
    await b.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const t = document.querySelector('[data-testid="sync-indicator"]')?.textContent ?? '';
        if (seen.at(-1) !== t) seen.push(t);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const panel = await signIn(b, email);
    await panel.getByLabel('Recovery key').fill(recoveryKey);
    await panel.getByRole('button', { name: 'Unlock' }).click();
    // the altered file never arrives: B settles on the failure, not on "Synced"
    await expect(b.getByTestId('sync-indicator')).toHaveText('Not synced: 1 file failed', {
      timeout: SYNC_WAIT,
    });
    await closeSettings(b);
    const hashes = await storedHashes(b);
    for (const h of expected) expect(hashes).toContain(h);
    expect(hashes).toHaveLength(3);
    const seen = await b.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const firstFileWord = seen.findIndex((t) => /file/.test(t));
    expect(firstFileWord).toBeGreaterThanOrEqual(0);
    expect(seen.slice(firstFileWord)).not.toContain('Synced');

    // the PDF's text (page 2 only) is found by search on B
    await b.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = b.getByRole('dialog', { name: 'Search' });
    const box = dialog.getByRole('combobox', { name: 'Search notes' });
    await expect(async () => {
      await box.fill('');
      await box.fill('zeppelin');
      await expect(dialog.getByRole('option', { name: 'sample.pdf' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [500, 1_000, 2_000] });
    await b.keyboard.press('Escape');
    await b.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // the image renders on B
    await b.getByRole('button', { name: 'sign.png' }).click();
    const img = b.getByRole('img', { name: 'sign.png' });
    await expect(img).toBeVisible();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(b.getByRole('status').filter({ hasText: 'On this device' })).toBeVisible();

    // the altered file: refused, shown as failed with when it is tried again, nothing shown as the file
    await b.getByRole('button', { name: 'altered.png' }).click();
    await expect(
      b
        .getByRole('status')
        .filter({ hasText: /^Failed: chunk 1 of 2 does not match its digest.*retrying at/ }),
    ).toBeVisible({
      timeout: SYNC_WAIT,
    });
    await expect(b.getByRole('img', { name: 'altered.png' })).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a tab closed in the middle of an upload resumes at the first missing chunk, and the file arrives whole', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'cairn-resume-'));
  const root = join(dir, 'Recordings');
  mkdirSync(root);
  const MB = 1024 * 1024;
  const total = 12;
  writeFileSync(join(root, 'interview.mp3'), randomBytes(total * MB - 1000));
  const bytes = readFileSync(join(root, 'interview.mp3'));
  const expected = sha(bytes);
  // the manifest's contentHash: SHA-256 over the 1 MiB chunks' SHA-256 digests, in order
  const chunkDigests = Array.from({ length: total }, (_, i) =>
    createHash('sha256')
      .update(bytes.subarray(i * MB, (i + 1) * MB))
      .digest(),
  );
  const listHash = createHash('sha256').update(Buffer.concat(chunkDigests)).digest('hex');
  try {
    const email = uniqueEmail('resume');
    const { page: a, recoveryKey } = await firstDevice(browser, email);
    const context = a.context();
    // every chunk PUT of this device waits 300 ms on the way (a slow uplink), so the upload is
    // still running when the tab is closed; the requests themselves reach the real service
    let puts = 0;
    await context.route('**/sync/attachments/chunks/*', async (route) => {
      puts++;
      await new Promise((done) => setTimeout(done, 300));
      await route.continue().catch(() => undefined); // the tab may be gone by now
    });
    await a.getByLabel('Import a folder').setInputFiles(root);
    await expect(a.getByRole('status').filter({ hasText: 'Imported 0 notes and 1 files.' })).toBeVisible();
    type QueueRow = { fileId: string; uploaded: string[] };
    let stored = 0;
    await expect
      .poll(
        async () => {
          stored = (await vaultRows<QueueRow>(a, 'attachmentUploadQueue'))[0]?.uploaded.length ?? 0;
          return stored;
        },
        { timeout: SYNC_WAIT },
      )
      .toBeGreaterThanOrEqual(2);
    expect(stored).toBeLessThan(total);
    await a.close();

    // reopened: the upload goes on from the first chunk the service has not confirmed
    puts = 0;
    const again = await context.newPage();
    await again.goto('/');
    await appReady(again);
    await expect(again.getByTestId('sync-indicator')).toHaveText('Synced', { timeout: SYNC_WAIT });
    expect(await vaultRows(again, 'attachmentUploadQueue')).toHaveLength(0);
    const [manifest] = await vaultRows<{ chunks: string[]; contentHash: string }>(
      again,
      'attachmentManifests',
    );
    expect(manifest?.chunks).toHaveLength(total);
    expect(manifest?.contentHash).toBe(listHash);
    expect(puts).toBeGreaterThan(0);
    expect(puts).toBeLessThanOrEqual(total - stored);

    // the resumed file, sealed under one key across both tabs, opens whole on another device
    const b = await joinWithRecoveryKey(browser, email, recoveryKey);
    await expect.poll(() => storedHashes(b), { timeout: SYNC_WAIT }).toEqual([expected]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
