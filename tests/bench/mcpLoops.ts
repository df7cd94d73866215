import { BENCH_QUERIES } from './benchVaultRows';
import { mcpCallScript, type RawPage, timedLoop } from './rawChromium';

/**
 * The timed loops of the /mcp bench as page scripts, for a page no DevTools domain watches
 * (rawChromium.ts): the floors (a blob: fetch, the service worker alone, a ping) and the three
 * calls of issue 6, with the same arguments as the Playwright-driven loops of mcp.bench.ts.
 */
export interface McpLoop {
  name: string;
  calls: number;
  body: string;
}

export function mcpLoops(tasks: number): McpLoop[] {
  const taskId = `'t' + ((i * 97) % ${tasks})`;
  return [
    {
      name: 'fetch() of a blob: URL',
      calls: 300,
      body: `if (i === 0) globalThis.__blobUrl = URL.createObjectURL(new Blob(['{"jsonrpc":"2.0","id":1,"result":{}}']));
        await (await fetch(globalThis.__blobUrl)).text()`,
    },
    {
      name: 'GET /mcp (the service worker alone: 405)',
      calls: 200,
      body: `await (await fetch('/mcp')).text()`,
    },
    {
      name: '/mcp ping',
      calls: 200,
      body: `await (await fetch('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' })).text()`,
    },
    { name: '/mcp vault_get_task', calls: 300, body: mcpCallScript('vault_get_task', `{ id: ${taskId} }`) },
    {
      name: 'window.cairnAgent vault_get_task',
      calls: 300,
      body: `await window.cairnAgent.callTool('vault_get_task', { id: ${taskId} })`,
    },
    {
      name: '/mcp vault_search_notes',
      calls: 100,
      body: mcpCallScript('vault_search_notes', `{ query: ${JSON.stringify(BENCH_QUERIES)}[i % 5] }`),
    },
    {
      name: '/mcp vault_desktop_describe (all)',
      calls: 50,
      body: mcpCallScript('vault_desktop_describe', '{}'),
    },
  ];
}

/**
 * Waits (at most a minute) until two batches of 20 searches in a row have p50s within 20% of each
 * other. A Chromium that just opened a freshly seeded vault still works in the background for a
 * while (the bench's first run of this phase measured searches at 12.8 ms p50 against 5 ms once
 * settled); the loops measure the vault as it is once that work is done.
 */
async function settle(page: RawPage): Promise<void> {
  const median = async () => {
    const times = await page.evaluate<number[]>(
      timedLoop(20, mcpCallScript('vault_search_notes', `{ query: 'river' }`)),
    );
    return [...times].sort((a, b) => a - b)[10] ?? 0;
  };
  const until = Date.now() + 60_000;
  let last = await median();
  while (Date.now() < until) {
    const now = await median();
    if (Math.abs(now - last) <= 0.2 * Math.max(now, last)) return;
    last = now;
  }
}

/**
 * Runs every loop `rounds` times, once as the page is and, when `withNetwork`, once more after
 * `Network.enable` (what Playwright turns on), alternating, after an unrecorded warm-up and
 * `settle`. Samples by loop name; the Network ones are named `<name> [Network.enable]`. `only`
 * keeps the loops whose names match.
 */
export async function runMcpLoops(
  page: RawPage,
  tasks: number,
  rounds: number,
  withNetwork: boolean,
  only?: RegExp,
): Promise<Map<string, number[]>> {
  await page.evaluate(timedLoop(30, mcpCallScript('vault_get_task', `{ id: 't' + i }`)));
  await settle(page);
  const samples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const network of withNetwork ? [false, true] : [false]) {
      await page.send(network ? 'Network.enable' : 'Network.disable');
      for (const loop of mcpLoops(tasks).filter((l) => only === undefined || only.test(l.name))) {
        const times = await page.evaluate<number[]>(timedLoop(loop.calls, loop.body));
        const name = `${loop.name}${network ? ' [Network.enable]' : ''}`;
        samples.set(name, [...(samples.get(name) ?? []), ...times]);
      }
    }
  }
  return samples;
}
