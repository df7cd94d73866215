import { resolve } from 'node:path';
import { startPreview, waitForIndexScript } from './mcpBrowser';
import { openRawPage } from './rawChromium';

/**
 * Where one /mcp call (vault_get_task, or a ping) spends its time, stage by stage, in a page no
 * DevTools domain watches (rawChromium.ts). Runs on builds made with the stage marks of
 * tests/bench/mcp-stages.patch: the page, the service worker and the vault worker each post
 * `[stage, performance.timeOrigin + now()]` pairs on the BroadcastChannel 'mcp-stages'. The
 * marks are not in the app: apply the patch, build, take it off again:
 *
 *   git apply tests/bench/mcp-stages.patch && npx vite build --outDir dist-stages; git apply -R tests/bench/mcp-stages.patch
 *   STAGES_DISTS=dist-main-stages,dist-stages MCP_BENCH_PORT=4320 nice node --import tsx tests/bench/mcpStages.ts
 *
 * It reuses the profile tests/bench/profile-mcp.ts seeded (same port). STAGES_DISTS is a comma
 * list of builds, each run in turn STAGES_ROUNDS times (alternated); STAGES_TOOL=ping times
 * pings. Steps within one process are exact to the timer's 0.1 ms (averaged over the calls);
 * marks of different processes are a few tenths of a millisecond apart in their time origins,
 * so a step that crosses processes is read with care (docs/agent-tools.md, "Where a /mcp call
 * spends its time").
 */
const PORT = Number(process.env.MCP_BENCH_PORT ?? 4196);
const DISTS = (process.env.STAGES_DISTS ?? 'dist-mcp-bench').split(',');
const ROUNDS = Number(process.env.STAGES_ROUNDS ?? 2);
const CALLS = Number(process.env.STAGES_CALLS ?? 300);
const TOOL = process.env.STAGES_TOOL ?? 'vault_get_task';
const USER_DIR = resolve(process.env.PROFILE_USER_DIR ?? `.tmp/mcp-profile-${PORT}`);

type Marks = [string, number][];
interface Run {
  page: Marks[];
  sw: Marks[];
  worker: Marks[];
}

const body =
  TOOL === 'ping'
    ? `'{"jsonrpc":"2.0","id":1,"method":"ping"}'`
    : `JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: ${JSON.stringify(TOOL)}, arguments: { id: 't' + ((i * 97) % 20000) } } })`;

const script = (n: number) => `(async () => {
  const now = () => performance.timeOrigin + performance.now();
  const bc = new BroadcastChannel('mcp-stages');
  const sw = [], worker = [];
  bc.onmessage = (e) => (e.data.side === 'sw' ? sw : worker).push(e.data.marks);
  const page = [];
  for (let i = 0; i < ${n}; i++) {
    const t0 = now();
    const res = await fetch('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ${body} });
    const t1 = now();
    const json = await res.json();
    const t2 = now();
    if (json.result?.isError || json.error) throw new Error(JSON.stringify(json));
    page.push([['page', t0], ['pageHeaders', t1], ['pageBody', t2]]);
  }
  await new Promise((r) => setTimeout(r, 500));
  bc.close();
  return { page, sw, worker };
})()`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[Math.floor(s.length / 2)] ?? Number.NaN);
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The mean of the middle 80%: the load's tails left out, the timer's jitter averaged. */
const trimmed = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const cut = Math.floor(s.length / 10);
  return mean(s.slice(cut, s.length - cut));
};

function report(dist: string, run: Run): void {
  if (run.sw.length !== run.page.length || run.worker.length !== run.page.length)
    throw new Error(
      `${dist}: ${run.page.length} calls, ${run.sw.length} sw and ${run.worker.length} worker records`,
    );
  // Every call's marks in time order, relative to its page start.
  const rows = run.page.map((p, i) => {
    const all = [...p, ...(run.sw[i] ?? []), ...(run.worker[i] ?? [])].sort((a, b) => a[1] - b[1]);
    const t0 = p[0]?.[1] ?? 0;
    return all.map(([n, t]) => [n, t - t0] as [string, number]);
  });
  const names = rows[0]?.map(([n]) => n) ?? [];
  console.log(
    `\n${dist}: ${run.page.length} calls of ${TOOL}; ms from the page's fetch (median, trimmed mean) and the step from the previous mark (trimmed mean)`,
  );
  let prev = new Array(rows.length).fill(0) as number[];
  for (const name of names) {
    const at = rows.map((r) => r.find(([n]) => n === name)?.[1] ?? Number.NaN);
    const step = at.map((t, i) => t - (prev[i] ?? 0));
    console.log(
      `${name.padEnd(14)} at ${median(at).toFixed(2).padStart(6)} ${trimmed(at).toFixed(2).padStart(6)}   step ${trimmed(step).toFixed(2).padStart(6)}`,
    );
    prev = at;
  }
}

for (let round = 0; round < ROUNDS; round++) {
  for (const dist of DISTS) {
    const server = await startPreview(dist, PORT);
    try {
      const page = await openRawPage(USER_DIR, `http://127.0.0.1:${PORT}/`, PORT + 2000);
      try {
        if (!(await page.evaluate<boolean>(waitForIndexScript(10_000))))
          throw new Error('the seeded vault is not there: run tests/bench/profile-mcp.ts first');
        await page.evaluate(script(100));
        const load = (await import('node:os')).loadavg()[0]?.toFixed(1);
        report(`${dist} (round ${round + 1}, load ${load})`, await page.evaluate<Run>(script(CALLS)));
      } finally {
        await page.close();
      }
    } finally {
      server.kill();
    }
  }
}
