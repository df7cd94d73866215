import type { SponsorView } from '../../sync/engine/account/sponsorLink';
import type { BindingChoice } from '../../sync/engine/binding/bindingFlow';
import type { CheckoutTokenResponse, PortalSessionResponse } from '../../sync/protocol/billing';
import type { DeviceInfo } from '../../sync/protocol/devices';
import type { BillingReport } from '../../sync/protocol/plans';
import type { VaultDb } from '../db/schema';
import type { JoinerScreen } from './accountScreens';
import type { FileTransferState } from './attachmentSync';
import { syncOf } from './attachSync';
import type { SyncDiagnostics } from './diagnosticsLog';
import type { SetUpAnswer, SyncController, SyncState } from './syncController';

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** vaultApi's `sync` namespace: what the sync UI may ask of the worker (through Comlink). */
export interface SyncApi {
  state(): Promise<SyncState | null>;
  /** `listener` must be a Comlink proxy; called with every new state */
  onState(listener: (s: SyncState) => void): Promise<void>;
  setServiceUrl(url: string): Promise<Answer<null>>;
  requestCode(email: string): Promise<Answer<{ devCode?: string }>>;
  signIn(email: string, code: string, deviceName: string): Promise<Answer<SyncState['setup']>>;
  /** the identity provider the service offers (null: none), with the URL that starts its sign-in */
  oauthOffer(redirectUri: string): Promise<{ name: string; url: string } | null>;
  /** signs in with the one-time setup token the identity provider's round trip brought back */
  signInWithSetupToken(setupToken: string, deviceName: string): Promise<Answer<SyncState['setup']>>;
  setUp(): Promise<Answer<SetUpAnswer>>;
  /** the answer to the one-time binding question (spec 3.5): sync, merge or local */
  choose(choice: BindingChoice): Promise<Answer<SetUpAnswer | { kind: 'local' }>>;
  restore(recoveryKey: string): Promise<Answer<null>>;
  /** the recovery key again (after the UI's confirmation); RECOVERY_KEY_UNAVAILABLE when no copy exists */
  showRecoveryKey(): Promise<Answer<string>>;
  /** a new recovery key for the same vault key: the old one stops restoring */
  newRecoveryKey(): Promise<Answer<string>>;
  signOut(): Promise<void>;
  syncNow(): Promise<void>;
  /** pauses this vault's sync on this device until `resume` (spec 3.8); edits keep queueing */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** plan, status, limits, usage and expiry (GET /auth/billing) */
  billing(): Promise<Answer<BillingReport>>;
  /** Upgrade: a short-lived token for the pricing page's URL fragment, and that page */
  checkoutToken(): Promise<Answer<CheckoutTokenResponse>>;
  /** after Upgrade: the plan once a completed checkout is provisioned (or as it is) */
  reconcile(): Promise<Answer<BillingReport>>;
  /** Manage billing: a temporary customer portal link, opened at once and never kept */
  portalSession(): Promise<Answer<PortalSessionResponse>>;
  /** the account's live devices, this one marked `current` */
  devices(): Promise<Answer<DeviceInfo[]>>;
  revokeDevice(deviceId: string): Promise<Answer<unknown>>;
  /** "Link a new device" on a signed-in device: poll about once a second while shown */
  sponsorStart(): Promise<Answer<SponsorView>>;
  sponsorPoll(): Promise<Answer<SponsorView>>;
  /** after the user saw the new device accept the code */
  sponsorSend(): Promise<Answer<SponsorView>>;
  sponsorStop(): Promise<void>;
  /** "Link with another device" on a new device that needs the vault key */
  joinStart(): Promise<Answer<JoinerScreen>>;
  joinPoll(): Promise<Answer<JoinerScreen>>;
  joinCode(code: string): Promise<Answer<JoinerScreen>>;
  joinStop(): Promise<void>;
  /** the page became visible: a parked outbox polls the client policy and resumes by itself */
  foreground(): Promise<void>;
  /**
   * Where a file's bytes are (issue 15 part 5); with `open`, the file view asks for them (fetched
   * first; `force` also when downloads are set to never). Null while sync is not running.
   */
  fileState(fileId: string, open?: 'open' | 'force'): Promise<FileTransferState | null>;
  /** the local diagnostics log (push lag, edit-to-device latency); null when sync is not attached */
  diagnostics(): Promise<SyncDiagnostics | null>;
  /** empties the diagnostics log of this vault */
  clearDiagnostics(): Promise<void>;
}

