// A local stand-in for Paddle Billing (docs/billing.md), for development (`npm start`) and tests
// only: scripts/server-dev.mjs starts it beside a local service; nothing deployed ever does.
// It answers the Paddle API shapes the service's adapter uses (server/src/adapters/paddle), serves
// a development pricing page and checkout, and delivers signed webhooks (`Paddle-Signature:
// ts=…;h1=HMAC-SHA256(secret, "ts:body")`) to the service, as Paddle does.
//   API (bearer API key):  POST /transactions · GET /transactions/:id · POST /customers/:id/portal-sessions
//   pages:                 GET /pricing#checkout=<token> · GET /checkout/:txn · POST /checkout/:txn/pay · GET /portal/:session
//   test controls:         POST /_fake/deliver · POST /_fake/transactions/:id/complete
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** Paddle-style ids: a prefix and 26 lowercase letters or digits. */
const id = (prefix) =>
  `${prefix}_${[...randomBytes(26)].map((b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('')}`;

/** The prices the development pricing page sells; the service learns them through PADDLE_PRICES. */
export const FAKE_PRICES = {
  plus: `pri_${'cairnplus'.padEnd(26, '0')}`,
  pro: `pri_${'cairnpro'.padEnd(26, '0')}`,
  believer: `pri_${'cairnbeliever'.padEnd(26, '0')}`,
};
const PLAN_NAMES = { plus: 'Plus', pro: 'Pro', believer: 'Believer' };
const PERIOD_MS = 30 * 86_400_000;
/** what a customer can do to a subscription in the portal: the status it takes and the event sent */
const PORTAL_CHANGES = {
  pause: { label: 'Pause', status: 'paused', event: 'subscription.paused' },
  resume: { label: 'Resume', status: 'active', event: 'subscription.resumed' },
  past_due: { label: 'Fail next payment', status: 'past_due', event: 'subscription.past_due' },
  cancel: { label: 'Cancel', status: 'canceled', event: 'subscription.canceled' },
};

/** `ts=…;h1=…` for `body` signed at `tsSeconds` under `secret` (Paddle's scheme). */
export function paddleSignature(secret, body, tsSeconds) {
  return `ts=${tsSeconds};h1=${createHmac('sha256', secret).update(`${tsSeconds}:${body}`).digest('hex')}`;
}

/**
 * Starts the fake on 127.0.0.1 (`port` 0: any free port).
 * @param {{port?: number, apiKey: string, webhookSecret: string, serviceUrl: string}} opts
 * @returns {Promise<{url: string, close(): Promise<void>}>}
 */
