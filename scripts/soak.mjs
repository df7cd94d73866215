#!/usr/bin/env node
// `npm run soak`: the convergence simulation (tests/unit/sync-property/convergence.integration.test.ts)
// for SIM_RUNS cases (1,000), 3 to 6 devices, in SIM_LANES lanes (3). A case is mostly one Node
// thread's work (fake-indexeddb, crypto, Yjs) and the service's: on a shared 2-core machine one
// process is runnable most of a case and waits for its turn on a core, so several Vitest processes
// (one lane each, its own seed and share of the cases) against ONE local service finish the soak
// sooner than concurrent cases in one process could. Each lane prints the command that replays it
// alone; this script prints a progress line every 50 cases (cases, time, fault mix) and the total
// at the end, also when interrupted (Ctrl-C), so a cut-off run still has its figure.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { spawnSyncService } = await import('../tests/server/spawn-service.ts');

const RUNS = Number(process.env.SIM_RUNS ?? 1000);
const LANES = Number(process.env.SIM_LANES ?? 3);
const SEED = Number(process.env.SIM_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MAX_DEVICES = process.env.SIM_MAX_DEVICES ?? '6';
const PROGRESS = 50;
const FILE = 'tests/unit/sync-property/convergence.integration.test.ts';

const service = await spawnSyncService();
await service.ready;
const started = Date.now();
console.log(
  `soak: ${RUNS} cases in ${LANES} lanes from seed ${SEED}, 3 to ${MAX_DEVICES} devices, service ${service.url} (log ${service.logPath})`,
);

// the machine's 1-minute load average, sampled at every progress line (a shared machine: the
// figure means little without it)
const loads = [loadavg()[0]];
const loadOf = () => `load ${Math.min(...loads).toFixed(0)}-${Math.max(...loads).toFixed(0)}`;
let cases = 0;
const faults = new Map();
const byDevices = new Map();
const mix = () => [...faults].map(([k, v]) => `${k} ${v}`).join(', ');
const summary = () =>
  `${cases} cases passed in ${((Date.now() - started) / 1000).toFixed(0)} s (${loadOf()}, seed ${SEED}, ${LANES} lanes; devices: ${[
    ...byDevices,
  ]
    .sort()
    .map(([n, c]) => `${c}x${n}`)
    .join(', ')}); faults: ${mix()}`;

const failed = [];
const children = [];
/** cases each lane passed before its first failure, if any */
const lanePassed = Array(LANES).fill(0);
const lanes = Array.from({ length: LANES }, (_, lane) => {
  const child = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', FILE],
    {
      env: {
        ...process.env,
        SIM_RUNS: String(RUNS),
        SIM_SEED: String(SEED),
        SIM_LANES: String(LANES),
        SIM_LANE: String(lane),
        SIM_MAX_DEVICES: MAX_DEVICES,
        SIM_REPORT: 'json',
        UNIT_SYNC_URL: service.url,
        UNIT_SYNC_LOG_PATH: service.logPath,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let rest = '';
  const onData = (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const failAt = line.indexOf('SIM_FAIL {');
      if (failAt >= 0) {
        const f = JSON.parse(line.slice(failAt + 'SIM_FAIL '.length));
        if (f.first) {
          console.log(
            `soak: lane ${lane + 1} FAILED after ${lanePassed[lane]} cases: ${f.error}\nreplay this case alone: SIM_RUNS=1 SIM_MAX_DEVICES=${MAX_DEVICES} SIM_CASE='${JSON.stringify(f.case)}' npx vitest run --project unit ${FILE}`,
          );
        }
        continue;
      }
      const at = line.indexOf('SIM_CASE {');
      if (at < 0) {
        if (line.trim()) console.log(`[lane ${lane + 1}] ${line}`);
        continue;
      }
      const done = JSON.parse(line.slice(at + 'SIM_CASE '.length));
      // a case fast-check runs while shrinking a failure is not one of the soak's cases
      if (done.shrinking) continue;
      lanePassed[lane]++;
      cases++;
      byDevices.set(done.devices, (byDevices.get(done.devices) ?? 0) + 1);
      for (const [k, v] of Object.entries(done.faults)) faults.set(k, (faults.get(k) ?? 0) + v);
      if (cases % PROGRESS === 0) {
        loads.push(loadavg()[0]);
        console.log(`soak: ${summary()}`);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      if (code !== 0) failed.push(lane + 1);
      resolve(code);
    }),
  );
});

/** the soak's row in bench/results.json (scripts/bench.mjs keeps the `soak` group's rows) */
function writeFigure(why) {
  const path = join(resolve(import.meta.dirname, '..'), 'bench/results.json');
  const results = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { rows: [], failures: [] };
  const name = 'convergence simulation: cases passed, zero divergences (3-6 devices, every fault kind)';
  const row = {
    measuredAt: new Date().toISOString(),
    group: 'soak',
    name,
    value: cases,
    unit: 'cases',
    target: `${RUNS} cases, no divergence`,
    ok: why === 'done' && failed.length === 0 && cases >= RUNS,
    note: `${why}${failed.length ? `, lanes failed: ${failed.join(', ')}` : ''}; ${summary()}`,
  };
  results.rows = [...results.rows.filter((r) => !(r.group === 'soak' && r.name === name)), row];
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}

let ending = false;
async function end(why) {
  if (ending) return;
  ending = true;
  console.log(`soak ${why}: ${summary()}${failed.length ? `; lanes failed: ${failed.join(', ')}` : ''}`);
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  writeFigure(why);
  await service.stop();
  process.exit(failed.length || why !== 'done' ? 1 : 0);
}
process.on('SIGINT', () => void end('interrupted'));
process.on('SIGTERM', () => void end('stopped'));
await Promise.all(lanes);
await end('done');
