import {
  acceptLinkAsSponsor,
  checkRevealAsSponsor,
  type LinkSession,
  type SponsorPending,
  sealVaultKeyForJoiner,
} from '../../crypto';
import { type SyncResult, syncFail, syncOk } from '../http/syncError';
import type { LinkMailbox } from './linkMailbox';

/** What the signed-in device's "Link a new device" screen shows. */
export type SponsorView =
  | { phase: 'waiting' }
  | { phase: 'exchanging' }
  /** show `code`; send the key only once the new device accepted it */
  | { phase: 'code'; code: string }
  | { phase: 'sent' };

/**
 * How long before this screen opened a link request may have been sent: as long as the new
 * device's screen waits for an answer (createLinkPoll gives up after 5 minutes). The new device
 * asks once, and its screen tells the user to open this one afterwards, which takes a person far
 * more than a few seconds (a 5 s window here made that order fail). Older requests are left by
 * abandoned attempts; of several fresh ones the newest is answered.
 */
export const LINK_REQUEST_MAX_AGE_MS = 5 * 60_000;

/**
 * The sponsor's half of device linking (docs/keys.md section 8): answers the first fresh link
 * request with its X25519 key, checks the joiner's reveal against its commitment, shows the
 * 6-digit code, and seals the vault key ONLY when the user says the new device accepted the code
 * (the user's eyes are what defeat a relay in the middle: a confirmation sent by the joiner could
 * be forged by that relay).
 */
export function createSponsorLink(
  mailbox: LinkMailbox,
  vault: { vaultId: string; vaultKey: Uint8Array },
  startedAt: number,
) {
  let pending: { peer: string; sponsor: SponsorPending } | null = null;
  let session: { peer: string; session: LinkSession } | null = null;
  let sent = false;

  const view = (): SponsorView =>
    sent
      ? { phase: 'sent' }
      : session
        ? { phase: 'code', code: session.session.code }
        : pending
          ? { phase: 'exchanging' }
          : { phase: 'waiting' };

  return {
    /** One mailbox round; call about once a second while the screen is open. */
    async poll(): Promise<SyncResult<SponsorView>> {
      if (sent || session) return syncOk(view());
      const claimed = await mailbox.claim();
      if (!claimed.ok) return claimed;
      const newestFirst = [...claimed.value].sort((x, y) => y.at - x.at);
      for (const { from, at, message } of newestFirst) {
        if (message.step === 'request' && !pending && at >= startedAt - LINK_REQUEST_MAX_AGE_MS) {
          const accepted = acceptLinkAsSponsor(message);
          if (!accepted.ok) continue;
          const res = await mailbox.send(from, { step: 'accept', ...accepted.value.accept });
          if (!res.ok) return res;
          pending = { peer: from, sponsor: accepted.value.pending };
        } else if (message.step === 'reveal' && pending && from === pending.peer) {
          const checked = checkRevealAsSponsor(pending.sponsor, message);
          if (!checked.ok) return syncFail({ ...checked.error, status: 0 });
          session = { peer: from, session: checked.value };
        }
      }
      return syncOk(view());
    },
    /** The user confirmed that the new device accepted the code: seal and send the vault key. */
    async sendKey(): Promise<SyncResult<SponsorView>> {
      if (!session)
        return syncFail({ code: 'LINK_NOT_READY', message: 'no new device has answered yet', status: 0 });
      const sealed = sealVaultKeyForJoiner(session.session, vault.vaultId, vault.vaultKey);
      const res = await mailbox.send(session.peer, { step: 'sealed', ...sealed });
      if (!res.ok) return res;
      sent = true;
      return syncOk(view());
    },
  };
}

export type SponsorLink = ReturnType<typeof createSponsorLink>;
