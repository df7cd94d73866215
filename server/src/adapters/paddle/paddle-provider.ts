import * as v from 'valibot';
import type { BillingConfig } from '../../config';
import { type BillingProvider, BillingProviderError } from '../../ports/billing';
import { eventUpdate, PaddleEvent, PaddleTransaction, transactionUpdate, USER_ID_KEY } from './entities';
import { verifyPaddleSignature } from './signature';

const PortalSession = v.looseObject({
  data: v.looseObject({
    urls: v.looseObject({ general: v.looseObject({ overview: v.pipe(v.string(), v.url()) }) }),
  }),
});
const Created = v.looseObject({
  data: v.looseObject({ id: v.pipe(v.string(), v.regex(/^txn_[a-z\d]{26}$/)) }),
});

/**
 * Paddle Billing over its REST API (bearer API key) and its signed webhooks. The same code talks
 * to the local fake provider (scripts/fake-paddle.mjs), which answers the same shapes.
 */
export function paddleProvider(config: BillingConfig, fetchImpl: typeof fetch = fetch): BillingProvider {
  const call = async (path: string, init: { method: string; body?: unknown }) => {
    const res = await fetchImpl(`${config.apiUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new BillingProviderError(res.status);
    }
    return (await res.json()) as unknown;
  };
  const parsed = <S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> => {
    const r = v.safeParse(schema, body);
    if (!r.success) throw new BillingProviderError(200);
    return r.output;
  };

  return {
    async readWebhook(rawBody, signature, nowMs) {
      const sig = await verifyPaddleSignature(config.webhookSecret, signature, rawBody, nowMs);
      if (!sig.ok) return sig;
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'payload' };
      }
      const event = v.safeParse(PaddleEvent, json);
      if (!event.success) return { ok: false, reason: 'payload' };
      const update = eventUpdate(event.output);
      if (update === undefined) return { ok: false, reason: 'payload' };
      return {
        ok: true,
        eventId: event.output.event_id,
        eventType: event.output.event_type,
        occurredAtMs: Date.parse(event.output.occurred_at),
        update,
      };
    },

    async createCheckout(priceId, userId) {
      const body = await call('/transactions', {
        method: 'POST',
        body: { items: [{ price_id: priceId, quantity: 1 }], custom_data: { [USER_ID_KEY]: userId } },
      });
      if (body === null) throw new BillingProviderError(404);
      return { transactionId: parsed(Created, body).data.id };
    },

    async getTransaction(transactionId) {
      const body = await call(`/transactions/${encodeURIComponent(transactionId)}`, { method: 'GET' });
      if (body === null) return null;
      const t = parsed(v.looseObject({ data: PaddleTransaction }), body).data;
      return transactionUpdate(t, `txn:${t.id}`, Date.parse(t.updated_at));
    },

    async createPortalSession(customerId, subscriptionIds) {
      const body = await call(`/customers/${encodeURIComponent(customerId)}/portal-sessions`, {
        method: 'POST',
        body: { subscription_ids: subscriptionIds },
      });
      if (body === null) throw new BillingProviderError(404);
      return { url: parsed(PortalSession, body).data.urls.general.overview };
    },
  };
}
