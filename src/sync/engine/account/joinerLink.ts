import {
  type JoinerPending,
  type LinkSealedVaultKey,
  type LinkSession,
  openVaultKeyAsJoiner,
  revealLinkAsJoiner,
  startLinkAsJoiner,
  type VaultKeyRecord,
  vaultKeyMatchesRecord,
} from '../../crypto';
import type { DeviceListResponse } from '../../protocol/devices';
import { type SyncResult, syncFail, syncOk } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';
import type { LinkMailbox } from './linkMailbox';

/** What the new device's "Link with another device" screen shows. */
export type JoinerView =
  /** asked the account's other devices; waiting for one to open "Link a new device" */
  | { phase: 'asking' }
  /** keys exchanged: type the code the other device shows */
  | { phase: 'enter_code' }
  /** the typed code matched: waiting for the other device to send the key */
  | { phase: 'confirmed' }
  | { phase: 'received'; vaultId: string; vaultKey: Uint8Array };

const fail = (code: string, message: string) => syncFail<never>({ code, message, status: 0 });

/**
 * The new device's half of device linking (docs/keys.md section 8). It asks every other live
 * device of the account (the user opens "Link a new device" on one of them), reveals its nonce to
 * the first that answers, and opens the sealed vault key only after the user typed the code that
 * device shows and it matched this side's code; the key must then match the vault's key record.
 */
export function createJoinerLink(call: SyncCall, mailbox: LinkMailbox, record: VaultKeyRecord) {
  let pending: JoinerPending | null = null;
  let session: { peer: string; session: LinkSession } | null = null;
  let confirmed = false;
  let sealed: LinkSealedVaultKey | null = null;
  let received: { vaultId: string; vaultKey: Uint8Array } | null = null;

  const view = (): JoinerView =>
    received
      ? { phase: 'received', ...received }
      : confirmed
        ? { phase: 'confirmed' }
        : session
          ? { phase: 'enter_code' }
          : { phase: 'asking' };

  function open(): SyncResult<JoinerView> {
    if (!session || !confirmed || !sealed) return syncOk(view());
    const opened = openVaultKeyAsJoiner(session.session, sealed);
    if (!opened.ok) return fail(opened.error.code, opened.error.message);
    if (opened.value.vaultId !== record.vaultId || !vaultKeyMatchesRecord(record, opened.value.vaultKey))
      return fail('DEVICE_KEY_MISMATCH', 'the key received does not open this account’s vault');
    received = opened.value;
    return syncOk(view());
  }

  return {
    async start(): Promise<SyncResult<JoinerView>> {
      const listed = await call<DeviceListResponse>('GET', '/devices');
      if (!listed.ok) return listed;
      const others = listed.value.devices.filter((d) => !d.current);
      if (others.length === 0)
        return fail('LINK_NO_OTHER_DEVICE', 'no other device is signed in to this account');
      const started = startLinkAsJoiner();
      pending = started.pending;
      for (const d of others) {
        const res = await mailbox.send(d.deviceId, { step: 'request', ...started.request });
        if (!res.ok) return res;
      }
      return syncOk(view());
    },
    async poll(): Promise<SyncResult<JoinerView>> {
      if (received || !pending) return syncOk(view());
      const claimed = await mailbox.claim();
      if (!claimed.ok) return claimed;
      for (const { from, message } of claimed.value) {
        if (message.step === 'accept' && !session) {
          const revealed = revealLinkAsJoiner(pending, message);
          if (!revealed.ok) continue;
          const res = await mailbox.send(from, { step: 'reveal', ...revealed.value.reveal });
          if (!res.ok) return res;
          session = { peer: from, session: revealed.value.session };
        } else if (message.step === 'sealed' && session && from === session.peer) {
          sealed = message;
        }
      }
      return open();
    },
    /** The code the user typed from the other device's screen (spaces ignored). */
    enterCode(typed: string): SyncResult<JoinerView> {
      if (!session) return fail('LINK_NOT_READY', 'the other device has not answered yet');
      if (typed.replace(/\s/g, '') !== session.session.code) {
        // abandoned: a pairing whose codes differ may have a relay in the middle
        pending = null;
        session = null;
        return fail(
          'LINK_CODE_MISMATCH',
          'that code does not match: check that you are linking your own device, and start again',
        );
      }
      confirmed = true;
      return open();
    },
  };
}

export type JoinerLink = ReturnType<typeof createJoinerLink>;