export async function startFakePaddle({ port = 0, apiKey, webhookSecret, serviceUrl }) {
  const transactions = new Map();
  const subscriptions = new Map();
  const portalTokens = new Map();
  let url = '';

  /** Signs and POSTs one event to the service's webhook, as Paddle's notification service does. */
  async function deliver({ event_type, data, occurred_at, event_id, ts, secret }) {
    const body = JSON.stringify({
      event_id: event_id ?? id('evt'),
      event_type,
      occurred_at: occurred_at ?? new Date().toISOString(),
      notification_id: id('ntf'),
      data,
    });
    const signature = paddleSignature(secret ?? webhookSecret, body, ts ?? Math.floor(Date.now() / 1000));
    const res = await fetch(`${serviceUrl}/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paddle-signature': signature },
      body,
    });
    return { status: res.status, body: await res.json().catch(() => null), rawBody: body, signature };
  }

  /** Pays a ready transaction: customer, subscription, completed; then (optionally) its webhooks. */
  async function complete(txn, sendWebhooks) {
    const now = Date.now();
    const customerId = id('ctm');
    const sub = {
      id: id('sub'),
      status: 'active',
      customer_id: customerId,
      custom_data: txn.custom_data,
      items: txn.items.map((i) => ({ price: i.price, quantity: i.quantity, status: 'active' })),
      current_billing_period: {
        starts_at: new Date(now).toISOString(),
        ends_at: new Date(now + PERIOD_MS).toISOString(),
      },
      updated_at: new Date(now).toISOString(),
    };
    subscriptions.set(sub.id, sub);
    Object.assign(txn, {
      status: 'completed',
      customer_id: customerId,
      subscription_id: sub.id,
      billing_period: sub.current_billing_period,
      updated_at: new Date(now).toISOString(),
    });
    const delivered = [];
    if (sendWebhooks) {
      delivered.push(await deliver({ event_type: 'transaction.completed', data: txn }));
      delivered.push(
        await deliver({ event_type: 'subscription.created', data: { ...sub, transaction_id: txn.id } }),
      );
    }
    return { transaction: txn, subscription: sub, delivered };
  }

  const server = createServer(async (req, res) => {
    const json = (status, body) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const html = (status, body) =>
      res
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Fake Paddle (development)</title>
<style>body{font:16px system-ui;max-width:40rem;margin:2rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem}</style>
<p><small>Development stand-in for the billing provider: no money moves.</small></p>${body}`);
    const notFound = () =>
      json(404, { error: { type: 'request_error', code: 'entity_not_found', detail: 'not found' } });
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw && (req.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw) : {};
    const route = (method, re) => (req.method === method ? re.exec(path) : null);

    // ---- API (Paddle's shapes), bearer API key ----
    if (path === '/transactions' || path.startsWith('/transactions/') || path.startsWith('/customers/')) {
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return json(403, { error: { type: 'request_error', code: 'forbidden', detail: 'bad API key' } });
      }
      if (req.method === 'POST' && path === '/transactions') {
        const items = (body.items ?? []).map((i) => ({
          price: { id: i.price_id },
          price_id: i.price_id,
          quantity: i.quantity ?? 1,
        }));
        const now = new Date().toISOString();
        const txn = {
          id: id('txn'),
          status: 'ready',
          customer_id: null,
          subscription_id: null,
          custom_data: body.custom_data ?? null,
          items,
          billing_period: null,
          created_at: now,
          updated_at: now,
        };
        transactions.set(txn.id, txn);
        return json(201, { data: txn, meta: { request_id: randomBytes(8).toString('hex') } });
      }
      const txnGet = route('GET', /^\/transactions\/([^/]+)$/);
      if (txnGet) {
        const txn = transactions.get(txnGet[1]);
        return txn ? json(200, { data: txn }) : notFound();
      }
      const portalCreate = route('POST', /^\/customers\/([^/]+)\/portal-sessions$/);
      if (portalCreate) {
        const customerId = portalCreate[1];
        if (![...subscriptions.values()].some((s) => s.customer_id === customerId)) return notFound();
        const session = id('cpls');
        const token = randomBytes(24).toString('base64url');
        portalTokens.set(token, { customerId, expires: Date.now() + 10 * 60_000 });
        const overview = `${url}/portal/${session}?token=${token}`;
        return json(201, {
          data: {
            id: session,
            customer_id: customerId,
            urls: {
              general: { overview },
              subscriptions: (body.subscription_ids ?? []).map((s) => ({
                id: s,
                cancel_subscription: `${overview}&action=cancel&subscription=${s}`,
                update_subscription_payment_method: `${overview}&action=payment&subscription=${s}`,
              })),
            },
            created_at: new Date().toISOString(),
          },
        });
      }
      return notFound();
    }

    // ---- pages a browser sees ----
    if (req.method === 'GET' && path === '/pricing') {
      const plans = Object.entries(FAKE_PRICES)
        .map(([plan, price]) => `<button data-price="${price}">Buy ${PLAN_NAMES[plan]}</button>`)
        .join('');
      return html(
        200,
        `<h1>Cairn plans</h1><div id="plans">${plans}</div><p id="status" role="status"></p>
<script>
const token = new URLSearchParams(location.hash.slice(1)).get('checkout');
const status = document.getElementById('status');
if (!token) status.textContent = 'Open this page from Cairn (Settings, Upgrade).';
for (const b of document.querySelectorAll('button[data-price]')) b.onclick = async () => {
  status.textContent = 'Opening checkout…';
  const res = await fetch(${JSON.stringify(`${serviceUrl}/billing/checkout`)}, {
    method: 'POST', headers: {'content-type': 'application/json'},
    body: JSON.stringify({token, priceId: b.dataset.price}) });
  const answer = await res.json();
  if (!res.ok) { status.textContent = answer.error.message; return; }
  location.href = '/checkout/' + answer.transactionId;
};
</script>`,
      );
    }
    const checkoutPage = route('GET', /^\/checkout\/([^/]+)$/);
    if (checkoutPage) {
      const txn = transactions.get(checkoutPage[1]);
      if (!txn) return html(404, '<p>No such checkout.</p>');
      const plan = Object.keys(FAKE_PRICES).find((k) => FAKE_PRICES[k] === txn.items[0]?.price.id);
      return html(
        200,
        `<h1>Checkout: Cairn ${PLAN_NAMES[plan] ?? 'plan'}</h1>
<form method="post" action="/checkout/${txn.id}/pay"><button>Pay</button></form>`,
      );
    }
    const checkoutPay = route('POST', /^\/checkout\/([^/]+)\/pay$/);
    if (checkoutPay) {
      const txn = transactions.get(checkoutPay[1]);
      if (txn?.status !== 'ready') return html(404, '<p>No such checkout.</p>');
      await complete(txn, true);
      return html(200, '<h1 role="status">Payment complete</h1><p>You can return to Cairn.</p>');
    }
    // the portal: each subscription with the changes a customer makes there (pause, resume,
    // cancel), each sent to the service as Paddle's subscription.* webhook
    const portalPage = route('GET', /^\/portal\/([^/]+)$/) ?? route('POST', /^\/portal\/([^/]+)$/);
    if (portalPage) {
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '';
      const session = portalTokens.get(token);
      if (!session || session.expires < Date.now()) return html(403, '<p>This portal link expired.</p>');
      const subs = [...subscriptions.values()].filter((s) => s.customer_id === session.customerId);
      if (req.method === 'POST') {
        const form = new URLSearchParams(raw);
        const sub = subs.find((s) => s.id === form.get('subscription'));
        const change = PORTAL_CHANGES[form.get('action') ?? ''];
        if (!sub || !change) return html(400, '<p>Unknown change.</p>');
        Object.assign(sub, { status: change.status, updated_at: new Date().toISOString() });
        await deliver({ event_type: change.event, data: sub });
      }
      const rows = subs
        .map(
          (s) =>
            `<li>${s.id}: <strong>${s.status}</strong> <form method="post" style="display:inline">` +
            `<input type="hidden" name="subscription" value="${s.id}">${Object.entries(PORTAL_CHANGES)
              .map(([action, c]) => `<button name="action" value="${action}">${c.label}</button>`)
              .join('')}</form></li>`,
        )
        .join('');
      return html(200, `<h1>Customer portal</h1><ul>${rows}</ul>`);
    }

    // ---- test controls ----
    if (req.method === 'POST' && path === '/_fake/deliver') return json(200, await deliver(body));
    const fakeComplete = route('POST', /^\/_fake\/transactions\/([^/]+)\/complete$/);
    if (fakeComplete) {
      const txn = transactions.get(fakeComplete[1]);
      if (txn?.status !== 'ready') return notFound();
      return json(200, await complete(txn, body.webhooks !== false));
    }
    return notFound();
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return { url, close: () => new Promise((ok) => server.close(() => ok())) };
}