const NOT_ATTACHED = {
  ok: false as const,
  error: { code: 'SYNC_UNAVAILABLE', message: 'sync is not attached to this vault' },
};

export function createSyncApi(db: VaultDb): SyncApi {
  const c = (): SyncController | null => syncOf(db);
  return {
    state: async () => (await c()?.state()) ?? null,
    async onState(listener) {
      const controller = c();
      if (!controller) return;
      controller.onState(listener);
      listener(await controller.state());
    },
    setServiceUrl: async (url) => (await c()?.setServiceUrl(url)) ?? NOT_ATTACHED,
    requestCode: async (email) => (await c()?.requestCode(email)) ?? NOT_ATTACHED,
    signIn: async (email, code, name) => (await c()?.signIn(email, code, name)) ?? NOT_ATTACHED,
    oauthOffer: async (redirectUri) => (await c()?.oauthOffer(redirectUri)) ?? null,
    signInWithSetupToken: async (token, name) =>
      (await c()?.signInWithSetupToken(token, name)) ?? NOT_ATTACHED,
    setUp: async () => (await c()?.setUp()) ?? NOT_ATTACHED,
    choose: async (choice) => (await c()?.choose(choice)) ?? NOT_ATTACHED,
    restore: async (key) => (await c()?.restore(key)) ?? NOT_ATTACHED,
    showRecoveryKey: async () => (await c()?.showRecoveryKey()) ?? NOT_ATTACHED,
    newRecoveryKey: async () => (await c()?.newRecoveryKey()) ?? NOT_ATTACHED,
    signOut: async () => {
      await c()?.signOut();
    },
    syncNow: async () => {
      await c()?.syncNow();
    },
    pause: async () => {
      await c()?.pause();
    },
    resume: async () => {
      await c()?.resume();
    },
    billing: async () => (await c()?.account.billing()) ?? NOT_ATTACHED,
    checkoutToken: async () => (await c()?.account.checkoutToken()) ?? NOT_ATTACHED,
    reconcile: async () => (await c()?.account.reconcile()) ?? NOT_ATTACHED,
    portalSession: async () => (await c()?.account.portalSession()) ?? NOT_ATTACHED,
    devices: async () => (await c()?.account.devices()) ?? NOT_ATTACHED,
    revokeDevice: async (id) => (await c()?.account.revoke(id)) ?? NOT_ATTACHED,
    sponsorStart: async () => (await c()?.account.sponsorStart()) ?? NOT_ATTACHED,
    sponsorPoll: async () => (await c()?.account.sponsorPoll()) ?? NOT_ATTACHED,
    sponsorSend: async () => (await c()?.account.sponsorSend()) ?? NOT_ATTACHED,
    sponsorStop: async () => c()?.account.sponsorStop(),
    joinStart: async () => (await c()?.account.joinStart()) ?? NOT_ATTACHED,
    joinPoll: async () => (await c()?.account.joinPoll()) ?? NOT_ATTACHED,
    joinCode: async (code) => (await c()?.account.joinCode(code)) ?? NOT_ATTACHED,
    joinStop: async () => c()?.account.joinStop(),
    foreground: async () => {
      c()?.foreground();
    },
    fileState: async (fileId, open) => {
      const files = c()?.files;
      if (!files) return null;
      return open ? files.open(fileId, open === 'force') : files.state(fileId);
    },
    diagnostics: async () => (await c()?.diagnostics.read()) ?? null,
    clearDiagnostics: async () => {
      await c()?.diagnostics.clear();
    },
  };
}
