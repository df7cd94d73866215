import { resolve } from 'node:path';
import { quantile, startPreview, waitForIndexScript } from './mcpBrowser';
import { runMcpLoops } from './mcpLoops';
import { openRawPage } from './rawChromium';

/**
 * The /mcp round trips and the floor of any fetch() in this Chromium WITHOUT Playwright
 * (rawChromium.ts): each loop of mcpLoops.ts in a page no DevTools domain watches, then again
 * after `Network.enable` (what Playwright turns on for every page it drives, the bench's
 * included), alternating, FLOOR_ROUNDS times (default 2); FLOOR_ONLY (a regular expression)
 * keeps the loops whose names match. It reuses the browser profile that
 * tests/bench/profile-mcp.ts seeded (same port: same origin), taking a newer build over:
 *
 *   MCP_BENCH_DIST=dist-x MCP_BENCH_PORT=4350 nice node --import tsx tests/bench/mcpFloor.ts
 *
 * Prints p50/p95 of each loop (docs/agent-tools.md, "Figures (issue 6)").
 */
const PORT = Number(process.env.MCP_BENCH_PORT ?? 4196);
const DIST = process.env.MCP_BENCH_DIST ?? 'dist-mcp-bench';
const USER_DIR = resolve(process.env.PROFILE_USER_DIR ?? `.tmp/mcp-profile-${PORT}`);
const NOTES = 10_000;
const TASKS = 20_000;

const server = await startPreview(DIST, PORT);
try {
  const page = await openRawPage(USER_DIR, `http://127.0.0.1:${PORT}/`, PORT + 2000);
  try {
    if (!(await page.evaluate<boolean>(waitForIndexScript(NOTES))))
      throw new Error('the seeded vault is not there: run tests/bench/profile-mcp.ts first');
    const only = process.env.FLOOR_ONLY === undefined ? undefined : new RegExp(process.env.FLOOR_ONLY);
    const samples = await runMcpLoops(page, TASKS, Number(process.env.FLOOR_ROUNDS ?? 2), true, only);
    for (const [name, times] of samples)
      console.log(
        `${name.padEnd(60)} p50 ${quantile(times, 0.5).toFixed(2).padStart(6)} ms  p95 ${quantile(times, 0.95).toFixed(2).padStart(6)} ms  (n ${times.length})`,
      );
  } finally {
    await page.close();
  }
} finally {
  server.kill();
}
