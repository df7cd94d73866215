import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A free 127.0.0.1 port, found by binding port 0. */
export function freePort(): Promise<number> {
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

export interface RunningService {
  url: string;
  /** the fake billing provider server-dev started beside it (scripts/fake-paddle.mjs) */
  billingUrl: string;
  /** the fake OpenID Connect provider server-dev started beside it (scripts/fake-oidc.mjs) */
  oidcIssuer: string;
  /** everything the service printed (stdout and stderr), appended as it arrives */
  logPath: string;
  stop(): Promise<void>;
}

/** A service being started: `ready` settles once it answers (or rejects with what it printed). */
export interface StartingService extends RunningService {
  ready: Promise<string>;
}

/**
 * Spawns the real service (scripts/server-dev.mjs: migrations, a build, one workerd) on a
 * free port with a fresh persist dir, in its own process group, without waiting for it: `ready`
 * resolves once it printed its ready line. `stop` kills the whole group (Miniflare spawns workerd)
 * and removes the state. Every @test.cairn.local address is a development account (code echoed,
 * dev_seed plan). `opts.config`: another wrangler configuration (paths absolute).
 */
export async function spawnSyncService(
  extraVars: string[] = [],
  opts: { config?: string } = {},
): Promise<StartingService> {
  const root = resolve(import.meta.dirname, '../..');
  const persist = mkdtempSync(join(tmpdir(), 'cairn-sync-test-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      'scripts/server-dev.mjs',
      ...['--port', String(port), '--persist-to', persist],
      ...['--var', 'DEV_ACCOUNTS:dev@cairn.local,@test.cairn.local', '--var', 'AUTH_RATE_PER_MINUTE:100000'],
      ...['--var', 'REVOCATION_CHECK_SECONDS:2'],
      ...extraVars.flatMap((v) => ['--var', v]),
      ...(opts.config ? ['--config', opts.config] : []),
    ],
    { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const logPath = join(persist, 'service.log');
  // After stop() removes the folder the service may still flush a last line: drop it.
  let stopped = false;
  const log = (d: Buffer | string) => {
    if (!stopped) appendFileSync(logPath, d);
  };
  child.stderr?.on('data', (d) => {
    output += String(d);
    log(d);
  });
  child.stdout?.on('data', log);
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    stopped = true;
    rmSync(persist, { recursive: true, force: true });
  };
  let billingUrl = '';
  let oidcIssuer = '';
  child.stdout?.on('data', (d) => {
    const m = /fake billing provider at (http:\/\/\S+)/.exec(String(d));
    if (m) billingUrl = m[1] as string;
    const o = /fake identity provider at (http:\/\/\S+)/.exec(String(d));
    if (o) oidcIssuer = o[1] as string;
  });
  const ready = new Promise<string>((ok, fail) => {
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
  return {
    url: `http://127.0.0.1:${port}`,
    get billingUrl() {
      return billingUrl;
    },
    get oidcIssuer() {
      return oidcIssuer;
    },
    logPath,
    stop,
    ready,
  };
}

/** {@link spawnSyncService}, resolved once the service answers (stopped again if it never does). */
export async function startSyncService(
  extraVars: string[] = [],
  opts: { config?: string } = {},
): Promise<RunningService> {
  const service = await spawnSyncService(extraVars, opts);
  try {
    await service.ready;
  } catch (err) {
    await service.stop();
    throw err;
  }
  return {
    url: service.url,
    billingUrl: service.billingUrl,
    oidcIssuer: service.oidcIssuer,
    logPath: service.logPath,
    stop: service.stop,
  };
}
