import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { BenchRow } from './types';

/**
 * Issue 18 figure "generated requests per route with zero 5xx": the three generated-input server
 * tests (tests/server/generated-input.test.ts, generated-transport.test.ts,
 * generated-socket-webhook.test.ts) run with more cases than CI (GENERATED_RUNS, default 40 broken
 * bodies a route, half as many valid) against the real service.
 * The tests assert zero 5xx, the spec's codes and nothing stored; this bench fails if they fail, and
 * reports the requests each route got (the smallest over the routes) and the total.
 */
const RUNS = Number(process.env.GENERATED_RUNS ?? 40);
const FIXED_KINDS = ['POST /sync/crdt/updates (Content-Length lies)', 'WS /sync/socket (flood frames)'];

export default async function bench(): Promise<BenchRow[]> {
  const root = resolve(import.meta.dirname, '../..');
  const seed = Date.now() % 2 ** 31;
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      'tests/server/generated-input.test.ts',
      'tests/server/generated-transport.test.ts',
      'tests/server/generated-socket-webhook.test.ts',
    ],
    {
      cwd: root,
      env: { ...process.env, FC_RUNS: String(RUNS), FC_SEED: String(seed) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const out = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) throw new Error(`generated-input tests failed (seed ${seed}):\n${out.slice(-4000)}`);
  // "  POST /sync/push 40+20 (1234 ms)" lines of the body test
  const perRoute = [...out.matchAll(/^\s+((?:GET|POST|PUT) \S+) (\d+)\+(\d+) \(/gm)].map((m) => ({
    route: m[1] as string,
    requests: Number(m[2]) + Number(m[3]),
  }));
  // '"PUT /sync/attachments/chunks/:hash": 40,' lines of the transport and socket-webhook tests
  const transport = [...out.matchAll(/^\s*"([A-Z]+ [^"]+)": (\d+),?$/gm)].map((m) => ({
    route: m[1] as string,
    requests: Number(m[2]),
  }));
  const all = [...perRoute, ...transport];
  if (all.length === 0) throw new Error(`no per-route counts in the output:\n${out.slice(-2000)}`);
  const total = all.reduce((s, r) => s + r.requests, 0);
  // kinds with a fixed number of hand-made cases (not FC_RUNS-generated) are counted in the total
  // but are not the figure's "fewest": two raw Content-Length requests would hide every route's count
  const generated = all.filter((r) => !FIXED_KINDS.includes(r.route));
  const fewest = generated.reduce((a, b) => (b.requests < a.requests ? b : a));
  const kinds = transport.map((r) => `${r.route} ${r.requests}`).join(', ');
  return [
    {
      group: 'generated-input',
      name: `generated requests per route with zero 5xx (fewest of ${generated.length} generated routes and kinds)`,
      value: fewest.requests,
      unit: 'requests',
      note: `${total} requests in all (${all.length} routes and kinds), zero 5xx, nothing stored; fewest: ${fewest.route}; beyond JSON bodies: ${kinds}; FC_RUNS=${RUNS}, seed ${seed}, load ${loadavg()[0]?.toFixed(1)}`,
    },
  ];
}
