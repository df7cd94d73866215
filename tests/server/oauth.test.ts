import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect, inject, it } from 'vitest';
import { readConfig } from '../../server/src/config';
import type { Deps } from '../../server/src/deps';
import type { AppEnv } from '../../server/src/http/types';
import { oauthRoutes, redirectAllowed } from '../../server/src/routes/oauth';
import type { OAuthConfigResponse, OAuthSetupResponse, SessionTokens } from '../../src/sync/protocol/auth';
import type { BillingReport } from '../../src/sync/protocol/plans';
import { OIDC_MOBILE_CLIENT } from './global-setup';
import { api, base, errorCode } from './helpers';

// Issue 20 part 3 against real workerd and the local fake OpenID Connect provider
// (scripts/fake-oidc.mjs): the browser flow (authorization code with PKCE), the native ID-token
// route, the setup token traded for a session, and every refusal the issue names.

const issuer = inject('oidcIssuer');
const logPath = inject('syncLogPath');
const APP = 'http://127.0.0.1:5999/oauth-callback';

const manual = (url: string, init: RequestInit = {}) => fetch(url, { ...init, redirect: 'manual' });

async function deviceKey(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  return Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
}

/** The browser's trip: to the service, to the provider (signing in as `email`), back to the service. */
async function browserFlow(email: string, redirectUri = APP, providerNonce?: string) {
  const start = await manual(`${base}/auth/oauth/idp?redirect_uri=${encodeURIComponent(redirectUri)}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location') as string);
  expect(authorize.origin).toBe(issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const form = new URLSearchParams(authorize.searchParams);
  form.set('login_email', email);
  // a provider (or someone replaying another flow's ID token) answering with another nonce
  if (providerNonce !== undefined) form.set('nonce', providerNonce);
  const consent = await manual(`${issuer}/authorize`, { method: 'POST', body: form });
  expect(consent.status).toBe(302);
  const callback = consent.headers.get('location') as string;
  expect(callback.startsWith(`${base}/auth/oauth/idp/callback?`)).toBe(true);
  return { callback, state: authorize.searchParams.get('state') as string };
}

const fragmentOf = (res: Response) => {
  const to = new URL(res.headers.get('location') as string);
  return { to, params: new URLSearchParams(to.hash.slice(1)) };
};

async function idToken(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${issuer}/test/id-token`, { method: 'POST', body: JSON.stringify(body) });
  return ((await res.json()) as { idToken: string }).idToken;
}

