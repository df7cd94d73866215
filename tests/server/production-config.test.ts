import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devRoutes } from '../../server/src/routes/dev';
import type { BillingReport } from '../../src/sync/protocol/plans';
import { freePort } from './spawn-service';

// Issue 18 part 6, "safe by default": server/wrangler.jsonc as checked in is what `wrangler
// deploy` ships. It is built here the way a deploy builds it (`wrangler deploy --dry-run`, which
// needs no account and no network), and the bundle it wrote runs on workerd
// (scripts/workerd-run.mjs: one workerd, no `wrangler dev` proxy, as every local service runs)
// with the checked-in vars and nothing but what a deploy adds as secrets (the token secret and a
// mail provider; the provider is a fake here, email being the one thing that cannot run on this
// machine). Development settings come only from scripts/server-dev.mjs.

const root = resolve(import.meta.dirname, '../..');
const wrangler = join(root, 'node_modules/.bin/wrangler');
const config = join(root, 'server/wrangler.jsonc');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_UPDATE_NOTIFIER: '1' };
const DEV_EMAIL = 'dev@cairn.local';

let dir = '';
let dryRun = '';
let service: ChildProcess | null = null;
let url = '';
let log = '';
let mailServer: Server | null = null;
const mails: { to: string[]; subject: string; text: string }[] = [];

