import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { buildApp, openControlled, seedBenchVault, startPreview } from './mcpBrowser';
import type { BenchRow } from './types';

/**
 * Backup (issue 17 parts 1 and 2), in the app in real Chromium: a vault of 10,000 notes and
 * 20,000 tasks (the /mcp bench's rows, benchVaultRows.ts) exported with "Export vault (.zip)"
 * (click to download) and imported into a fresh profile with "Import files…" (the file given to
 * the Restored summary). The vault worker's and the page's JS heaps are sampled every 50 ms
 * (precise memory info) and their peaks reported; the goal is under 200 MB (the export is streamed).
 * The floors, in the same browser and run: the bare fflate streaming zip of the same bytes (the
 * note bodies and the tasks as JSON lines, read from IndexedDB) and, for the import, the bare
 * fflate unzip of the exported zip plus a raw IndexedDB put of the same note and task rows.
 */
const root = resolve(import.meta.dirname, '../..');
const OUT = 'dist-bench-backup';
const PORT = Number(process.env.BACKUP_BENCH_PORT ?? 4330);
const NOTES = Number(process.env.BACKUP_BENCH_NOTES ?? 10_000);
const TASKS = Number(process.env.BACKUP_BENCH_TASKS ?? 20_000);
const MB = 1024 * 1024;

/**
 * Samples the used JS heap of the vault worker (CDP Runtime.getHeapUsage, through a session
 * attached to the page's worker targets) and of the page itself every 50 ms until `stop()`;
 * answers each one's peak in bytes. The page's is sampled too: a zip read on the main thread
 * would not show in the worker's heap.
 */
async function sampleHeap(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let worker: string | null = null;
  let next = 1;
  const waiting = new Map<number, (v: { usedSize: number }) => void>();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker' && e.targetInfo.url.includes('vault.worker')) worker = e.sessionId;
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
    if (msg.id !== undefined && msg.result) waiting.get(msg.id)?.(msg.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  for (let i = 0; i < 100 && worker === null; i++) await new Promise((r) => setTimeout(r, 50));
  if (worker === null) throw new Error('the vault worker was not attached');
  const usage = () =>
    new Promise<number>((res) => {
      const id = next++;
      waiting.set(id, (r) => res(r.usedSize));
      void cdp.send('Target.sendMessageToTarget', {
        sessionId: worker!,
        message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
      });
    });
  const pageUsage = async () => (await cdp.send('Runtime.getHeapUsage')).usedSize;
  let peak = await usage();
  let pagePeak = await pageUsage();
  let running = true;
  const loop = (async () => {
    while (running) {
      const [w, p] = await Promise.all([usage(), pageUsage()]);
      peak = Math.max(peak, w);
      pagePeak = Math.max(pagePeak, p);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await cdp.detach();
      return { worker: peak, page: pagePeak };
    },
  };
}

async function freshPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript('globalThis.__name = (f) => f;');
  await context.addInitScript("localStorage.setItem('cairn.welcomeShown', '1')");
  const page = await context.newPage();
  await openControlled(page, base);
  return page;
}

/** The bare floor of the export: fflate's streaming Zip over the same bytes, read from IndexedDB. */
function exportFloor(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const f = (globalThis as unknown as { fflate: typeof import('fflate') }).fflate;
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('cairn-vault-default');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const t0 = performance.now();
    const parts: Uint8Array[] = [];
    const zip = new f.Zip((err, chunk) => {
      if (err) throw err;
      parts.push(chunk);
    });
    const each = (store: string, onRow: (row: Record<string, unknown>) => void) =>
      new Promise<void>((res, rej) => {
        const req = db.transaction(store).objectStore(store).openCursor();
        req.onsuccess = () => {
          const c = req.result;
          if (!c) return res();
          onRow(c.value);
          c.continue();
        };
        req.onerror = () => rej(req.error);
      });
    await each('bodies', (b) => {
      const e = new f.ZipDeflate(`${b.id}.md`, { level: 6 });
      zip.add(e);
      e.push(f.strToU8(String(b.markdown)), true);
    });
    const tasks = new f.ZipDeflate('tasks.json', { level: 6 });
    zip.add(tasks);
    await each('tasks', (t) => tasks.push(f.strToU8(`${JSON.stringify(t)},\n`)));
    tasks.push(new Uint8Array(), true);
    zip.end();
    const blob = new Blob(parts as Uint8Array<ArrayBuffer>[]);
    const ms = performance.now() - t0;
    db.close();
    return blob.size > 0 ? ms : -1;
  });
}

