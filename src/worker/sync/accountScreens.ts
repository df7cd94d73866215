import type { VaultKeyRecord } from '../../sync/crypto';
import {
  checkoutToken,
  listDevices,
  portalSession,
  readBilling,
  reconcileBilling,
  revokeDevice,
} from '../../sync/engine/account/accountCalls';
import { createJoinerLink, type JoinerLink, type JoinerView } from '../../sync/engine/account/joinerLink';
import { createLinkMailbox } from '../../sync/engine/account/linkMailbox';
import { createSponsorLink, type SponsorLink, type SponsorView } from '../../sync/engine/account/sponsorLink';
import type { SyncError, SyncResult } from '../../sync/engine/http/syncError';
import type { SyncCall } from '../../sync/engine/http/syncHttp';
import type { CheckoutTokenResponse, PortalSessionResponse } from '../../sync/protocol/billing';
import type { DeviceInfo } from '../../sync/protocol/devices';
import type { BillingReport } from '../../sync/protocol/plans';

type Answer<T> = { ok: true; value: T } | { ok: false; error: SyncError };

/** What the joiner screen may show: the key itself stays in the worker. */
export type JoinerScreen = Exclude<JoinerView, { phase: 'received' }> | { phase: 'received' };

export interface AccountScreenDeps {
  call: () => Promise<SyncCall>;
  now: () => number;
  /** this vault's sync uuid and key, once set up (the sponsor hands them on) */
  vault: () => Promise<{ vaultId: string; vaultKey: Uint8Array } | null>;
  /** the account vault's key record (needs_key state), fetched again after a reload */
  record: () => Promise<SyncResult<VaultKeyRecord>>;
  /** stores a key received from a linked device and starts sync */
  adoptKey: (vaultId: string, vaultKey: Uint8Array) => Promise<void>;
  /** what a plan read says sync may do: the engine's negative paid-cache follows it (spec 8.3) */
  planChanged: (syncAllowed: boolean) => void;
}

const notReady = {
  ok: false as const,
  error: { code: 'LINK_NOT_STARTED', message: 'start linking first', status: 0 },
};

/**
 * The account screens of Settings → Sync (issue 7 part 8): plan and usage, the device list with
 * revoke, and both sides of linking a device. Link sessions live in this worker's memory: a
 * reload abandons them (nothing half-done is persisted; the user starts again).
 */
export function createAccountScreens(deps: AccountScreenDeps) {
  let sponsor: SponsorLink | null = null;
  let joiner: JoinerLink | null = null;

  const screen = async (res: SyncResult<JoinerView>): Promise<Answer<JoinerScreen>> => {
    if (!res.ok) return res;
    if (res.value.phase !== 'received') return res;
    await deps.adoptKey(res.value.vaultId, res.value.vaultKey);
    joiner = null;
    return { ok: true, value: { phase: 'received' } };
  };

  return {
    async billing(): Promise<Answer<BillingReport>> {
      const res = await readBilling(await deps.call());
      if (res.ok) deps.planChanged(res.value.syncAllowed);
      return res;
    },
    /** after Upgrade: provisions from a completed checkout the webhook has not delivered yet */
    async reconcile(): Promise<Answer<BillingReport>> {
      const res = await reconcileBilling(await deps.call());
      if (!res.ok) return res;
      deps.planChanged(res.value.billing.syncAllowed);
      return { ok: true, value: res.value.billing };
    },
    checkoutToken: async (): Promise<Answer<CheckoutTokenResponse>> => checkoutToken(await deps.call()),
    portalSession: async (): Promise<Answer<PortalSessionResponse>> => portalSession(await deps.call()),
    devices: async (): Promise<Answer<DeviceInfo[]>> => listDevices(await deps.call()),
    revoke: async (deviceId: string): Promise<Answer<unknown>> => revokeDevice(await deps.call(), deviceId),

    async sponsorStart(): Promise<Answer<SponsorView>> {
      const vault = await deps.vault();
      if (!vault)
        return { ok: false, error: { code: 'SYNC_NOT_READY', message: 'set up sync first', status: 0 } };
      sponsor = createSponsorLink(createLinkMailbox(await deps.call(), vault.vaultId), vault, deps.now());
      return sponsor.poll();
    },
    sponsorPoll: async (): Promise<Answer<SponsorView>> => (sponsor ? sponsor.poll() : notReady),
    sponsorSend: async (): Promise<Answer<SponsorView>> => (sponsor ? sponsor.sendKey() : notReady),
    sponsorStop() {
      sponsor = null;
    },

    async joinStart(): Promise<Answer<JoinerScreen>> {
      const record = await deps.record();
      if (!record.ok) return record;
      const call = await deps.call();
      joiner = createJoinerLink(call, createLinkMailbox(call, record.value.vaultId), record.value);
      return screen(await joiner.start());
    },
    joinPoll: async (): Promise<Answer<JoinerScreen>> => (joiner ? screen(await joiner.poll()) : notReady),
    joinCode: async (code: string): Promise<Answer<JoinerScreen>> =>
      joiner ? screen(joiner.enterCode(code)) : notReady,
    joinStop() {
      joiner = null;
    },
  };
}

export type AccountScreens = ReturnType<typeof createAccountScreens>;
