import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    syncBaseUrl: string;
  }
}

/** A free 127.0.0.1 port, found by binding port 0. */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * Spawns the real service (scripts/server-dev.mjs: migrations + wrangler dev on workerd) with a
 * fresh persist dir, waits for its ready line, provides the URL, and on teardown kills the whole
 * process group (wrangler spawns workerd).
 */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const persist = mkdtempSync(join(tmpdir(), 'cairn-sync-test-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'scripts/server-dev.mjs',
      ...['--port', String(port), '--persist-to', persist],
      // every address @test.cairn.local is a development account (code echoed, dev_seed plan)
      ...['--var', 'DEV_ACCOUNTS:dev@cairn.local,@test.cairn.local', '--var', 'AUTH_RATE_PER_MINUTE:100000'],
    ],
    { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`sync service did not start in 90 s:\n${output}`)), 90_000);
    child.stdout?.on('data', (d) => {
      const m = /ready at (http:\/\/\S+)/.exec(String(d));
      if (m) {
        clearTimeout(timer);
        ok(m[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`sync service exited with ${code}:\n${output}`));
    });
  });
  project.provide('syncBaseUrl', url);
  return async () => {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    rmSync(persist, { recursive: true, force: true });
  };
}
