import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CheckoutRequest } from '../../../src/sync/protocol/billing';
import { openCheckout } from '../billing/checkout';
import { handleWebhook } from '../billing/webhook';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { rateLimit } from '../middleware/rate-limit';

/**
 * Mounted at `/billing`, without a session: the provider's webhook (its signature is the
 * authority) and the pricing page's checkout (the checkout token is). docs/billing.md.
 */
export function billingRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/webhook', async (c) => {
    // the signature covers the body's bytes: decoded keeping a leading BOM (Request.text() drops
    // it, and a signed body that began with one was refused 'signature')
    const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await c.req.arrayBuffer());
    return send(c, await handleWebhook(c.get('deps'), raw, c.req.header('paddle-signature') ?? null));
  });
  const checkoutLimit = createMiddleware<AppEnv>((c, next) =>
    rateLimit({
      bucket: 'billing_checkout',
      limit: c.get('deps').config.authRatePerMinute,
      windowSeconds: 60,
      key: 'ip',
    })(c, next),
  );
  r.post('/checkout', checkoutLimit, async (c) => {
    const body = await parseBody(c, CheckoutRequest);
    if (!body.ok) return body.response;
    return send(c, await openCheckout(c.get('deps'), body.value.token, body.value.priceId));
  });
  return r;
}
