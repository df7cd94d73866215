#!/usr/bin/env node
// A local OpenID Connect provider for development and tests (issue 20 part 3): discovery, an
// authorization endpoint with a one-field "who are you" page, a token endpoint (authorization code
// with PKCE S256, client secret), RS256 ID tokens and their JWKS. It speaks the HTTP shapes of a
// real provider so the sync service's code path is the production one; it is started by
// `npm start` and the tests, never deployed. Test-only extra: POST /test/id-token mints an ID
// token as a mobile SDK would hand one over (for the native route's tests).
//
//   node scripts/fake-oidc.mjs --port 8839 --client-id cairn-web --client-secret dev-secret
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** Starts the provider; resolves with its issuer URL and a stop function. */
export async function startFakeOidc({ port = 0, clientId = 'cairn-web', clientSecret = 'dev-secret' } = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  // a second key the JWKS never lists: tokens it signs must be refused
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' };
  /** code -> what the token request must match */
  const codes = new Map();
  let issuer = '';

  const idToken = async ({ aud, email, nonce, expiresIn = 300, key = privateKey, iss = issuer }) => {
    let jwt = new SignJWT({ email, email_verified: true, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
      .setIssuer(iss)
      .setAudience(aud)
      .setSubject(`fake|${email}`)
      .setIssuedAt();
    jwt =
      expiresIn < 0
        ? jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
        : jwt.setExpirationTime(`${expiresIn}s`);
    return jwt.sign(key);
  };

  const body = (req) =>
    new Promise((ok) => {
      let s = '';
      req.on('data', (d) => {
        s += d;
      });
      req.on('end', () => ok(s));
    });
  const json = (res, status, value) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(value));
  };
  const html = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    try {
      if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          scopes_supported: ['openid', 'email'],
        });
      }
      if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
      if (req.method === 'GET' && url.pathname === '/authorize') {
        const p = url.searchParams;
        if (p.get('client_id') !== clientId || p.get('response_type') !== 'code' || !p.get('redirect_uri'))
          return json(res, 400, { error: 'invalid_request' });
        const hidden = [...p.entries()]
          .map(([k, v]) => `<input type="hidden" name="${html(k)}" value="${html(v)}">`)
          .join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><meta charset="utf-8"><title>Fake identity provider</title>
<main style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>Fake identity provider</h1><p>Development only: whoever you say you are.</p>
<form method="post" action="/authorize">${hidden}
<label>Email <input name="login_email" type="email" required value="dev@cairn.local"></label>
<button type="submit">Continue</button></form></main>`);
      }
      if (req.method === 'POST' && url.pathname === '/authorize') {
        const p = new URLSearchParams(await body(req));
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          redirectUri: p.get('redirect_uri'),
          challenge: p.get('code_challenge'),
          nonce: p.get('nonce'),
          email: (p.get('login_email') ?? '').toLowerCase(),
          expires: Date.now() + 60_000,
        });
        const back = new URL(p.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        if (p.get('state')) back.searchParams.set('state', p.get('state'));
        back.searchParams.set('iss', issuer);
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const p = new URLSearchParams(await body(req));
        let [id, secret] = [p.get('client_id'), p.get('client_secret')];
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
        if (basic)
          [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
        if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
        const grant = codes.get(p.get('code') ?? '');
        codes.delete(p.get('code') ?? '');
        const challenge = createHash('sha256')
          .update(p.get('code_verifier') ?? '')
          .digest('base64url');
        if (
          p.get('grant_type') !== 'authorization_code' ||
          !grant ||
          grant.expires < Date.now() ||
          grant.redirectUri !== p.get('redirect_uri') ||
          grant.challenge !== challenge
        )
          return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, {
          access_token: randomBytes(24).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken({ aud: clientId, email: grant.email, nonce: grant.nonce }),
        });
      }
      if (req.method === 'POST' && url.pathname === '/test/id-token') {
        const p = JSON.parse((await body(req)) || '{}');
        return json(res, 200, {
          idToken: await idToken({
            aud: p.aud ?? clientId,
            email: p.email ?? 'dev@cairn.local',
            expiresIn: p.expiresIn ?? 300,
            ...(p.wrongKey ? { key: stranger.privateKey } : {}),
            ...(p.iss ? { iss: p.iss } : {}),
          }),
        });
      }
      json(res, 404, { error: 'not_found' });
    } catch (err) {
      json(res, 500, { error: 'server_error', error_description: String(err) });
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  issuer = `http://127.0.0.1:${server.address().port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise((ok) => server.close(() => ok(undefined))),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const started = await startFakeOidc({
    port: Number(arg('port', '8839')),
    clientId: arg('client-id', 'cairn-web'),
    clientSecret: arg('client-secret', 'dev-secret'),
  });
  console.log(`fake OIDC provider ready at ${started.issuer}`);
}
