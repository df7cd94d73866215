import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_QUERIES } from './benchVaultRows';
import {
  buildApp,
  mcpPings,
  openSeededPage,
  pageCalls,
  quantile,
  mcpCalls as roundTrips,
  startPreview,
  waitForIndexScript,
} from './mcpBrowser';
import { mcpLoops, runMcpLoops } from './mcpLoops';
import { openRawPage } from './rawChromium';
import type { BenchRow } from './types';

// Round trips through the REAL service worker /mcp (page fetch → service worker → the tab →
// its vault worker → back) on a vault of 10,000 notes and 20,000 tasks. Its own build output
// and port, never the e2e suite's. MCP_BENCH_DIST=<dir> reuses an existing build;
// MCP_BENCH_PORT=<port> serves it elsewhere (two benches at once would share 4196).
const PORT = Number(process.env.MCP_BENCH_PORT ?? 4196);
const DIST = process.env.MCP_BENCH_DIST ?? 'dist-mcp-bench';
const NOTES = 10_000;
const TASKS = 20_000;

/**
 * The same loops in the same seeded profile, in a Chromium no DevTools domain watches (Playwright
 * turns the Network domain on, which costs each fetch about a millisecond here): the round trips
 * as an agent's page runs them (docs/agent-tools.md, "Figures (issue 6)"). Rows only, no targets:
 * the targets stay on the rows above, measured as before.
 */
async function withoutDevTools(profile: string, base: string, note: string): Promise<BenchRow[]> {
  const page = await openRawPage(profile, base, PORT + 2000);
  try {
    if (!(await page.evaluate<boolean>(waitForIndexScript(NOTES))))
      throw new Error('the search index did not catch up');
    const samples = await runMcpLoops(page, TASKS, 1, false);
    const group = 'agent';
    const rows: BenchRow[] = [];
    for (const { name } of mcpLoops(TASKS)) {
      const times = samples.get(name) ?? [];
      for (const q of name === '/mcp vault_search_notes' ? [0.5, 0.95] : [0.5]) {
        rows.push({
          group,
          name: `${name} p${q * 100}, page without DevTools`,
          value: quantile(times, q),
          unit: 'ms',
          note: `${note}; Chromium driven over a bare DevTools socket (tests/bench/rawChromium.ts)`,
        });
      }
    }
    return rows;
  } finally {
    await page.close();
  }
}

export default async function mcpBench(): Promise<BenchRow[]> {
  if (process.env.MCP_BENCH_DIST === undefined) buildApp(DIST);
  const server: ChildProcess = await startPreview(DIST, PORT);
  const profile = mkdtempSync(join(tmpdir(), 'cairn-mcp-bench-'));
  const base = `http://127.0.0.1:${PORT}/`;
  let context: import('@playwright/test').BrowserContext | undefined;
  try {
    const opened = await openSeededPage(profile, base, NOTES, TASKS);
    context = opened.context;
    const page = opened.page;

    const group = 'agent';
    const note = `${NOTES.toLocaleString('en')} notes, ${TASKS.toLocaleString('en')} tasks`;
    await roundTrips(page, 'vault_get_task', (i) => ({ id: `t${i}` }), 20); // warm-up
    const getTask = await roundTrips(page, 'vault_get_task', (i) => ({ id: `t${(i * 97) % TASKS}` }), 300);
    const words = BENCH_QUERIES;
    await roundTrips(page, 'vault_search_notes', () => ({ query: 'river' }), 5);
    const search = await roundTrips(
      page,
      'vault_search_notes',
      (i) => ({ query: words[i % words.length] }),
      100,
    );
    const describe = await roundTrips(page, 'vault_desktop_describe', () => ({}), 50);
    // Baseline: any request answered by the service worker (a POST to /mcp that is a ping).
    const ping = await mcpPings(page, 200);
    // Baseline 2: the service worker answering alone (GET /mcp → 405, nothing forwarded).
    const bare = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        await (await fetch('/mcp')).text();
        out.push(performance.now() - t0);
      }
      return out;
    });
    // Baseline 3: this Chromium's fetch() itself, with no network and no service worker in the
    // way (a blob: URL is answered inside the browser). No /mcp round trip can be cheaper.
    const blobFetch = await page.evaluate(async () => {
      const url = URL.createObjectURL(new Blob(['{"jsonrpc":"2.0","id":1,"result":{}}']));
      const out: number[] = [];
      for (let i = 0; i < 300; i++) {
        const t0 = performance.now();
        await (await fetch(url)).text();
        out.push(performance.now() - t0);
      }
      URL.revokeObjectURL(url);
      return out;
    });
    const direct = await pageCalls(page, 'vault_get_task', (i) => ({ id: `t${(i * 97) % TASKS}` }), 300);
    const directSearch = await pageCalls(
      page,
      'vault_search_notes',
      (i) => ({ query: words[i % words.length] }),
      100,
    );
    await context.close();
    const raw = await withoutDevTools(profile, base, note);
    const p50Task = quantile(getTask, 0.5);
    const p95Task = quantile(getTask, 0.95);
    const p95Search = quantile(search, 0.95);
    const p50Describe = quantile(describe, 0.5);
    const p50Direct = quantile(direct, 0.5);
    const p95DirectSearch = quantile(directSearch, 0.95);
    const p50Ping = quantile(ping, 0.5);
    const p50Bare = quantile(bare, 0.5);
    return [
      {
        group,
        name: '/mcp vault_get_task p50',
        value: p50Task,
        unit: 'ms',
        target: '< 2 ms',
        ok: p50Task < 2,
        note,
      },
      { group, name: '/mcp vault_get_task p95', value: p95Task, unit: 'ms', note },
      { group, name: '/mcp ping p50 (SW → vault worker, no tool)', value: p50Ping, unit: 'ms', note },
      { group, name: 'GET /mcp p50 (the service worker alone: 405)', value: p50Bare, unit: 'ms', note },
      {
        group,
        name: 'GET /mcp p95 (the service worker alone: 405)',
        value: quantile(bare, 0.95),
        unit: 'ms',
        note,
      },
      {
        group,
        name: 'fetch() of a blob: URL p50 (no network, no service worker)',
        value: quantile(blobFetch, 0.5),
        unit: 'ms',
        note: "this Chromium's floor for any fetch(), /mcp included",
      },
      {
        group,
        name: 'fetch() of a blob: URL p95 (no network, no service worker)',
        value: quantile(blobFetch, 0.95),
        unit: 'ms',
        note: "this Chromium's floor for any fetch(), /mcp included",
      },
      {
        group,
        name: 'window.cairnAgent vault_get_task p50 (no service worker)',
        value: p50Direct,
        unit: 'ms',
        note: `${note}; the /mcp p50 minus this is the service worker hop`,
      },
      {
        group,
        name: '/mcp vault_search_notes p95',
        value: p95Search,
        unit: 'ms',
        target: '< 10 ms',
        ok: p95Search < 10,
        note,
      },
      {
        group,
        name: 'window.cairnAgent vault_search_notes p95 (no service worker)',
        value: p95DirectSearch,
        unit: 'ms',
        note: `${note}; every seeded note holds every query word: the search work itself`,
      },
      {
        group,
        name: '/mcp vault_desktop_describe (all) p50',
        value: p50Describe,
        unit: 'ms',
        target: '< 10 ms',
        ok: p50Describe < 10,
        note,
      },
      ...raw,
    ];
  } finally {
    await context?.close().catch(() => {});
    server.kill();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
