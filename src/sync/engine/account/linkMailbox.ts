import { decodeLinkMessage, encodeLinkMessage, type LinkMessage } from '../../crypto';
import type { KeyClaimResponse } from '../../protocol/keys';
import type { SyncResult } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/** One link message as claimed from the service's key mailbox, with who wrote it and when. */
export interface MailboxMessage {
  from: string;
  at: number;
  message: LinkMessage;
}

/**
 * The service's sealed-key mailbox (`POST /keys/handoff`, `POST /keys/claim`) as a link-message
 * channel (docs/keys.md section 8). A claim removes the messages from the service; anything that
 * is not a readable link message is dropped (a relay can only make a pairing fail, never steer it).
 */
export function createLinkMailbox(call: SyncCall, vaultId: string) {
  return {
    send(to: string, message: LinkMessage): Promise<SyncResult<unknown>> {
      return call('POST', '/keys/handoff', {
        body: { toDeviceId: to, vaultId, sealedKey: encodeLinkMessage(message) },
      });
    },
    async claim(): Promise<SyncResult<MailboxMessage[]>> {
      const res = await call<KeyClaimResponse>('POST', '/keys/claim');
      if (!res.ok) return res;
      const out: MailboxMessage[] = [];
      for (const h of res.value.handoffs) {
        const decoded = decodeLinkMessage(h.sealedKey);
        if (decoded.ok) out.push({ from: h.fromDeviceId, at: h.createdAt, message: decoded.value });
      }
      return { ok: true, value: out };
    },
  };
}

export type LinkMailbox = ReturnType<typeof createLinkMailbox>;
