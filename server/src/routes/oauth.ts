import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import * as oauth from 'oauth4webapi';
import {
  NativeIdTokenRequest,
  type OAuthConfigResponse,
  type OAuthSetupResponse,
  OAuthSignInRequest,
  type OAuthSignInResponse,
} from '../../../src/sync/protocol/auth';
import { signInVerified } from '../auth/sign-in';
import type { ServiceConfig } from '../config';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import {
  issueSetupToken,
  SETUP_TOKEN_TTL_SECONDS,
  saveFlow,
  takeFlow,
  takeSetupToken,
} from '../oauth/grants';
import { httpOptions, providerFor, verifiedEmail } from '../oauth/provider';

/**
 * Sign-in with an OpenID Connect provider (issue 20 part 3; spec 4's OAuth rows and 5.6;
 * docs/oauth.md). The browser flow is the authorization code flow with PKCE, run by the service
 * as a confidential client: `GET /auth/oauth/idp?redirect_uri=` sends the browser to the provider,
 * the provider sends it back to `/auth/oauth/idp/callback`, and the service sends it on to the
 * app's `redirect_uri` with a one-time setup token in the fragment. The native route takes a
 * mobile SDK's ID token instead. Either setup token becomes a session, with the device's key,
 * at `POST /auth/oauth/sign-in`. Codes, tokens and URLs carrying them never reach a log.
 */
export function oauthRoutes(authLimit: MiddlewareHandler<AppEnv>): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/config', (c) => {
    const { oidc, oidcMobileClientId } = c.get('deps').config;
    const res: OAuthConfigResponse = {
      browser: oidc ? { name: oidc.name } : null,
      native: oidcMobileClientId !== null,
    };
    return c.json(res);
  });

  r.get('/idp', authLimit, async (c) => {
    const { config } = c.get('deps');
    const oidc = config.oidc;
    if (!oidc) return errorResponse(c, 'OAUTH_UNAVAILABLE', 'no identity provider is configured');
    const redirectUri = c.req.query('redirect_uri') ?? '';
    if (!redirectAllowed(config, redirectUri))
      return errorResponse(
        c,
        'VALIDATION_ERROR',
        'redirect_uri must be a 127.0.0.1 loopback address or this service’s web origin',
      );
    const provider = await providerFor(oidc.issuer);
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    await saveFlow(c.get('deps'), { state, codeVerifier, nonce, redirectUri });
    const to = new URL(provider.as.authorization_endpoint as string);
    to.searchParams.set('client_id', oidc.clientId);
    to.searchParams.set('redirect_uri', callbackOf(c));
    to.searchParams.set('response_type', 'code');
    to.searchParams.set('scope', 'openid email');
    to.searchParams.set('state', state);
    to.searchParams.set('nonce', nonce);
    to.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
    to.searchParams.set('code_challenge_method', 'S256');
    return c.redirect(to.href, 302);
  });

  r.get('/idp/callback', authLimit, async (c) => {
    const deps = c.get('deps');
    const oidc = deps.config.oidc;
    if (!oidc) return errorResponse(c, 'OAUTH_UNAVAILABLE', 'no identity provider is configured');
    const here = new URL(c.req.url);
    const flow = await takeFlow(deps, here.searchParams.get('state') ?? '');
    // no flow: nowhere trusted to send the browser back to
    if (!flow) return errorResponse(c, 'OAUTH_FAILED', 'this sign-in link is unknown, used or expired');
    const back = (fragment: Record<string, string>) => {
      const to = new URL(flow.redirectUri);
      to.hash = new URLSearchParams(fragment).toString();
      return c.redirect(to.href, 302);
    };
    try {
      const provider = await providerFor(oidc.issuer);
      const client: oauth.Client = { client_id: oidc.clientId };
      const params = oauth.validateAuthResponse(provider.as, client, here, flow.state);
      const response = await oauth.authorizationCodeGrantRequest(
        provider.as,
        client,
        oauth.ClientSecretPost(oidc.clientSecret),
        params,
        callbackOf(c),
        flow.codeVerifier,
        httpOptions(oidc.issuer),
      );
      const result = await oauth.processAuthorizationCodeResponse(provider.as, client, response, {
        expectedNonce: flow.nonce,
        requireIdToken: true,
      });
      // the ID token came straight from the provider; its signature is checked all the same
      const claims = await provider.verifyIdToken(result.id_token as string, oidc.clientId);
      const email = verifiedEmail(claims);
      if (!email)
        return back({ error: 'OAUTH_FAILED', error_description: 'the provider did not vouch for an email' });
      const setupToken = await issueSetupToken(deps, email);
      return back({ setupToken, expiresIn: String(SETUP_TOKEN_TTL_SECONDS) });
    } catch (err) {
      deps.log('oauth_callback_refused', { error: reason(err) });
      return back({ error: 'OAUTH_FAILED', error_description: 'the identity provider’s answer was refused' });
    }
  });

  r.post('/idp/native', authLimit, async (c) => {
    const deps = c.get('deps');
    const { oidc, oidcMobileClientId } = deps.config;
    const issuer = oidc?.issuer ?? null;
    // spec 5.6 and 7: a bare 501 while the mobile client id is unset
    if (!oidcMobileClientId || !issuer) return c.body(null, 501);
    const body = await parseBody(c, NativeIdTokenRequest);
    if (!body.ok) return body.response;
    let email: string | null;
    try {
      const provider = await providerFor(issuer);
      email = verifiedEmail(await provider.verifyIdToken(body.value.idToken, oidcMobileClientId));
    } catch (err) {
      deps.log('oauth_native_refused', { error: reason(err) });
      return errorResponse(
        c,
        'OAUTH_FAILED',
        'the ID token was refused (signature, issuer, audience or expiry)',
      );
    }
    if (!email) return errorResponse(c, 'OAUTH_FAILED', 'the ID token vouches for no verified email');
    const res: OAuthSetupResponse = {
      setupToken: await issueSetupToken(deps, email),
      expiresInSeconds: SETUP_TOKEN_TTL_SECONDS,
    };
    return c.json(res);
  });

  r.post('/sign-in', authLimit, async (c) => {
    const deps = c.get('deps');
    const body = await parseBody(c, OAuthSignInRequest);
    if (!body.ok) return body.response;
    const email = await takeSetupToken(deps, body.value.setupToken);
    if (!email) return errorResponse(c, 'OAUTH_FAILED', 'this setup token is unknown, used or expired');
    const session = await signInVerified(deps, email, body.value.device);
    if (!session.ok) return send(c, session);
    const res: OAuthSignInResponse = { ...session.value, email };
    return c.json(res);
  });
  return r;
}

/** The service's own callback, as the provider must send the browser back to it. */
function callbackOf(c: Context<AppEnv>): string {
  return `${new URL(c.req.url).origin}/auth/oauth/idp/callback`;
}

/** A 127.0.0.1 loopback (any port: a desktop app's listener) or one of the service's web origins. */
export function redirectAllowed(config: ServiceConfig, raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === 'http:' && url.hostname === '127.0.0.1') return true;
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') && config.allowedOrigins.includes(url.origin)
  );
}

/** What went wrong, without a token, code or URL in it: the error's class and oauth4webapi's code. */
function reason(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { name?: string; code?: string };
    return [e.name, e.code].filter(Boolean).join(':') || 'unknown';
  }
  return 'unknown';
}
