import { fromBase64, toBase64, utf8 } from './bytes';
import { canonicalJson } from './canonicalJson';
import { type CryptoResult, cryptoFail, cryptoOk } from './cryptoError';
import type { LinkAccept, LinkRequest, LinkReveal, LinkSealedVaultKey } from './deviceLink';

/**
 * The four device-link messages ride the server's sealed-key mailbox (`POST /keys/handoff` with
 * `sealedKey`, read by `POST /keys/claim`) as base64 of canonical JSON with a `step` tag. The
 * mailbox carries only public keys, a commitment, a nonce and ciphertext; the relay learns
 * nothing it could use, and the comparison code defeats one that tampers (deviceLink.ts).
 */
export type LinkMessage =
  | ({ step: 'request' } & LinkRequest)
  | ({ step: 'accept' } & LinkAccept)
  | ({ step: 'reveal' } & LinkReveal)
  | ({ step: 'sealed' } & LinkSealedVaultKey);

const STEPS = ['request', 'accept', 'reveal', 'sealed'] as const;

export function encodeLinkMessage(message: LinkMessage): string {
  return toBase64(utf8(canonicalJson({ ...message })));
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The message with its step checked; the fields are validated by the deviceLink function that
 * consumes it, which never throws on bad input.
 */
export function decodeLinkMessage(text: string): CryptoResult<LinkMessage> {
  const bytes = fromBase64(text);
  if (!bytes) return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'link message is not base64');
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'link message is not UTF-8 JSON');
  }
  const step = (value as { step?: unknown } | null)?.step;
  if (typeof step !== 'string' || !(STEPS as readonly string[]).includes(step)) {
    return cryptoFail('CRYPTO_ENVELOPE_MALFORMED', 'link message has no known step', 'step');
  }
  return cryptoOk(value as LinkMessage);
}
