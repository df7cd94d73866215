import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { startAppPreview } from './appPreview';
import { largeNoteRows } from './largeNote';
import type { BenchRow } from './types';

const root = resolve(import.meta.dirname, '../..');
const PORT = 4199; // its own port: never the e2e suite's
const NOTES = 10_000;

/** Main-thread JavaScript the first paint needs: the entry module and what it preloads. */
function initialJsGzip(): number {
  const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!);
  return srcs.reduce((sum, src) => sum + gzipSync(readFileSync(join(root, 'dist', src))).byteLength, 0);
}

/** Fills the default vault with generated notes straight into IndexedDB (the app made the schema). */
async function seed(page: import('@playwright/test').Page, count: number) {
  await page.evaluate(async (n) => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('cairn-vault-default');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const words = 'stone path river note task cairn field light north ridge'.split(' ');
    const t0 = Date.now();
    for (let start = 0; start < n; start += 1000) {
      await new Promise<void>((res, rej) => {
        const tx = db.transaction(['notes', 'bodies'], 'readwrite');
        for (let i = start; i < Math.min(n, start + 1000); i++) {
          const title = `Note ${i} ${words[i % words.length]}`;
          const body = Array.from({ length: 300 }, (_, k) => words[(i * 7 + k) % words.length]).join(' ');
          const folderPath = `Folder ${i % 20}`;
          tx.objectStore('notes').put({
            id: `n${i}`,
            title,
            titleKey: title.toLowerCase(),
            folderPath,
            fileType: 'markdown',
            snippet: body.slice(0, 160),
            wordCount: 300,
            tags: [],
            emoji: null,
            localOnly: false,
            created: t0 - i * 1000,
            modified: t0 - i * 1000,
          });
          tx.objectStore('bodies').put({ id: `n${i}`, markdown: body });
        }
        tx.oncomplete = () => res();
        tx.onerror = () => rej(tx.error);
      });
    }
    db.close();
  }, count);
}

export default async function appBench(): Promise<BenchRow[]> {
  const { base, stop } = await startAppPreview(PORT);
  const rows: BenchRow[] = [];
  const profile = mkdtempSync(join(tmpdir(), 'cairn-bench-'));
  try {
    const js = initialJsGzip() / 1024;
    rows.push({
      group: 'app',
      name: 'initial main-thread JS (gzip)',
      value: js,
      unit: 'KB',
      target: '<= 60 KB',
      ok: js <= 60,
    });
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
    });
    // a profile that has had its welcome note (src/ui/app/showWelcome.ts): the vault holds only
    // the generated notes the figures name
    await context.addInitScript(() => localStorage.setItem('cairn.welcomeShown', '1'));
    const first = await context.newPage();
    await first.goto(base);
    await first.waitForSelector('.app[data-ready="true"]');
    await first.evaluate(() => navigator.serviceWorker.ready);
    await seed(first, NOTES);
    await first.close();
    const samples: number[] = [];
    // The page reports its own mark on the console: waiting with a locator would inject and
    // evaluate Playwright's script in the page (~15 ms of its main thread, traced) in the middle
    // of the load being measured.
    await context.addInitScript(
      "new PerformanceObserver((l) => { const m = l.getEntriesByName('cairn:list-ready')[0]; if (m) console.log('cairn-bench:list-ready:' + m.startTime); }).observe({ type: 'mark' });",
    );
    for (let i = 0; i < 7; i++) {
      const page = await context.newPage();
      const ready = new Promise<number>((resolve) => {
        page.on('console', (msg) => {
          const m = /^cairn-bench:list-ready:([\d.]+)$/.exec(msg.text());
          if (m) resolve(Number(m[1]));
        });
      });
      await page.goto(base, { waitUntil: 'commit' });
      samples.push(await ready);
      await page.getByText(`${NOTES.toLocaleString('en-US').replace(',', '')} notes`).waitFor();
      await page.close();
    }
    rows.push(...(await largeNoteRows(context, base)));
    await context.close();
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)]!;
    rows.push({
      group: 'app',
      name: `cold load to interactive note list (${NOTES} notes), median of 7`,
      value: median,
      unit: 'ms',
      target: '< 300 ms',
      ok: median < 300,
      note: `min ${samples[0]!.toFixed(0)}, max ${samples.at(-1)!.toFixed(0)}; new tab, SW-cached shell`,
    });
  } finally {
    stop();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}
