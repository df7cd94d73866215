#!/usr/bin/env node
// Runs the sync service locally on workerd: applies the D1 migrations to the local state, then
// `wrangler dev` on 127.0.0.1, and prints the URL once the service answers. Works offline.
//   node scripts/server-dev.mjs [--port 8787] [--persist-to .data/sync] [--var NAME:VALUE ...]
// server/wrangler.jsonc is the production configuration; the development settings come from here
// alone (DEV_VARS below), and `--var` overrides them or any other var for this run (the server
// tests widen DEV_ACCOUNTS, the e2e suite sets its own ALLOWED_ORIGINS).
// Secrets: server/.dev.vars (gitignored) is generated with a random TOKEN_SECRET when missing, and
// gets a random BOOTSTRAP_SECRET, OBJECT_URL_SECRET, PADDLE_API_KEY and PADDLE_WEBHOOK_SECRET when
// it has none; its contents are never printed.
// Billing: a fake provider (scripts/fake-paddle.mjs) runs in this process on --billing-port, and
// the service is pointed at it (PADDLE_API_URL, PADDLE_PRICES, PRICING_URL); never in production.
// Sign-in: a fake OpenID Connect provider (scripts/fake-oidc.mjs) likewise, on --oidc-port
// (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_NAME, OIDC_MOBILE_CLIENT_ID; OIDC_CLIENT_SECRET in .dev.vars).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeOidc } from './fake-oidc.mjs';
import { FAKE_PRICES, startFakePaddle } from './fake-paddle.mjs';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    'persist-to': { type: 'string', default: '.data/sync' },
    var: { type: 'string', multiple: true, default: [] },
    // another configuration than server/wrangler.jsonc (tests: a deployment without the pack
    // queue); its paths absolute. The secrets still come from server/.dev.vars.
    config: { type: 'string' },
    // the local fake billing provider's port (0: any free one); see scripts/fake-paddle.mjs
    'billing-port': { type: 'string', default: '0' },
    // the local fake OpenID Connect provider's port (0: any free one); see scripts/fake-oidc.mjs
    'oidc-port': { type: 'string', default: '0' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`server-dev: bad --port ${values.port}`);
  process.exit(2);
}
const persistTo = resolve(root, values['persist-to']);
mkdirSync(persistTo, { recursive: true });

const devVars = join(root, 'server/.dev.vars');
if (!existsSync(devVars)) {
  mkdirSync(dirname(devVars), { recursive: true });
  writeFileSync(devVars, `TOKEN_SECRET=${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  console.error('server-dev: generated server/.dev.vars');
}
// Bootstrap sessions (spec 2.10) are on for local runs: their HMAC secret joins .dev.vars once.
if (!/^BOOTSTRAP_SECRET=/m.test(readFileSync(devVars, 'utf8'))) {
  appendFileSync(devVars, `BOOTSTRAP_SECRET=${randomBytes(32).toString('base64url')}\n`);
  console.error('server-dev: added BOOTSTRAP_SECRET to server/.dev.vars');
}

// The worker's signed object route (chunk and pack URLs without R2 credentials) signs under its own secret.
if (!/^OBJECT_URL_SECRET=/m.test(readFileSync(devVars, 'utf8'))) {
  appendFileSync(devVars, `OBJECT_URL_SECRET=${randomBytes(32).toString('base64url')}\n`);
  console.error('server-dev: added OBJECT_URL_SECRET to server/.dev.vars');
}

// Billing (docs/billing.md): the fake provider's API key and webhook secret are Worker secrets
// like any other, so they join .dev.vars once; the fake reads them from there too.
for (const name of ['PADDLE_API_KEY', 'PADDLE_WEBHOOK_SECRET']) {
  if (!new RegExp(`^${name}=`, 'm').test(readFileSync(devVars, 'utf8'))) {
    appendFileSync(devVars, `${name}=${randomBytes(32).toString('base64url')}\n`);
    console.error(`server-dev: added ${name} to server/.dev.vars`);
  }
}
const secretOf = (name) =>
  new RegExp(`^${name}=(.*)$`, 'm').exec(readFileSync(devVars, 'utf8'))?.[1]?.trim() ?? '';
const fakeBilling = await startFakePaddle({
  port: Number(values['billing-port']),
  apiKey: secretOf('PADDLE_API_KEY'),
  webhookSecret: secretOf('PADDLE_WEBHOOK_SECRET'),
  serviceUrl: `http://127.0.0.1:${port}`,
});
console.log(`fake billing provider at ${fakeBilling.url}`);

