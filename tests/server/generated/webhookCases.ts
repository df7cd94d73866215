import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import * as v from 'valibot';
import {
  eventUpdate,
  PaddleEvent,
  PaddleSubscription,
  PaddleTransaction,
} from '../../../server/src/adapters/paddle/entities';
import { ACCOUNT_BODY_MAX_BYTES } from '../../../src/sync/protocol/limits';
import { headerString, hostileString } from './hostile';
import { brokenOf, validOf } from './schemaArbitrary';

/**
 * Generated deliveries to `POST /billing/webhook` (issue 18 part 4): a body (an event that would
 * change the victim's plan, any event the envelope schema takes, broken events, garbage, a body
 * over the account routes' 64 KiB) and a `Paddle-Signature` (valid, or broken in one way), with the
 * answer docs/billing.md gives it. The service's local webhook secret is the development one
 * scripts/server-dev.mjs keeps in server/.dev.vars (the fake provider signs with it too).
 */
const devVars = resolve(import.meta.dirname, '../../../server/.dev.vars');
const webhookSecret = () =>
  /^PADDLE_WEBHOOK_SECRET=(.*)$/m.exec(readFileSync(devVars, 'utf8'))?.[1]?.trim() ?? '';

export const PRO = `pri_${'cairnpro'.padEnd(26, '0')}`;
export const PLUS = `pri_${'cairnplus'.padEnd(26, '0')}`;
const DAY = 86_400_000;
const SUB_EVENTS = [
  'subscription.activated',
  'subscription.updated',
  'subscription.canceled',
  'subscription.paused',
];
const STATUSES = ['active', 'trialing', 'past_due', 'paused', 'canceled'];

const hex = (mac: Buffer) => mac.toString('hex');
const mac = (secret: string, ts: number, body: string) =>
  createHmac('sha256', secret).update(`${ts}:${body}`).digest();

export type SignatureKind =
  | 'valid'
  | 'valid, uppercase hex'
  | 'valid among a rotation'
  | 'wrong secret'
  | 'over another body'
  | 'stale'
  | 'future'
  | 'missing'
  | 'hostile'
  | 'five h1'
  | 'over 1024 characters'
  | 'ts not an integer'
  | 'h1 not hex';

/** What the service answers a signature of that kind: accepted, or the refusal's `reason`. */
export function signatureVerdict(kind: SignatureKind): 'ok' | 'signature' | 'timestamp' {
  if (kind.startsWith('valid')) return 'ok';
  return kind === 'stale' || kind === 'future' ? 'timestamp' : 'signature';
}

/** The `Paddle-Signature` header of that kind for `body` (null: no header). */
export function signatureFor(sig: SignatureCase, body: string): string | null {
  const { kind, skewSeconds } = sig;
  const secret = webhookSecret();
  const now = Math.floor(Date.now() / 1000);
  const good = hex(mac(secret, now, body));
  switch (kind) {
    case 'valid':
      return `ts=${now};h1=${good}`;
    case 'valid, uppercase hex':
      return `ts=${now};h1=${good.toUpperCase()}`;
    case 'valid among a rotation':
      return `ts=${now};h1=${hex(randomBytes(32))};h1=${good}`;
    case 'wrong secret':
      return `ts=${now};h1=${hex(mac(`${secret}x`, now, body))}`;
    case 'over another body':
      return `ts=${now};h1=${hex(mac(secret, now, `${body} `))}`;
    case 'stale':
    case 'future': {
      // more than the 5-minute replay window away, signed correctly for that time
      const ts = now + (kind === 'stale' ? -1 : 1) * (310 + skewSeconds);
      return `ts=${ts};h1=${hex(mac(secret, ts, body))}`;
    }
    case 'missing':
      return null;
    case 'hostile':
      return sig.hostile;
    case 'five h1':
      return `ts=${now};${Array.from({ length: 4 }, () => `h1=${hex(randomBytes(32))}`).join(';')};h1=${good}`;
    case 'over 1024 characters':
      return `ts=${now};h1=${good};pad=${'p'.repeat(1000)}`;
    case 'ts not an integer':
      return `ts=${now}.0;h1=${hex(mac(secret, now, body))}`;
    case 'h1 not hex':
      return `ts=${now};h1=${good.slice(0, 63)}g`;
  }
}

export interface SignatureCase {
  kind: SignatureKind;
  /** how far past the replay window a stale or future signature is */
  skewSeconds: number;
  /** the header of kind 'hostile' */
  hostile: string;
}

