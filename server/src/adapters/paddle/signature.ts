/**
 * Paddle Billing's webhook signature: `Paddle-Signature: ts=<unix seconds>;h1=<hex HMAC-SHA256>`
 * over `<ts>:<raw body>` keyed by the notification destination's secret. Several h1 values appear
 * while a secret rotates; any one verifying is enough. Compared with WebCrypto `verify` (constant
 * time), never with string equality.
 */

/** How far a signing time may be from now, either way (docs/billing.md: replay window). */
export const WEBHOOK_REPLAY_WINDOW_MS = 5 * 60 * 1000;

export type SignatureVerdict = { ok: true } | { ok: false; reason: 'signature' | 'timestamp' };

const encoder = new TextEncoder();

const hmacKey = (secret: string, usage: KeyUsage) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

export async function verifyPaddleSignature(
  secret: string,
  header: string | null,
  rawBody: string,
  nowMs: number,
): Promise<SignatureVerdict> {
  if (!header || header.length > 1024) return { ok: false, reason: 'signature' };
  let ts: string | null = null;
  const macs: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 'ts' && /^\d{1,12}$/.test(value)) ts = value;
    else if (name === 'h1') {
      const mac = fromHex(value);
      if (mac) macs.push(mac);
    }
  }
  if (ts === null || macs.length === 0 || macs.length > 4) return { ok: false, reason: 'signature' };
  if (Math.abs(nowMs - Number(ts) * 1000) > WEBHOOK_REPLAY_WINDOW_MS)
    return { ok: false, reason: 'timestamp' };
  const key = await hmacKey(secret, 'verify');
  const signed = encoder.encode(`${ts}:${rawBody}`);
  for (const mac of macs) {
    if (await crypto.subtle.verify('HMAC', key, mac, signed)) return { ok: true };
  }
  return { ok: false, reason: 'signature' };
}

/** The header Paddle would send for `rawBody` at `tsSeconds` (the fake provider and tests sign with it). */
export async function signPaddleWebhook(secret: string, rawBody: string, tsSeconds: number): Promise<string> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    encoder.encode(`${tsSeconds}:${rawBody}`),
  );
  return `ts=${tsSeconds};h1=${[...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function fromHex(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/i.test(text)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}
