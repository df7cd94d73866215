import { describe, expect, it } from 'vitest';
import { toBase64 } from '../../../src/sync/crypto/bytes';
import {
  acceptLinkAsSponsor,
  checkRevealAsSponsor,
  type LinkSession,
  openVaultKeyAsJoiner,
  revealLinkAsJoiner,
  sealVaultKeyForJoiner,
  startLinkAsJoiner,
} from '../../../src/sync/crypto/deviceLink';
import { generateVaultKey } from '../../../src/sync/crypto/keys';

const vaultId = '0b6f1c2a-8d7e-4a51-9f3b-2c4d5e6f7a8b';

function unwrap<T>(
  result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

function code(result: { ok: boolean; error?: { code: string } }): string | undefined {
  return result.ok ? undefined : result.error?.code;
}

/** The honest exchange, with every message passed through JSON as the relay stores it. */
function pair(): { joiner: LinkSession; sponsor: LinkSession } {
  const relay = <T>(message: T): unknown => JSON.parse(JSON.stringify(message));
  const start = startLinkAsJoiner();
  const accepted = unwrap(acceptLinkAsSponsor(relay(start.request)));
  const revealed = unwrap(revealLinkAsJoiner(start.pending, relay(accepted.accept)));
  const sponsor = unwrap(checkRevealAsSponsor(accepted.pending, relay(revealed.reveal)));
  return { joiner: revealed.session, sponsor };
}

describe('device linking', () => {
  it('shows the same 6-digit code on both devices and hands over the vault key', () => {
    const { joiner, sponsor } = pair();
    expect(joiner.code).toMatch(/^\d{6}$/);
    expect(joiner.code).toBe(sponsor.code);
    const vaultKey = generateVaultKey();
    const sealed = JSON.parse(JSON.stringify(sealVaultKeyForJoiner(sponsor, vaultId, vaultKey)));
    expect(openVaultKeyAsJoiner(joiner, sealed)).toEqual({ ok: true, value: { vaultId, vaultKey } });
  });

  it('a relay that substitutes its own keys gets different codes and cannot open the box', () => {
    // The relay runs one exchange with the joiner (as a sponsor) and one with the sponsor (as a joiner).
    const joinerStart = startLinkAsJoiner();
    const relayAsSponsor = unwrap(acceptLinkAsSponsor(joinerStart.request));
    const relayAsJoiner = startLinkAsJoiner();
    const realSponsor = unwrap(acceptLinkAsSponsor(relayAsJoiner.request));
    const joinerSide = unwrap(revealLinkAsJoiner(joinerStart.pending, relayAsSponsor.accept));
    const relayJoinerSide = unwrap(revealLinkAsJoiner(relayAsJoiner.pending, realSponsor.accept));
    const sponsorSide = unwrap(checkRevealAsSponsor(realSponsor.pending, relayJoinerSide.reveal));
    // Codes agree only by a 10^-6 accident; the user sees the mismatch and declines.
    expect(joinerSide.session.code).not.toBe(sponsorSide.code);
    const sealed = sealVaultKeyForJoiner(sponsorSide, vaultId, generateVaultKey());
    expect(code(openVaultKeyAsJoiner(joinerSide.session, sealed))).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('a reveal that does not match the commitment is refused (no code steering)', () => {
    const start = startLinkAsJoiner();
    const accepted = unwrap(acceptLinkAsSponsor(start.request));
    const forged = { version: 1, joinerNonce: toBase64(crypto.getRandomValues(new Uint8Array(32))) };
    expect(code(checkRevealAsSponsor(accepted.pending, forged))).toBe('LINK_COMMITMENT_MISMATCH');
  });

  it('the sealed key is bound to the vault id', () => {
    const { joiner, sponsor } = pair();
    const sealed = sealVaultKeyForJoiner(sponsor, vaultId, generateVaultKey());
    const relabelled = { ...sealed, vaultId: vaultId.replace('0b', '0c') };
    expect(code(openVaultKeyAsJoiner(joiner, relabelled))).toBe('CRYPTO_DECRYPT_FAILED');
  });

  it('refuses a low-order public key', () => {
    const start = startLinkAsJoiner();
    const zeroKey = { version: 1, sponsorPublicKey: toBase64(new Uint8Array(32)) };
    expect(code(revealLinkAsJoiner(start.pending, zeroKey))).toBe('CRYPTO_INPUT_INVALID');
  });

  it.each([
    ['request', () => acceptLinkAsSponsor({ version: 1, joinerPublicKey: 'AAAA', commitment: 'AAAA' })],
    ['request version', () => acceptLinkAsSponsor({ ...startLinkAsJoiner().request, version: 2 })],
    ['accept', () => revealLinkAsJoiner(startLinkAsJoiner().pending, null)],
    [
      'sealed key',
      () => openVaultKeyAsJoiner(pair().joiner, { version: 1, vaultId, nonce: '', ciphertext: '' }),
    ],
  ])('refuses a malformed %s', (_name, run) => {
    expect(code(run())).toBe('CRYPTO_ENVELOPE_MALFORMED');
  });
});
