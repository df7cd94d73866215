import { describe, expect, it } from 'vitest';
import { type LinkMessage, startLinkAsJoiner } from '../../../src/sync/crypto';
import type { LinkMailbox, MailboxMessage } from '../../../src/sync/engine/account/linkMailbox';
import { createSponsorLink, LINK_REQUEST_MAX_AGE_MS } from '../../../src/sync/engine/account/sponsorLink';

// The signed-in device's half of linking, against a mailbox that holds what the new devices sent.
// The new device asks once and tells its user to open "Link a new device" afterwards, so the
// request is usually older than the sponsor's screen (the three-device e2e met this on a loaded
// machine: the screen waited forever for a request sent 5+ seconds before it opened).

const OPENED = 10_000_000;

function mailboxOf(messages: MailboxMessage[]) {
  const sent: { to: string; message: LinkMessage }[] = [];
  const mailbox: LinkMailbox = {
    async send(to, message) {
      sent.push({ to, message });
      return { ok: true, value: {} };
    },
    async claim() {
      return { ok: true, value: messages.splice(0) };
    },
  };
  return { mailbox, sent };
}

const request = (from: string, at: number): MailboxMessage => ({
  from,
  at,
  message: { step: 'request', ...startLinkAsJoiner().request },
});

const sponsor = (mailbox: LinkMailbox) =>
  createSponsorLink(mailbox, { vaultId: 'vault-1', vaultKey: new Uint8Array(32).fill(7) }, OPENED);

describe('the sponsor answers a link request sent before its screen opened', () => {
  it('answers a request a minute old (the user walked to this device)', async () => {
    const { mailbox, sent } = mailboxOf([request('new-device', OPENED - 60_000)]);
    const view = await sponsor(mailbox).poll();
    expect(view).toEqual({ ok: true, value: { phase: 'exchanging' } });
    expect(sent.map((s) => [s.to, s.message.step])).toEqual([['new-device', 'accept']]);
  });

  it('of an abandoned attempt and a live one, answers the newest', async () => {
    const { mailbox, sent } = mailboxOf([
      request('abandoned', OPENED - 120_000),
      request('live', OPENED - 20_000),
    ]);
    await sponsor(mailbox).poll();
    expect(sent.map((s) => s.to)).toEqual(['live']);
  });

  it('ignores a request older than the new device waits', async () => {
    const { mailbox, sent } = mailboxOf([request('gone', OPENED - LINK_REQUEST_MAX_AGE_MS - 1)]);
    expect(await sponsor(mailbox).poll()).toEqual({ ok: true, value: { phase: 'waiting' } });
    expect(sent).toEqual([]);
  });
});
