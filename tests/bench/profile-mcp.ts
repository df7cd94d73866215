import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CDPSession, chromium, type Page } from '@playwright/test';
import { BENCH_QUERIES } from './benchVaultRows';
import { mcpCalls, mcpPings, openSeededPage, quantile, startPreview } from './mcpBrowser';

/**
 * Where a /mcp round trip spends its time, across the browser's processes (docs/agent-tools.md,
 * "Figures (issue 6)"). On the /mcp bench's vault, in a build served like the bench's:
 *
 *   MCP_BENCH_DIST=dist-x MCP_BENCH_PORT=4350 PROFILE_OUT=.tmp/mcp nice node --import tsx tests/bench/profile-mcp.ts
 *
 * PROFILE_TOOL: vault_get_task (default), vault_search_notes, vault_desktop_describe or ping.
 * PROFILE_MODE: `trace` (default) writes `<PROFILE_OUT>.trace.json`, a Chrome trace of every
 * process (open it in Perfetto; each call is a fetch of /mcp in the page's network events); `cpu` writes one V8 CPU profile per target (service worker,
 * page, vault worker) as `<PROFILE_OUT>.<kind>.cpuprofile`. PROFILE_CALLS (default 100) calls are
 * recorded, after 30 unrecorded ones. PROFILE_USER_DIR keeps the browser profile, seeded vault
 * included, between runs (seeding 10,000 notes and 20,000 tasks takes a minute); a run on
 * another build reuses it (same port: same origin). Prints the p50 of the recorded calls.
 */
const PORT = Number(process.env.MCP_BENCH_PORT ?? 4196);
const DIST = process.env.MCP_BENCH_DIST ?? 'dist-mcp-bench';
const OUT = process.env.PROFILE_OUT ?? '.tmp/mcp';
const TOOL = process.env.PROFILE_TOOL ?? 'vault_get_task';
const MODE = process.env.PROFILE_MODE ?? 'trace';
const CALLS = Number(process.env.PROFILE_CALLS ?? 100);
const USER_DIR = resolve(process.env.PROFILE_USER_DIR ?? `.tmp/mcp-profile-${PORT}`);
const CDP_PORT = PORT + 1000;
const NOTES = 10_000;
const TASKS = 20_000;

const argsOf = (i: number): object =>
  TOOL === 'vault_get_task'
    ? { id: `t${(i * 97) % TASKS}` }
    : TOOL === 'vault_search_notes'
      ? { query: BENCH_QUERIES[i % BENCH_QUERIES.length] }
      : {};

/** `n` calls of TOOL (or pings) through /mcp, each timed in the page. */
const calls = (page: Page, n: number): Promise<number[]> =>
  TOOL === 'ping' ? mcpPings(page, n) : mcpCalls(page, TOOL, argsOf, n);

async function traced(cdp: CDPSession, run: () => Promise<number[]>): Promise<number[]> {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.console',
        'ServiceWorker',
        'loading',
        'navigation',
        'v8.execute',
        'mojom',
        'ipc',
        'blink',
        'disabled-by-default-devtools.timeline.stack',
      ],
    },
  });
  const times = await run();
  await cdp.send('Tracing.end');
  await done;
  writeFileSync(`${OUT}.trace.json`, JSON.stringify({ traceEvents: events }));
  return times;
}

async function profiled(cdp: CDPSession, run: () => Promise<number[]>): Promise<number[]> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  const wanted = targetInfos.filter(
    (t) =>
      t.url.startsWith(`http://127.0.0.1:${PORT}/`) &&
      ['service_worker', 'page', 'worker'].includes(t.type) &&
      !t.url.includes('ocr'),
  );
  const sessions: { kind: string; id: string }[] = [];
  for (const t of wanted) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
    const kind = `${t.type}-${t.url.split('/').pop()?.split(/[?.]/)[0] || 'index'}`;
    sessions.push({ kind, id: sessionId });
  }
  const raw = await Promise.all(
    sessions.map(async ({ kind, id }) => {
      const session = await cdpFor(cdp, id);
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 100 });
      await session.send('Profiler.start');
      return { kind, session };
    }),
  );
  const times = await run();
  for (const { kind, session } of raw) {
    const { profile } = (await session.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(`${OUT}.${kind}.cpuprofile`, JSON.stringify(profile));
  }
  return times;
}

/** A CDP session on an attached target (non-flat mode: messages wrapped by the browser session). */
async function cdpFor(
  browserSession: CDPSession,
  sessionId: string,
): Promise<{ send(method: string, params?: object): Promise<unknown> }> {
  let next = 1_000_000;
  const pending = new Map<number, (v: unknown) => void>();
  browserSession.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.error ?? msg.result);
  });
  return {
    send(method, params = {}) {
      const id = next++;
      return new Promise((r) => {
        pending.set(id, r);
        void browserSession.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        });
      });
    },
  };
}

const server = await startPreview(DIST, PORT);
mkdirSync(USER_DIR, { recursive: true });
try {
  const { context, page } = await openSeededPage(USER_DIR, `http://127.0.0.1:${PORT}/`, NOTES, TASKS, [
    `--remote-debugging-port=${CDP_PORT}`,
  ]);
  try {
    await calls(page, 30);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${CDP_PORT}`);
    const cdp = await browser.newBrowserCDPSession();
    const run = () => calls(page, CALLS);
    const times = MODE === 'cpu' ? await profiled(cdp, run) : await traced(cdp, run);
    console.log(
      `${TOOL} x${times.length} through /mcp (${MODE}): p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`,
    );
    await browser.close();
  } finally {
    await context.close().catch(() => {});
  }
} finally {
  server.kill();
}
