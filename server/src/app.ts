import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { ACCOUNT_BODY_MAX_BYTES, MAX_SYNC_BODY_BYTES } from '../../src/sync/protocol/limits';
import { errorResponse } from './http/errors';
import { Timing } from './http/timing';
import type { AppEnv } from './http/types';
import { clientIdentity } from './middleware/client-identity';
import { objectRoutes } from './objects/route';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { devRoutes } from './routes/dev';
import { syncRoutes } from './routes/sync';

/** The platform-free HTTP service: every dependency arrives through `c.env.deps`. */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', c.env.deps);
    c.set('timing', new Timing());
    c.set('client', null);
    c.set('vaultRows', null);
    await next();
  });
  app.use(
    '*',
    cors({
      origin: (origin, c) => (c.env.deps.config.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'X-Svc-Vault-Id',
        'X-Svc-Sync-Types',
        'X-Svc-Client',
        'X-Svc-Bootstrap-Token',
        'X-Svc-Attachment-Id',
        'X-Svc-File-Size',
        'Range',
      ],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Retry-After', 'Server-Timing', 'Content-Range'],
      credentials: false,
      maxAge: 600,
    }),
  );
  app.use('/sync/*', clientIdentity);
  // Spec 7: a body over 8 MiB gets a bare 413 (no code), which clients map to `note_too_large`.
  app.use('/sync/*', bodyLimit({ maxSize: MAX_SYNC_BODY_BYTES, onError: (c) => c.body(null, 413) }));
  // Account routes carry small JSON only (the largest is a sealed key handoff).
  for (const path of ['/auth/*', '/devices/*', '/keys/*', '/dev/*', '/billing/*']) {
    app.use(path, bodyLimit({ maxSize: ACCOUNT_BODY_MAX_BYTES, onError: (c) => c.body(null, 413) }));
  }

  app.route('/auth', authRoutes());
  app.route('/dev', devRoutes());
  app.route('/billing', billingRoutes());
  app.route('/', accountRoutes());
  app.route('/sync', syncRoutes());
  // signed object URLs (chunks, packs): no session, no bucket; the URL is the authority
  app.route('/objects', objectRoutes());

  app.notFound((c) => errorResponse(c, 'NOT_FOUND', 'no such route'));
  app.onError((err, c) => {
    c.get('deps')?.log('unhandled_error', { path: c.req.path, name: err.name, message: err.message });
    return errorResponse(c, 'INTERNAL_ERROR', 'internal error');
  });
  return app;
}