// Sign-in with an identity provider (docs/oauth.md): a fake OpenID Connect provider runs in this
// process too, with its client secret a Worker secret in .dev.vars like the others.
if (!/^OIDC_CLIENT_SECRET=/m.test(readFileSync(devVars, 'utf8'))) {
  appendFileSync(devVars, `OIDC_CLIENT_SECRET=${randomBytes(32).toString('base64url')}\n`);
  console.error('server-dev: added OIDC_CLIENT_SECRET to server/.dev.vars');
}
const fakeOidc = await startFakeOidc({
  port: Number(values['oidc-port']),
  clientId: 'cairn-web',
  clientSecret: secretOf('OIDC_CLIENT_SECRET'),
});
console.log(`fake identity provider at ${fakeOidc.issuer}`);

/**
 * A local service is a development service: the development account `dev@cairn.local` gets its
 * sign-in code in the response (and logged) and a Believer plan, /dev/* routes exist, and the
 * app's local addresses (npm start on :4173, npm run dev on :5173) may call it.
 */
const DEV_VARS = [
  'ENVIRONMENT:development',
  `PADDLE_API_URL:${fakeBilling.url}`,
  `PADDLE_PRICES:${Object.entries(FAKE_PRICES)
    .map(([plan, price]) => `${price}:${plan}`)
    .join(',')}`,
  `PRICING_URL:${fakeBilling.url}/pricing`,
  `OIDC_ISSUER:${fakeOidc.issuer}`,
  'OIDC_CLIENT_ID:cairn-web',
  'OIDC_NAME:Fake IdP',
  'OIDC_MOBILE_CLIENT_ID:cairn-mobile',
  'DEV_ACCOUNTS:dev@cairn.local',
  'ALLOWED_ORIGINS:http://127.0.0.1:4173,http://127.0.0.1:5173,http://localhost:4173,http://localhost:5173',
];

const wrangler = join(root, 'node_modules/.bin/wrangler');
const config = values.config ? resolve(values.config) : join(root, 'server/wrangler.jsonc');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_UPDATE_NOTIFIER: '1' };

const migrate = spawnSync(
  wrangler,
  ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo, '-c', config],
  { cwd: root, env, encoding: 'utf8' },
);
if (migrate.status !== 0) {
  console.error(`server-dev: migrations failed\n${migrate.stdout}\n${migrate.stderr}`);
  process.exit(1);
}

const child = spawn(
  wrangler,
  [
    'dev',
    '-c',
    config,
    // beside server/wrangler.jsonc wrangler finds .dev.vars itself; beside another config it would not
    ...(values.config ? ['--env-file', devVars] : []),
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--persist-to',
    persistTo,
    '--show-interactive-dev-session=false',
    // GET /__scheduled?cron=<expr> runs a Cron trigger now (the server tests drive the pack sweep)
    '--test-scheduled',
    '--inspector-port',
    '0',
    // later flags win: the caller's --var after the development defaults; the pricing page's
    // origin joins whichever ALLOWED_ORIGINS wins (it calls POST /billing/checkout from a browser)
    ...withPricingOrigin([...DEV_VARS, ...values.var]).flatMap((v) => ['--var', v]),
  ],
  { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
);
// the service's own log lines (request log, structured events, the development sign-in code)
child.stdout.on('data', (d) => process.stdout.write(d));
child.stderr.on('data', (d) => process.stderr.write(d));
const stop = () => {
  child.kill('SIGTERM');
  fakeBilling.close();
  void fakeOidc.stop();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

function withPricingOrigin(vars) {
  const last = vars.findLastIndex((v) => v.startsWith('ALLOWED_ORIGINS:'));
  return vars.map((v, i) => (i === last ? `${v}${v.endsWith(':') ? '' : ','}${fakeBilling.url}` : v));
}

const url = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 90_000;
while (Date.now() < deadline) {
  try {
    const res = await fetch(`${url}/sync/status`);
    await res.body?.cancel();
    console.log(`cairn sync service ready at ${url}`);
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 250));
  }
}
if (Date.now() >= deadline) {
  console.error('server-dev: the service did not answer within 90 s');
  stop();
}
