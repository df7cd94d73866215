#!/usr/bin/env node
// Runs the sync service locally on workerd: applies the D1 migrations to the local state, builds
// the Worker as a deploy does and runs it on one workerd at 127.0.0.1 (scripts/workerd-service.mjs:
// not `wrangler dev`, whose proxy lost requests), and prints the URL once it listens. Works
// offline. Source changes need a restart (there is no watcher).
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
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeOidc } from './fake-oidc.mjs';
import { FAKE_PRICES, startFakePaddle } from './fake-paddle.mjs';
import { buildBundle, migrate, startWorkerd } from './workerd-service.mjs';

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

const config = values.config ? resolve(values.config) : join(root, 'server/wrangler.jsonc');
const vars = Object.fromEntries(
  withPricingOrigin([...DEV_VARS, ...values.var]).map((v) => {
    const at = v.indexOf(':');
    if (at < 1) {
      console.error(`server-dev: bad --var ${v} (NAME:VALUE)`);
      process.exit(2);
    }
    return [v.slice(0, at), v.slice(at + 1)];
  }),
);

// One workerd, no `wrangler dev` proxy in front of it and no file watcher (scripts/workerd-service.mjs
// says why): the bundle is built once per start, beside the state.
let service;
try {
  migrate(config, persistTo);
  buildBundle(config, join(persistTo, 'bundle'));
  service = await startWorkerd({
    config,
    scriptPath: join(persistTo, 'bundle/index.js'),
    envFile: devVars,
    // later entries win: the caller's --var after the development defaults
    vars,
    persistTo,
    port,
  });
} catch (err) {
  console.error(`server-dev: ${err instanceof Error ? err.message : String(err)}`);
  fakeBilling.close();
  await fakeOidc.stop();
  process.exit(1);
}
const stop = async () => {
  await service.dispose();
  fakeBilling.close();
  await fakeOidc.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`cairn sync service ready at http://127.0.0.1:${port}`);

function withPricingOrigin(vars) {
  const last = vars.findLastIndex((v) => v.startsWith('ALLOWED_ORIGINS:'));
  return vars.map((v, i) => (i === last ? `${v}${v.endsWith(':') ? '' : ','}${fakeBilling.url}` : v));
}
