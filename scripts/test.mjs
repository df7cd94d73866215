#!/usr/bin/env node
// `npm test`: every check, in stages, stopping at the first that fails. The two typechecks and
// the lint share one stage (each is one process, mostly one core: run together they take the
// time of the longest), then unit, server and e2e one after the other (each fills both cores).
// Each stage prints its wall time, so a slow or stuck stage shows in the CI log by name.
import { spawn } from 'node:child_process';

const STAGES = [
  [
    ['typecheck (app)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['typecheck (server)', 'npx', ['tsc', '-p', 'server/tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['biome', 'check', '.']],
  ],
  [['unit', 'npm', ['run', 'test:unit']]],
  [['server', 'npm', ['run', 'test:server']]],
  [['e2e', 'npm', ['run', 'test:e2e']]],
];

/** Runs one command; parallel commands' output is buffered and printed whole, in order. */
function run([name, cmd, args], buffered) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds, output: Buffer.concat(out).toString() });
    });
  });
}

const timings = [];
for (const stage of STAGES) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length > 1)));
  for (const r of results) {
    if (stage.length > 1) process.stdout.write(r.output);
    console.log(`test: ${r.name} ${r.code === 0 ? 'passed' : 'FAILED'} in ${r.seconds} s`);
    timings.push(`${r.name} ${r.seconds} s`);
  }
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    console.log(`test: stopped; failed: ${failed.map((r) => r.name).join(', ')} (${timings.join(', ')})`);
    process.exit(1);
  }
}
console.log(`test: all passed (${timings.join(', ')})`);