async function call<T>(path: string, init: { body?: unknown; token?: string; method?: string } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let body: T | null = null;
  try {
    body = JSON.parse(text) as T;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** Signs in through the mailed code, as a user of the deployed service does. */
async function signIn(email: string) {
  const requested = await call<Record<string, unknown>>('/auth/otp/request', { body: { email } });
  const mail = mails.findLast((m) => m.to.includes(email));
  const code = /code is (\d+)/.exec(mail?.text ?? '')?.[1];
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
  const session = await call<{ accessToken: string }>('/auth/sign-in', {
    body: { email, code, device: { name: 'production test', platform: 'web', publicKey } },
  });
  return { requested, code, session };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-production-'));
  const built = spawnSync(wrangler, ['deploy', '--dry-run', '--outdir', join(dir, 'bundle'), '-c', config], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  dryRun = built.stdout + built.stderr;
  if (built.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${dryRun}`);
  const state = join(dir, 'state');
  // The checked-in configuration, copied beside the bundle with its paths made absolute, so nothing
  // beside it (server/.dev.vars, the development secrets scripts/server-dev.mjs writes for the
  // other tests) is read. The vars are the checked-in ones, byte for byte.
  const shipped = readFileSync(config, 'utf8')
    .replace('"main": "src/index.ts"', `"main": ${JSON.stringify(join(root, 'server/src/index.ts'))}`)
    .replace(
      '"migrations_dir": "migrations"',
      `"migrations_dir": ${JSON.stringify(join(root, 'server/migrations'))}`,
    );
  if (!shipped.includes(join(root, 'server/migrations')))
    throw new Error('server/wrangler.jsonc changed shape');
  const runConfig = join(dir, 'wrangler.jsonc');
  writeFileSync(runConfig, shipped);
  const migrated = spawnSync(
    wrangler,
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state, '-c', runConfig],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (migrated.status !== 0) throw new Error(`migrations failed:\n${migrated.stdout}${migrated.stderr}`);

  const mailPort = await freePort();
  mailServer = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += String(d);
    });
    req.on('end', () => {
      mails.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => mailServer?.listen(mailPort, '127.0.0.1', ok));
  // What a deploy adds with `wrangler secret put` (README, "Deploy"); nothing else.
  const secrets = join(dir, 'secrets.env');
  writeFileSync(
    secrets,
    [
      `TOKEN_SECRET=${randomBytes(32).toString('base64url')}`,
      'MAIL_API_KEY=k-production-test',
      'MAIL_FROM=Cairn <no-reply@cairn.test>',
      `MAIL_API_URL=http://127.0.0.1:${mailPort}/send`,
    ].join('\n'),
  );
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  service = spawn(
    process.execPath,
    [
      ...['scripts/workerd-run.mjs', '--config', runConfig, '--script', join(dir, 'bundle/index.js')],
      ...['--env-file', secrets, '--persist-to', state, '--port', String(port)],
    ],
    { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  service.stdout?.on('data', (d) => {
    log += String(d);
  });
  service.stderr?.on('data', (d) => {
    log += String(d);
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (service.exitCode !== null) throw new Error(`the production bundle stopped:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the production bundle did not answer in 90 s:\n${log}`);
    try {
      await (await fetch(`${url}/sync/status`)).body?.cancel();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}, 180_000);

afterAll(async () => {
  if (service?.pid !== undefined && service.exitCode === null) process.kill(-service.pid, 'SIGTERM');
  await new Promise<void>((ok) => (mailServer ? mailServer.close(() => ok()) : ok()));
  await new Promise((r) => setTimeout(r, 300));
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the checked-in configuration deploys as production (wrangler deploy --dry-run, on workerd)', () => {
  it('is built with ENVIRONMENT production, no development accounts and no browser origin', () => {
    expect(dryRun).toMatch(/env\.ENVIRONMENT \("production"\)/);
    expect(dryRun).not.toContain('DEV_ACCOUNTS');
    expect(dryRun).not.toContain('dev@cairn.local');
    expect(dryRun).toMatch(/env\.ALLOWED_ORIGINS \(""\)/);
  });

  it('has no /dev routes, signed in or not', async () => {
    const { session } = await signIn('someone@cairn.test');
    expect(session.status).toBe(200);
    const token = session.body?.accessToken;
    // every route the development router has (its own list, so a new one is covered), and one it has not
    const routes = devRoutes()
      .routes.filter((r) => r.method !== 'ALL')
      .map(
        (r) =>
          [
            r.method,
            `/dev${r.path.replace(/:\w+/g, 'web').replace('*', 'x')}`,
            r.method === 'GET' ? undefined : {},
          ] as const,
      );
    expect(routes.length).toBeGreaterThan(5);
    routes.push(['GET', '/dev/anything', undefined]);
    for (const [method, path, body] of routes) {
      for (const auth of [undefined, token]) {
        const res = await call<{ error?: { code?: string } }>(path, { method, body, token: auth });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
  });

  it('mails the sign-in code: never in the response nor the log; the development account is not special', async () => {
    const dev = await signIn(DEV_EMAIL);
    expect(dev.requested.status).toBe(200);
    expect(dev.requested.body).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(dev.code).toMatch(/^\d{6,}$/);
    expect(dev.session.status).toBe(200);
    const other = await signIn('ordinary@cairn.test');
    expect(other.session.status).toBe(200);

    // the dev account gets what any new account gets: no dev_seed Believer plan
    const devBilling = await call<BillingReport>('/auth/billing', { token: dev.session.body?.accessToken });
    const otherBilling = await call<BillingReport>('/auth/billing', {
      token: other.session.body?.accessToken,
    });
    expect(devBilling.status).toBe(200);
    expect(devBilling.body).toEqual(otherBilling.body);
    expect(devBilling.body?.source).not.toBe('dev_seed');
    expect(devBilling.body?.plan).not.toBe('believer');

    // nothing development-only in what the service printed: no code, no code event, no timings
    await new Promise((r) => setTimeout(r, 300)); // the log lines of the calls above, flushed
    for (const code of [dev.code, other.code]) expect(log).not.toContain(code as string);
    expect(log).not.toContain('dev_sign_in_code');
    expect(devBilling.headers.get('server-timing')).toBeNull();
  });

  it('has no billing provider until one is configured, and says so', async () => {
    const { session } = await signIn('billing@cairn.test');
    const token = session.body?.accessToken;
    const billing = await call<BillingReport>('/auth/billing', { token });
    expect(billing.body).toMatchObject({
      portalAvailable: false,
      checkoutAvailable: false,
      syncAllowed: false,
    });
    for (const [method, path] of [
      ['GET', '/auth/checkout-token'],
      ['POST', '/auth/checkout-token'],
      ['POST', '/auth/billing/reconcile'],
      ['POST', '/auth/billing/portal-session'],
    ] as const) {
      const res = await call<{ error?: { code?: string } }>(path, {
        method,
        token,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect([res.status, res.body?.error?.code], path).toEqual([501, 'BILLING_UNAVAILABLE']);
    }
    const hook = await call<{ error?: { code?: string } }>('/billing/webhook', { body: {} });
    expect([hook.status, hook.body?.error?.code]).toEqual([501, 'BILLING_UNAVAILABLE']);
  });

  it('answers no browser origin until ALLOWED_ORIGINS names the app', async () => {
    const res = await fetch(`${url}/sync/status`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4173', 'Access-Control-Request-Method': 'GET' },
    });
    await res.body?.cancel();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
