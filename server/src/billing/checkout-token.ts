import { fromBase64Url, toBase64Url } from '../bootstrap/base64url';

/**
 * The checkout token (spec 4, "Billing flow"): the app puts it in the URL fragment of the pricing
 * page, which trades it at `POST /billing/checkout` for a provider checkout whose custom data
 * carries the user id. It names the user and expires soon; it grants nothing else.
 * `<base64url JSON {v, typ, userId, iat, exp}>.<base64url HMAC-SHA256>`, keyed by a key derived
 * from the token secret for this purpose alone (an access token can never pass as one).
 */
export const CHECKOUT_TOKEN_TTL_SECONDS = 30 * 60;

interface CheckoutClaims {
  v: 1;
  typ: 'checkout';
  userId: string;
  iat: number;
  exp: number;
}

const encoder = new TextEncoder();

async function checkoutKey(tokenSecret: string): Promise<CryptoKey> {
  const root = await crypto.subtle.importKey(
    'raw',
    encoder.encode(tokenSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const derived = await crypto.subtle.sign('HMAC', root, encoder.encode('cairn checkout token v1'));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function issueCheckoutToken(
  tokenSecret: string,
  userId: string,
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(nowMs / 1000);
  const claims: CheckoutClaims = {
    v: 1,
    typ: 'checkout',
    userId,
    iat,
    exp: iat + CHECKOUT_TOKEN_TTL_SECONDS,
  };
  const payload = toBase64Url(encoder.encode(JSON.stringify(claims)));
  const mac = await crypto.subtle.sign('HMAC', await checkoutKey(tokenSecret), encoder.encode(payload));
  return { token: `${payload}.${toBase64Url(new Uint8Array(mac))}`, expiresAt: claims.exp * 1000 };
}

/** The user id of a valid, unexpired token; null otherwise. Constant-time MAC check; never throws. */
export async function readCheckoutToken(
  tokenSecret: string,
  token: string,
  nowMs: number,
): Promise<string | null> {
  const m = /^([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const mac = m ? fromBase64Url(m[2] as string) : null;
  const body = m ? fromBase64Url(m[1] as string) : null;
  if (!m || !mac || !body) return null;
  if (!(await crypto.subtle.verify('HMAC', await checkoutKey(tokenSecret), mac, encoder.encode(m[1]))))
    return null;
  try {
    const c = JSON.parse(new TextDecoder().decode(body)) as Partial<CheckoutClaims>;
    if (c.v !== 1 || c.typ !== 'checkout' || typeof c.userId !== 'string' || !Number.isSafeInteger(c.exp))
      return null;
    return (c.exp as number) * 1000 > nowMs ? c.userId : null;
  } catch {
    return null;
  }
}
