import { describe, expect, it } from 'vitest';
import {
  acceptLinkAsSponsor,
  checkRevealAsSponsor,
  openVaultKeyAsJoiner,
  revealLinkAsJoiner,
  sealVaultKeyForJoiner,
  startLinkAsJoiner,
} from '../../../src/sync/crypto/deviceLink';
import { generateVaultKey } from '../../../src/sync/crypto/keys';
import { decodeLinkMessage, encodeLinkMessage, type LinkMessage } from '../../../src/sync/crypto/linkMessage';

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A mailbox as the server keeps it: strings of at most 4096 characters. */
function relay(message: LinkMessage): LinkMessage {
  const text = encodeLinkMessage(message);
  expect(text.length).toBeLessThanOrEqual(4096);
  return unwrap(decodeLinkMessage(text));
}

describe('link messages through the key mailbox', () => {
  it('carry a whole pairing', () => {
    const start = startLinkAsJoiner();
    const request = relay({ step: 'request', ...start.request });
    const accepted = unwrap(acceptLinkAsSponsor(request));
    const accept = relay({ step: 'accept', ...accepted.accept });
    const revealed = unwrap(revealLinkAsJoiner(start.pending, accept));
    const sponsor = unwrap(
      checkRevealAsSponsor(accepted.pending, relay({ step: 'reveal', ...revealed.reveal })),
    );
    expect(sponsor.code).toBe(revealed.session.code);
    const vaultKey = generateVaultKey();
    const sealed = relay({ step: 'sealed', ...sealVaultKeyForJoiner(sponsor, 'vault-1', vaultKey) });
    expect(unwrap(openVaultKeyAsJoiner(revealed.session, sealed)).vaultKey).toEqual(vaultKey);
  });

  it.each(['***', btoa('not json'), btoa('{"step":"other"}'), btoa('null')])('refuses %j', (text) => {
    expect(decodeLinkMessage(text).ok).toBe(false);
  });
});
