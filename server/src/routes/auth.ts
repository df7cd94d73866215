import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  OtpRequest,
  type OtpResponse,
  RefreshRequest,
  SignInRequest,
  SignOutRequest,
} from '../../../src/sync/protocol/auth';
import { MailerSendError } from '../adapters/http-mailer';
import { MailerUnconfiguredError } from '../adapters/unconfigured-mailer';
import { issueOtp, OTP_TTL_SECONDS } from '../auth/otp';
import { endSession, rotateSession } from '../auth/sessions';
import { signIn } from '../auth/sign-in';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { rateLimit } from '../middleware/rate-limit';
import { oauthRoutes } from './oauth';

/** Unauthenticated session routes: one-time code, sign-in, refresh, sign-out, and an identity provider's (oauth.ts). */
export function authRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const authLimit = createMiddleware<AppEnv>((c, next) =>
    rateLimit({
      bucket: 'auth',
      limit: c.get('deps').config.authRatePerMinute,
      windowSeconds: 60,
      key: 'ip',
    })(c, next),
  );

  r.use('*', async (c, next) => {
    if (!c.get('deps').config.tokenSecret)
      return errorResponse(c, 'INTERNAL_ERROR', 'token signing is not configured');
    await next();
  });

  r.post('/otp/request', authLimit, async (c) => {
    const body = await parseBody(c, OtpRequest);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    let code: string;
    try {
      code = await issueOtp(deps, body.value.email);
    } catch (err) {
      if (err instanceof MailerUnconfiguredError) return c.body(null, 501);
      if (err instanceof MailerSendError) {
        deps.log('email_send_failed', { error: err.message });
        return errorResponse(c, 'EMAIL_SEND_FAILED', 'the sign-in code could not be sent; try again');
      }
      throw err;
    }
    const res: OtpResponse = { sent: true, expiresInSeconds: OTP_TTL_SECONDS };
    if (deps.config.development && deps.config.devAccounts.has(body.value.email)) res.devCode = code;
    return c.json(res);
  });

  r.post('/sign-in', authLimit, async (c) => {
    const body = await parseBody(c, SignInRequest);
    if (!body.ok) return body.response;
    return send(c, await signIn(c.get('deps'), body.value));
  });

  r.post('/refresh', authLimit, async (c) => {
    const body = await parseBody(c, RefreshRequest);
    if (!body.ok) return body.response;
    return send(c, await rotateSession(c.get('deps'), body.value.refreshToken));
  });

  r.post('/sign-out', authLimit, async (c) => {
    const body = await parseBody(c, SignOutRequest);
    if (!body.ok) return body.response;
    await endSession(c.get('deps'), body.value.refreshToken);
    return c.json({ ok: true });
  });

  r.route('/oauth', oauthRoutes(authLimit));
  return r;
}
