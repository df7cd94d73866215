#!/usr/bin/env node
// `npm start`: builds the app, then serves it (vite preview, 127.0.0.1:4173) together with the
// local sync service on workerd (127.0.0.1:8787, state kept in .data/sync across restarts).
// Ctrl+C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const APP_PORT = process.env.CAIRN_APP_PORT ?? '4173';
const SYNC_PORT = process.env.CAIRN_SYNC_PORT ?? '8787';
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  VITE_SYNC_URL: `http://127.0.0.1:${SYNC_PORT}`,
};

console.log('Building Cairn…');
const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, env, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn(process.execPath, ['scripts/server-dev.mjs', '--port', SYNC_PORT, '--persist-to', '.data/sync'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['preview', '--port', APP_PORT, '--strictPort'], { cwd: root, env, stdio: 'ignore' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) {
      console.error('A Cairn process stopped; stopping the rest.');
      stop();
      process.exitCode = code;
    }
  });

const appUrl = `http://127.0.0.1:${APP_PORT}/`;
for (let i = 0; i < 120; i++) {
  try {
    if ((await fetch(appUrl)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 250));
}
console.log(`
Cairn is running.
  App:           ${appUrl}
  Sync service:  http://127.0.0.1:${SYNC_PORT}  (local workerd; D1/R2 state in .data/sync)
  Dev account:   dev@cairn.local  (development server: the sign-in code is returned and logged)
Press Ctrl+C to stop.`);