const signatureKind = fc.oneof(
  { weight: 4, arbitrary: fc.constant<SignatureKind>('valid') },
  {
    weight: 6,
    arbitrary: fc.constantFrom<SignatureKind>(
      'valid, uppercase hex',
      'valid among a rotation',
      'wrong secret',
      'over another body',
      'stale',
      'future',
      'missing',
      'hostile',
      'five h1',
      'over 1024 characters',
      'ts not an integer',
      'h1 not hex',
    ),
  },
);

export const signatureCase: fc.Arbitrary<SignatureCase> = fc.record({
  kind: signatureKind,
  skewSeconds: fc.integer({ min: 0, max: 86_400 * 400 }),
  hostile: headerString,
});

/**
 * An event about `userId` the service would act on if it took it: a subscription state or a
 * completed transaction naming the account in its custom data, on a price Cairn sells.
 */
function potentEvent(userId: string): fc.Arbitrary<string> {
  const envelope = (event_type: string, data: unknown, at: number) =>
    JSON.stringify({
      event_id: `evt_${randomBytes(13).toString('hex')}`,
      event_type,
      occurred_at: new Date(at).toISOString(),
      notification_id: `ntf_${randomBytes(13).toString('hex')}`,
      data,
    });
  const price = fc.constantFrom(PRO, PLUS);
  const subscription = fc
    .tuple(validOf(PaddleSubscription), fc.constantFrom(...STATUSES), price, fc.constantFrom(...SUB_EVENTS))
    .map(([s, status, p, type]) =>
      envelope(
        type,
        {
          ...(s as object),
          status,
          custom_data: { cairn_user_id: userId },
          items: [{ price: { id: p }, quantity: 1 }],
          current_billing_period: { ends_at: new Date(Date.now() + 30 * DAY).toISOString() },
        },
        Date.now(),
      ),
    );
  const transaction = fc.tuple(validOf(PaddleTransaction), price).map(([t, p]) =>
    envelope(
      'transaction.completed',
      {
        ...(t as object),
        status: 'completed',
        custom_data: { cairn_user_id: userId },
        items: [{ price: { id: p } }],
        billing_period: null,
      },
      Date.now(),
    ),
  );
  return fc.oneof(subscription, transaction);
}

export interface WebhookBody {
  what: string;
  text: string;
}

/** Every kind of body; `userId` is the account the potent events name. */
export function webhookBody(userId: string): fc.Arbitrary<WebhookBody> {
  const kind = (what: string, arb: fc.Arbitrary<string>) => arb.map((text) => ({ what, text }));
  return fc.oneof(
    { weight: 4, arbitrary: kind('potent event', potentEvent(userId)) },
    {
      weight: 2,
      arbitrary: kind(
        'any event',
        validOf(PaddleEvent).map((e) => JSON.stringify(e)),
      ),
    },
    {
      weight: 2,
      arbitrary: kind(
        'broken envelope',
        brokenOf(PaddleEvent).map((b) => b.text),
      ),
    },
    {
      weight: 2,
      arbitrary: kind(
        'broken subscription',
        fc
          .tuple(brokenOf(PaddleSubscription), fc.constantFrom(...SUB_EVENTS))
          .map(
            ([b, type]) =>
              `{"event_id":"evt_b${randomBytes(8).toString('hex')}","event_type":"${type}","occurred_at":"${new Date().toISOString()}","data":${b.text}}`,
          ),
      ),
    },
    { weight: 1, arbitrary: kind('garbage', hostileString) },
    {
      weight: 1,
      arbitrary: kind(
        'over 64 KiB',
        fc
          .integer({ min: ACCOUNT_BODY_MAX_BYTES + 1, max: ACCOUNT_BODY_MAX_BYTES + 200_000 })
          .map((n) => JSON.stringify({ event_id: 'evt_big', pad: 'x'.repeat(n) })),
      ),
    },
  );
}

/** What a delivery gets: accepted, refused with one of docs/billing.md's reasons, or the bare 413. */
export type PaddleVerdict = 'ok' | 'signature' | 'timestamp' | 'payload' | 'too large';

/**
 * What a body whose signature verifies gets: 200 when it is an event the service reads (the
 * envelope schema, and the entity of a handled type), else 400 with reason `payload`. Oversized
 * bodies never reach the signature (the bare 413), handled by the caller.
 */
export function payloadVerdict(text: string): 'ok' | 'payload' {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'payload';
  }
  const event = v.safeParse(PaddleEvent, json);
  if (!event.success) return 'payload';
  return eventUpdate(event.output) === undefined ? 'payload' : 'ok';
}
