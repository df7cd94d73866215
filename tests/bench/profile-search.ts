import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { BENCH_QUERIES, openBenchSearchVault } from './mcpSearchVault';

/**
 * `vault_search_notes` on the /mcp bench's vault, outside the browser, for a CPU profile of the
 * search work itself (docs/search.md, "Queries where every note matches"):
 *
 *   PROFILE_OUT=/tmp/search.cpuprofile nice -n 10 node --import tsx tests/bench/profile-search.ts
 *
 * PROFILE_OUT, when set, receives a V8 CPU profile of the timed calls only (not of the
 * indexing before them; open it in Chrome DevTools' Performance panel). PROFILE_NOTES (default
 * 10000) and PROFILE_ROUNDS (default 300 calls) size the run. Prints the
 * build time and each call's wall and CPU p50/p95 (CPU time is what the shared machine's load
 * skews least).
 */
const notes = Number(process.env.PROFILE_NOTES ?? 10_000);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 300);

const t0 = performance.now();
const vault = await openBenchSearchVault(notes);
console.log(`indexed ${notes} notes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const caller = { kind: 'agent', surface: 'mcp' } as const;
const call = async (query: string) => {
  const reply = await vault.endpoint.handleJsonRpc(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'vault_search_notes', arguments: { query } },
    },
    caller,
  );
  // What the service worker does with the reply: it travels as JSON text.
  return JSON.stringify(reply).length;
};
for (let i = 0; i < 20; i++) await call(BENCH_QUERIES[i % BENCH_QUERIES.length] ?? 'river');
const out = process.env.PROFILE_OUT;
const session = new Session();
if (out !== undefined) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < rounds; i++) {
  const c = process.cpuUsage();
  const t = performance.now();
  await call(BENCH_QUERIES[i % BENCH_QUERIES.length] ?? 'river');
  wall.push(performance.now() - t);
  const u = process.cpuUsage(c);
  cpu.push((u.user + u.system) / 1000);
}
if (out !== undefined) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(out, JSON.stringify(profile));
  session.disconnect();
}
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;
console.log(
  `vault_search_notes x${rounds}: wall p50 ${q(wall, 0.5).toFixed(2)} ms, p95 ${q(wall, 0.95).toFixed(2)} ms; ` +
    `cpu p50 ${q(cpu, 0.5).toFixed(2)} ms, p95 ${q(cpu, 0.95).toFixed(2)} ms`,
);
await vault.close();
