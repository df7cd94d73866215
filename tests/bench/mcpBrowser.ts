import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { benchNotes, benchTasks } from './benchVaultRows';

// The browser side of the /mcp bench (tests/bench/mcp.bench.ts): a build served by vite preview,
// a controlled page, the bench vault written into its IndexedDB, and timed calls.
const root = resolve(import.meta.dirname, '../..');

/** Builds the app into `outDir` (the bench's own, never the e2e suite's). */
export function buildApp(outDir: string): void {
  const build = spawnSync(
    resolve(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--logLevel', 'error'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('vite build failed');
}

/** `vite preview` of `outDir` on `port`; resolves once it answers. Kill the process when done. */
export async function startPreview(outDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(
    resolve(root, 'node_modules/.bin/vite'),
    ['preview', '--port', String(port), '--strictPort', '--outDir', outDir],
    { cwd: root, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`${url} did not answer`);
}

/** Opens the app and waits until the service worker controls the page (so /mcp reaches it). */
export async function openControlled(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await page.waitForSelector('.app[data-ready="true"]', { timeout: 120_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller === null) {
      await new Promise<void>((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }),
      );
    }
  });
}

/**
 * A page script: when the served build is newer than the one the profile's service worker
 * precached (a kept profile, another build on the same port), installs it and lets it take over
 * (the app's own SKIP_WAITING). True when the page must be loaded again to run the new build.
 */
export const ACTIVATE_NEW_BUILD = `(async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) return false;
  await reg.update().catch(() => {});
  const w = reg.installing ?? reg.waiting;
  if (!w) return false;
  if (w.state === 'installing')
    await new Promise((r) => w.addEventListener('statechange', () => w.state !== 'installing' && r()));
  const changed = new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  w.postMessage({ type: 'SKIP_WAITING' });
  await changed;
  return true;
})()`;

/** Writes rows straight into the default vault's IndexedDB (the app made the schema). */
async function putRows(page: Page, rows: Record<string, unknown[]>): Promise<void> {
  await page.evaluate(async (rows) => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('cairn-vault-default');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    await new Promise<void>((res, rej) => {
      const tx = db.transaction(Object.keys(rows), 'readwrite');
      for (const [store, list] of Object.entries(rows))
        for (const row of list) tx.objectStore(store).put(row);
      tx.oncomplete = () => res();
      tx.onerror = () => rej(tx.error);
    });
    db.close();
  }, rows);
}

/** The bench vault (tests/bench/benchVaultRows.ts), in chunks of 1,000 notes and 2,000 tasks. */
export async function seedBenchVault(page: Page, notes: number, tasks: number): Promise<void> {
  for (let from = 0; from < notes; from += 1000) {
    const chunk = benchNotes(Math.min(notes, from + 1000), undefined, from);
    await putRows(page, {
      notes: chunk.map((n) => n.row),
      bodies: chunk.map((n) => ({ id: n.row.id, markdown: n.markdown })),
    });
  }
  for (let from = 0; from < tasks; from += 2000) {
    await putRows(page, { tasks: benchTasks(Math.min(tasks, from + 2000), undefined, from) });
  }
}

/**
 * A Playwright Chromium on the profile `userDir`, its page open on `base` with the bench vault
 * (`notes` notes, `tasks` tasks) seeded and indexed. Seeds only once per profile (a marker file
 * says it was), and a profile kept from a run on an older build takes the served build over.
 * Close the context when done.
 */
export async function openSeededPage(
  userDir: string,
  base: string,
  notes: number,
  tasks: number,
  extraArgs: readonly string[] = [],
): Promise<{ context: BrowserContext; page: Page }> {
  const marker = resolve(userDir, 'cairn-bench-seeded');
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  try {
    // tsx compiles the bench with esbuild's keepNames, whose `__name` helper the page lacks.
    await context.addInitScript('globalThis.__name = (f) => f;');
    // a profile that had its welcome note (src/ui/app/showWelcome.ts): the vault holds only the seeded notes
    await context.addInitScript("localStorage.setItem('cairn.welcomeShown', '1')");
    const page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page, base);
    if (await page.evaluate(ACTIVATE_NEW_BUILD)) await openControlled(page, base);
    if (!existsSync(marker)) {
      await seedBenchVault(page, notes, tasks);
      writeFileSync(marker, '');
      await openControlled(page, base);
    }
    await waitForIndex(page, notes);
    return { context, page };
  } catch (error) {
    await context.close().catch(() => {});
    throw error;
  }
}

/** Milliseconds of `n` pings through /mcp (the service worker → the vault worker, no tool). */
export function mcpPings(page: Page, n: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await fetch('/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
      await res.text();
      out.push(performance.now() - t0);
    }
    return out;
  }, n);
}

/** Milliseconds of each `tools/call` round trip through /mcp, measured in the page. */
export async function mcpCalls(
  page: Page,
  name: string,
  args: (i: number) => object,
  n: number,
): Promise<number[]> {
  const calls = Array.from({ length: n }, (_, i) => args(i));
  return page.evaluate(
    async ({ name, calls }) => {
      const out: number[] = [];
      for (const args of calls) {
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: args },
        });
        const t0 = performance.now();
        const res = await fetch('/mcp', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        const json = await res.json();
        out.push(performance.now() - t0);
        if (json.result?.isError)
          throw new Error(`${name}: ${JSON.stringify(json.result.structuredContent)}`);
      }
      return out;
    },
    { name, calls },
  );
}

/** The same calls through window.cairnAgent (no service worker hop): splits the /mcp cost. */
export async function pageCalls(
  page: Page,
  name: string,
  args: (i: number) => object,
  n: number,
): Promise<number[]> {
  const calls = Array.from({ length: n }, (_, i) => args(i));
  return page.evaluate(
    async ({ name, calls }) => {
      const agent = (
        window as unknown as { cairnAgent: { callTool(n: string, a: object): Promise<unknown> } }
      ).cairnAgent;
      const out: number[] = [];
      for (const args of calls) {
        const t0 = performance.now();
        const result = (await agent.callTool(name, args)) as {
          isError?: boolean;
          structuredContent?: unknown;
        };
        out.push(performance.now() - t0);
        if (result.isError === true) throw new Error(`${name}: ${JSON.stringify(result.structuredContent)}`);
      }
      return out;
    },
    { name, calls },
  );
}

/**
 * A page script that waits until the leader's search index holds `notes` documents (catch-up
 * after the reload) and its background warm-up has parsed the postings shards (docs/search.md,
 * "Warm-up"): queries are measured as they run in a tab that has been open a moment, as the
 * search bench measures them. Resolves false when that does not happen within 5 minutes.
 */
export const waitForIndexScript = (notes: number): string => `(async () => {
  for (let i = 0; i < 600; i++) {
    const res = await fetch('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call',
        params: { name: 'vault_desktop_read', arguments: { operation: 'search.getStats', args: [] } } }) });
    const stats = (await res.json()).result?.structuredContent ?? {};
    const warm = (stats.shards_loaded ?? 0) >= Math.min(stats.shards ?? 1, 1500);
    if ((stats.documents ?? 0) >= ${notes} && warm) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
})()`;

export async function waitForIndex(page: Page, notes: number): Promise<void> {
  if (!(await page.evaluate(waitForIndexScript(notes)))) throw new Error('the search index did not catch up');
}

export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