/** The bare floor of the import: fflate's unzip of the exported zip, and a raw put of the same rows. */
function importFloor(page: Page, zipB64: string): Promise<number> {
  return page.evaluate(async (zipB64) => {
    const f = (globalThis as unknown as { fflate: typeof import('fflate') }).fflate;
    const bytes = Uint8Array.from(atob(zipB64), (c) => c.charCodeAt(0));
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('cairn-vault-default');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const read = <T>(store: string) =>
      new Promise<T[]>((res, rej) => {
        const g = db.transaction(store).objectStore(store).getAll();
        g.onsuccess = () => res(g.result as T[]);
        g.onerror = () => rej(g.error);
      });
    const [notes, bodies, tasks] = [await read('notes'), await read('bodies'), await read('tasks')];
    const t0 = performance.now();
    const files = f.unzipSync(bytes);
    await new Promise<void>((res, rej) => {
      const tx = db.transaction(['notes', 'bodies', 'tasks'], 'readwrite');
      for (const n of notes) tx.objectStore('notes').put(n);
      for (const b of bodies) tx.objectStore('bodies').put(b);
      for (const t of tasks) tx.objectStore('tasks').put(t);
      tx.oncomplete = () => res();
      tx.onerror = () => rej(tx.error);
    });
    const ms = performance.now() - t0;
    db.close();
    return Object.keys(files).length > 0 ? ms : -1;
  }, zipB64);
}

export default async function backupBench(): Promise<BenchRow[]> {
  buildApp(OUT);
  const server = await startPreview(OUT, PORT);
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-backup-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  try {
    const base = `http://127.0.0.1:${PORT}/`;
    const fflateUmd = readFileSync(resolve(root, 'node_modules/fflate/umd/index.js'), 'utf8');

    // export
    const source = await freshPage(browser, base);
    await seedBenchVault(source, NOTES, TASKS);
    await source.reload();
    await source.waitForSelector('.app[data-ready="true"]', { timeout: 120_000 });
    const exportHeap = await sampleHeap(source);
    const t0 = performance.now();
    const download = source.waitForEvent('download', { timeout: 600_000 });
    await source.getByRole('button', { name: 'Export vault (.zip)' }).click();
    const zipPath = join(dir, 'Cairn vault.zip');
    await (await download).saveAs(zipPath);
    const exportMs = performance.now() - t0;
    const { worker: exportPeak, page: exportPagePeak } = await exportHeap.stop();
    await source.addScriptTag({ content: fflateUmd });
    const exportFloorMs = await exportFloor(source);
    // said as soon as measured: the re-import of a big vault takes long on a loaded machine
    process.stderr.write(
      `backup: export ${(exportMs / 1000).toFixed(1)} s, worker peak heap ${(exportPeak / MB).toFixed(0)} MB, floor ${(exportFloorMs / 1000).toFixed(1)} s\n`,
    );
    const zip = readFileSync(zipPath);

    // re-import into a fresh profile
    const target = await freshPage(browser, base);
    const importHeap = await sampleHeap(target);
    const t1 = performance.now();
    await target.getByLabel('Import files').setInputFiles(zipPath);
    // the summary, or the import's error (an unreadable zip used to leave the bench waiting 30 min)
    const restored = target.getByRole('status').filter({ hasText: /Restored \d+ records/ });
    const refused = target.locator('.import-export [role="alert"]');
    await restored.or(refused).first().waitFor({ timeout: 1_800_000 });
    if (await refused.isVisible()) throw new Error(`the re-import failed: ${await refused.innerText()}`);
    const importMs = performance.now() - t1;
    const { worker: importPeak, page: importPagePeak } = await importHeap.stop();
    const summary = await target
      .getByRole('status')
      .filter({ hasText: /Restored/ })
      .innerText();
    if (!summary.includes(`Imported ${NOTES} notes`)) throw new Error(`unexpected summary: ${summary}`);
    await target.addScriptTag({ content: fflateUmd });
    const importFloorMs = await importFloor(target, zip.toString('base64'));
    writeFileSync(join(dir, 'summary.txt'), summary);

    const load = loadavg()[0]?.toFixed(2);
    const vault = `${NOTES.toLocaleString('en')} notes, ${TASKS.toLocaleString('en')} tasks`;
    return [
      {
        group: 'backup',
        name: `export ${vault}: click to download`,
        value: exportMs / 1000,
        unit: 's',
        note: `zip ${(zip.length / MB).toFixed(1)} MB; ${(exportMs / exportFloorMs).toFixed(1)}x the floor; load ${load}`,
      },
      {
        group: 'backup',
        name: `export ${vault}: vault worker peak JS heap`,
        value: exportPeak / MB,
        unit: 'MB',
        target: '< 200 MB',
        ok: exportPeak < 200 * MB,
        note: `sampled every 50 ms (CDP Runtime.getHeapUsage); the page's own peak ${(exportPagePeak / MB).toFixed(0)} MB`,
      },
      {
        group: 'backup',
        name: 'floor: bare fflate zip of the same bodies and tasks',
        value: exportFloorMs / 1000,
        unit: 's',
      },
      {
        group: 'backup',
        name: `re-import ${vault} into a fresh profile: file to summary`,
        value: importMs / 1000,
        unit: 's',
        note: `${(importMs / importFloorMs).toFixed(1)}x the floor; load ${load}`,
      },
      {
        group: 'backup',
        name: `re-import ${vault}: vault worker peak JS heap`,
        value: importPeak / MB,
        unit: 'MB',
        target: '< 200 MB',
        ok: importPeak < 200 * MB,
        note: `sampled every 50 ms (CDP Runtime.getHeapUsage); the page's own peak ${(importPagePeak / MB).toFixed(0)} MB`,
      },
      {
        group: 'backup',
        name: 'floor: bare fflate unzip + raw IndexedDB put of the same rows',
        value: importFloorMs / 1000,
        unit: 's',
      },
    ];
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
