import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { startSyncService } from '../server/spawn-service';
import type { BenchRow } from './types';

/**
 * Issue 15's open-time figure, in Chromium against the real local service: device A files three
 * 2 MB images and uploads them; device B (downloads "on open") syncs the records only, then each
 * image is opened from the list and timed from the click to the decoded image on screen. Beside
 * it, the same run's floor: the same images opened again once their bytes are on B (the viewer,
 * decode and paint alone). Its own build (the app pointed at this run's service) and ports.
 */
const root = resolve(import.meta.dirname, '../..');
const PORT = 4198; // its own port: never the e2e suite's nor app.bench's
const IMAGES = ['photo-1.png', 'photo-2.png', 'photo-3.png'];

export default async function bench(): Promise<BenchRow[]> {
  const base = `http://127.0.0.1:${PORT}`;
  const service = await startSyncService([`ALLOWED_ORIGINS:${base}`]);
  const outDir = mkdtempSync(join(tmpdir(), 'cairn-bench-open-'));
  let preview: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    const vite = resolve(root, 'node_modules/.bin/vite');
    const build = spawnSync(vite, ['build', '--logLevel', 'error', '--outDir', outDir], {
      cwd: root,
      env: { ...process.env, VITE_SYNC_URL: service.url },
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
    preview = spawn(vite, ['preview', '--port', String(PORT), '--strictPort', '--outDir', outDir], {
      cwd: root,
      stdio: 'ignore',
    });
    await waitFor(base);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const email = `open-${Date.now()}@test.cairn.local`;

    const a = await open(browser, base);
    const recoveryKey = await signInFirst(a, email);
    let bytes = 0;
    for (const name of IMAGES) {
      const png = await noisePng(a);
      bytes = png.length;
      await a.getByLabel('Import files').setInputFiles({ name, mimeType: 'image/png', buffer: png });
      await a.getByRole('button', { name, exact: true }).waitFor();
    }
    await a
      .getByTestId('sync-indicator')
      .filter({ hasText: /^Synced$/ })
      .waitFor({ timeout: 120_000 });

    const b = await open(browser, base);
    await b.getByRole('button', { name: 'Settings' }).click();
    await b.locator('section[data-group="sync"] select').first().selectOption('on_open');
    await joinWithKey(b, email, recoveryKey);
    const cold: number[] = [];
    for (const name of IMAGES) {
      if ((await storedBlobs(b)) > IMAGES.indexOf(name))
        throw new Error(`${name} was on B before it was opened`);
      cold.push(await openImage(b, name));
    }
    const warm: number[] = [];
    for (const name of IMAGES) warm.push(await openImage(b, name));
    const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
    const mb = (bytes / 1024 / 1024).toFixed(1);
    return [
      {
        group: 'sync-files',
        name: `open a ${mb} MB image already on the device: click to decoded (floor), median of 3`,
        value: Math.round(med(warm)),
        unit: 'ms',
        note: `samples ${warm.map(Math.round).join(', ')}`,
      },
      {
        group: 'sync-files',
        name: `open a ${mb} MB image not yet downloaded: click to decoded, median of 3`,
        value: Math.round(med(cold)),
        unit: 'ms',
        target: '< 1000 ms',
        ok: med(cold) < 1000,
        note: `samples ${cold.map(Math.round).join(', ')}; Chromium, local workerd; presign + 2-3 chunk GETs + verify + open`,
      },
    ];
  } finally {
    await browser?.close();
    preview?.kill();
    await service.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function open(browser: Browser, base: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(base);
  await page.locator('.app[data-ready="true"]').waitFor({ timeout: 60_000 });
  return page;
}

async function signIn(page: Page, email: string) {
  const settings = page.getByRole('button', { name: 'Settings' });
  if (!(await page.getByRole('region', { name: 'Sync', exact: true }).isVisible())) await settings.click();
  const panel = page.getByRole('region', { name: 'Sync', exact: true });
  await panel.getByLabel('Email').fill(email);
  await panel.getByRole('button', { name: 'Email me a code' }).click();
  for (let i = 0; (await panel.getByLabel('Code').inputValue()) === ''; i++) {
    if (i > 300) throw new Error('no sign-in code');
    await new Promise((r) => setTimeout(r, 100));
  }
  await panel.getByRole('button', { name: 'Sign in' }).click();
  return panel;
}

async function signInFirst(page: Page, email: string): Promise<string> {
  const panel = await signIn(page, email);
  const key = panel.getByTestId('recovery-key');
  await key.waitFor({ timeout: 60_000 });
  const text = ((await key.textContent()) ?? '').trim();
  await panel.getByRole('button', { name: 'I wrote it down' }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  return text;
}

async function joinWithKey(page: Page, email: string, recoveryKey: string) {
  const panel = await signIn(page, email);
  await panel.getByLabel('Recovery key').fill(recoveryKey);
  await panel.getByRole('button', { name: 'Unlock' }).click();
  await panel
    .getByTestId('sync-status-text')
    .filter({ hasText: /^Synced$/ })
    .waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Close' }).click();
}

/** A 2 MB PNG of noise (820 x 820, opaque) (it barely compresses), drawn in the page. */
async function noisePng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(820, 820);
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    const img = ctx.createImageData(820, 820);
    for (let i = 0; i < img.data.length; i += 65536)
      crypto.getRandomValues(img.data.subarray(i, Math.min(img.data.length, i + 65536)));
    for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
    ctx.putImageData(img, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 32768) s += String.fromCharCode(...bytes.subarray(i, i + 32768));
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

/** How many file bodies B's vault holds (IndexedDB `blobs`). */
async function storedBlobs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('cairn-vault-'))?.name;
    if (!name) return 0;
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    const n = await new Promise<number>((ok) => {
      const r = db.transaction('blobs').objectStore('blobs').count();
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return n;
  });
}

/** Opens `name` from the note list: ms from the click to its image decoded with its size. */
async function openImage(page: Page, name: string): Promise<number> {
  await page.evaluate(() => {
    location.hash = '#/';
  });
  const button = page.getByRole('button', { name, exact: true });
  await button.waitFor();
  // a string, not a function: tsx names inner functions with a helper the page does not have
  await page.evaluate(`(() => {
    const name = ${JSON.stringify(name)};
    const el = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent.trim() === name);
    const t0 = performance.now();
    window.openedIn = new Promise((done) => {
      const check = () => {
        const img = [...document.querySelectorAll('img')].find((i) => i.alt === name);
        if (img && img.complete && img.naturalWidth > 0) done(performance.now() - t0);
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    el.click();
  })()`);
  return page.evaluate(() => (window as unknown as { openedIn: Promise<number> }).openedIn);
}
