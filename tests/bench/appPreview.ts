import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const vite = resolve(root, 'node_modules/.bin/vite');

async function waitFor(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The app as a bench opens it: built into dist/, served by `vite preview` on the bench's own port
 * (never the e2e suite's), answering before this returns. `stop` ends the server; call it in a
 * `finally`, or a later run on that port reuses a server serving an old build.
 */
export async function startAppPreview(port: number): Promise<{ base: string; stop: () => void }> {
  const build = spawnSync(vite, ['build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const server: ChildProcess = spawn(vite, ['preview', '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill('SIGTERM');
  };
  const base = `http://127.0.0.1:${port}/`;
  try {
    await waitFor(base);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}
