import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote, replaceBody } from './editor';
import { callAllowed, idsByName, openControlled } from './mcpPage';

test.describe('installable offline PWA', () => {
  test('first load registers the service worker and it controls the page', async ({ page }) => {
    await page.goto('/');
    await appReady(page);
    const controlled = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
      }
      return { scope: reg.scope, script: navigator.serviceWorker.controller?.scriptURL ?? null };
    });
    expect(controlled.scope).toMatch(/\/$/);
    expect(controlled.script).toMatch(/\/sw\.js$/);
  });

  test('the manifest is valid and its icons load at their stated sizes', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({
      id: '/',
      name: expect.stringContaining('Cairn'),
      short_name: 'Cairn',
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    const sizes = manifest.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const res = await request.get(icon.src);
      expect(res.ok(), icon.src).toBe(true);
      expect(res.headers()['content-type']).toBe(icon.type);
      const png = await res.body();
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([w, h]);
    }
  });

  test('Chromium itself finds the app installable', async ({ baseURL, launchOptions }) => {
    // Installability is never granted in an incognito context, so this one runs in a real profile.
    const profile = mkdtempSync(join(tmpdir(), 'cairn-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await context.newCDPSession(page);
      const parsed = await cdp.send('Page.getAppManifest');
      expect(parsed.errors).toEqual([]);
      // Every criterion: manifest linked and valid, icons, a service worker with a fetch handler.
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
          timeout: 10_000,
        })
        .toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('with the network off the app reloads and a note created offline survives another reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) =>
          navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
        );
      }
    });
    await context.setOffline(true);
    await page.reload();
    await appReady(page);
    await page.getByRole('button', { name: 'New note' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Written offline');
    await page.getByRole('textbox', { name: 'Title' }).press('Enter');
    await replaceBody(page, 'No network needed.');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    // The open note is in the URL, so the reload reopens it.
    await expect(page.getByRole('textbox', { name: 'Note body' })).toHaveText('No network needed.');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Written offline' })).toBeVisible();
    await context.setOffline(false);
  });

  test('offline, a PDF export still embeds the Unicode font (precached Liberation Sans)', async ({
    page,
    context,
  }) => {
    // A few seconds when quiet; font subsetting (fontkit) is CPU-bound and a loaded CI is slow.
    test.setTimeout(90_000);
    await openControlled(page);
    await newNote(page, 'Omega', 'Ωμέγα and ç');
    const id = (await idsByName(page))['Omega.md'] ?? '';
    await context.setOffline(true);
    const res = await callAllowed(page, 'vault_desktop_write', { operation: 'notes.exportPdf', args: [id] });
    await context.setOffline(false);
    const { pdf, ...reply } = res.structuredContent;
    expect(typeof pdf).toBe('string');
    expect(reply).toMatchObject({ unicodeFont: true, replacedCharacters: 0 });
  });

  test('the HTML carries Origin-Agent-Cluster', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['origin-agent-cluster']).toBe('?1');
  });
});
