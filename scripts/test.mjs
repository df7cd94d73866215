#!/usr/bin/env node
// `npm test`: every check, in stages, stopping at the first that fails. Each stage prints its
// steps' wall times, so a slow or stuck step shows in the CI log by name.
// Steps share a stage where neither fills the two cores of the CI machine (docs/foundation.md,
// "CI time budget", session 9: CPU seconds per step):
// 1. the two typechecks, the lint and the e2e's vite build: the app's tsc is one core for ~40 s;
//    the server's tsc, the lint and the build fit beside it;
// 2. unit and server: the unit run keeps ~1.1 of the 2 cores busy (its files wait on the sync
//    service and on fake-indexeddb's scheduling), the server run ~1 (one file at a time against
//    workerd);
// 3. Playwright, on the build from stage 1 (it fills both cores: two browsers, workerd, preview).
import { spawn } from 'node:child_process';

/** A step: [name, command, args]; `stream` prints its output live, each line prefixed. */
const STAGES = [
  [
    ['typecheck (app)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['typecheck (server)', 'npx', ['tsc', '-p', 'server/tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['biome', 'check', '.']],
    ['build', 'npx', ['vite', 'build']],
  ],
  [
    ['unit', 'npm', ['run', 'test:unit'], { stream: true }],
    ['server', 'npm', ['run', 'test:server'], { stream: true }],
  ],
  [['e2e', 'npx', ['playwright', 'test']]],
];

/** Writes `chunk` line by line with `prefix`, keeping a partial last line for the next chunk. */
function prefixer(prefix) {
  let rest = '';
  return {
    write(chunk) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    },
    end() {
      if (rest) process.stdout.write(`${prefix}${rest}\n`);
    },
  };
}

/**
 * Runs one step. Alone in its stage it inherits the terminal; beside others its output is
 * buffered and printed whole after the stage (short steps: a type error stays in one piece), or
 * streamed with a `[name] ` prefix on each line (long steps, so a stuck one shows while it runs).
 */
function run([name, cmd, args, options = {}], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const live = options.stream ? prefixer(`[${name}] `) : null;
    const take = (d) => (live ? live.write(d) : out.push(d));
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('close', (code, signal) => {
      live?.end();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const output = Buffer.concat(out).toString();
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds, output });
    });
  });
}

const timings = [];
for (const stage of STAGES) {
  const started = Date.now();
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  for (const r of results) {
    process.stdout.write(r.output);
    console.log(`test: ${r.name} ${r.code === 0 ? 'passed' : 'FAILED'} in ${r.seconds} s`);
    timings.push(`${r.name} ${r.seconds} s`);
  }
  if (stage.length > 1) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`test: stage (${stage.map((s) => s[0]).join(', ')}) took ${seconds} s`);
    timings.push(`stage ${seconds} s`);
  }
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    console.log(`test: stopped; failed: ${failed.map((r) => r.name).join(', ')} (${timings.join(', ')})`);
    process.exit(1);
  }
}
console.log(`test: all passed (${timings.join(', ')})`);
