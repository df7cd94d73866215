#!/usr/bin/env node
// `npm run dev`: Vite's dev server with hot reload (127.0.0.1:5173) and the local sync service.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', VITE_SYNC_URL: 'http://127.0.0.1:8787' };
const children = [
  spawn(process.execPath, ['scripts/server-dev.mjs', '--port', '8787', '--persist-to', '.data/sync'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(resolve(root, 'node_modules/.bin/vite'), [], { cwd: root, env, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