describe('sign-in with an identity provider (real workerd, fake OIDC provider)', () => {
  it('offers the provider: its name for the button, and the native route', async () => {
    const res = await api<OAuthConfigResponse>('/auth/oauth/config');
    expect(res.body).toEqual({ browser: { name: 'Fake IdP' }, native: true });
  });

  it('browser flow: the provider vouches, the app gets a one-time setup token, then a session', async () => {
    const email = `idp-${Date.now()}@example.org`;
    const { callback } = await browserFlow(email);
    const done = await manual(callback);
    expect(done.status).toBe(302);
    const { to, params } = fragmentOf(done);
    expect(`${to.origin}${to.pathname}`).toBe(APP);
    expect(to.search).toBe(''); // the token rides in the fragment, never sent to a server by the browser
    const setupToken = params.get('setupToken') as string;
    expect(setupToken.length).toBeGreaterThan(20);

    const device = { name: 'IdP laptop', platform: 'web', publicKey: await deviceKey() };
    const session = await api<SessionTokens & { email: string }>('/auth/oauth/sign-in', {
      body: { setupToken, device },
    });
    expect(session.status).toBe(200);
    expect(session.body.accessToken).toBeTruthy();
    expect(session.body.email).toBe(email);
    // the account is the email's: its plan report answers under the new session
    expect((await api<BillingReport>('/auth/billing', { token: session.body.accessToken })).status).toBe(200);
    // once only
    const again = await api('/auth/oauth/sign-in', { body: { setupToken, device } });
    expect(again.status).toBe(401);
    expect(errorCode(again)).toBe('OAUTH_FAILED');

    // nothing secret reached the log: no setup token, no code
    const code = new URL(callback).searchParams.get('code') as string;
    const log = readFileSync(logPath, 'utf8');
    expect(log).not.toContain(setupToken);
    expect(log).not.toContain(code);
  });

  it('refuses a foreign redirect before anything leaves for the provider', async () => {
    for (const bad of [
      'https://evil.example/cb',
      'http://localhost:5999/cb',
      'javascript:alert(1)',
      'http://127.0.0.1:5999/cb#already',
      'not a url',
    ]) {
      const res = await manual(`${base}/auth/oauth/idp?redirect_uri=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
    const config = readConfig({ ALLOWED_ORIGINS: 'https://app.cairn.example' });
    expect(redirectAllowed(config, 'https://app.cairn.example/oauth-callback')).toBe(true);
    expect(redirectAllowed(config, 'https://app.cairn.example.evil/oauth-callback')).toBe(false);
  });

  it('refuses a wrong or reused state, and a code the provider no longer honours', async () => {
    const { callback } = await browserFlow(`state-${Date.now()}@example.org`);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state');
    const wrong = await manual(forged.href);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('OAUTH_FAILED');

    expect((await manual(callback)).status).toBe(302); // the real one, once
    const reused = await manual(callback);
    expect(reused.status).toBe(401);

    // a new flow whose callback carries the old (spent) code: the provider refuses it
    const second = await browserFlow(`state2-${Date.now()}@example.org`);
    const stale = new URL(second.callback);
    stale.searchParams.set('code', new URL(callback).searchParams.get('code') as string);
    const refused = await manual(stale.href);
    expect(refused.status).toBe(302);
    const { params } = fragmentOf(refused);
    expect(params.get('error')).toBe('OAUTH_FAILED');
    expect(params.get('setupToken')).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    const { callback } = await browserFlow(`nonce-${Date.now()}@example.org`, APP, 'another-flows-nonce');
    const res = await manual(callback);
    expect(res.status).toBe(302);
    const { to, params } = fragmentOf(res);
    expect(`${to.origin}${to.pathname}`).toBe(APP);
    expect(params.get('error')).toBe('OAUTH_FAILED');
    expect(params.get('setupToken')).toBeNull();
  });

  it('native route: a good ID token gives a setup token; bad signature, audience, issuer or expiry do not', async () => {
    const email = `native-${Date.now()}@example.org`;
    const good = await api<OAuthSetupResponse>('/auth/oauth/idp/native', {
      body: { idToken: await idToken({ aud: OIDC_MOBILE_CLIENT, email }) },
    });
    expect(good.status).toBe(200);
    const session = await api<SessionTokens>('/auth/oauth/sign-in', {
      body: {
        setupToken: good.body.setupToken,
        device: { name: 'Phone', platform: 'ios', publicKey: await deviceKey() },
      },
    });
    expect(session.status).toBe(200);

    const cases: Record<string, Record<string, unknown>> = {
      'bad signature': { aud: OIDC_MOBILE_CLIENT, email, wrongKey: true },
      'the web client’s audience': { aud: 'cairn-web', email },
      'another audience': { aud: 'someone-else', email },
      'another issuer': { aud: OIDC_MOBILE_CLIENT, email, iss: 'https://idp.evil.example' },
      expired: { aud: OIDC_MOBILE_CLIENT, email, expiresIn: -120 },
    };
    for (const [why, spec] of Object.entries(cases)) {
      const res = await api('/auth/oauth/idp/native', { body: { idToken: await idToken(spec) } });
      expect(res.status, why).toBe(401);
      expect(errorCode(res), why).toBe('OAUTH_FAILED');
    }
    const malformed = await api('/auth/oauth/idp/native', { body: { idToken: 'not.a.jwt' } });
    expect(errorCode(malformed)).toBe('OAUTH_FAILED');
    const noBody = await api('/auth/oauth/idp/native', { body: {} });
    expect(errorCode(noBody)).toBe('VALIDATION_ERROR');
  });

  it('answers 501 where no provider is configured: the native route bare, the browser flow with its code', async () => {
    const app = new Hono<AppEnv>();
    const deps = { config: readConfig({ ENVIRONMENT: 'production' }), log: () => {} } as unknown as Deps;
    app.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    app.route(
      '/auth/oauth',
      oauthRoutes(async (_c, next) => next()),
    );
    const native = await app.request('/auth/oauth/idp/native', { method: 'POST', body: '{}' });
    expect(native.status).toBe(501);
    expect(await native.text()).toBe('');
    const browser = await app.request(`/auth/oauth/idp?redirect_uri=${encodeURIComponent(APP)}`);
    expect(browser.status).toBe(501);
    expect(((await browser.json()) as { error: { code: string } }).error.code).toBe('OAUTH_UNAVAILABLE');
    expect(await (await app.request('/auth/oauth/config')).json()).toEqual({ browser: null, native: false });
  });
});
