import * as v from 'valibot';
import { PaddleEvent } from '../../../server/src/adapters/paddle/entities';
import { PresignBatchRequest } from '../../../src/sync/protocol/attachments';
import {
  NativeIdTokenRequest,
  OAuthSignInRequest,
  OtpRequest,
  RefreshRequest,
  SignInRequest,
  SignOutRequest,
} from '../../../src/sync/protocol/auth';
import { CheckoutRequest, ReconcileRequest } from '../../../src/sync/protocol/billing';
import { DevEntitlementRequest } from '../../../src/sync/protocol/billing-dev';
import { BootstrapTokenRequest } from '../../../src/sync/protocol/bootstrap';
import {
  CrdtSnapshotBatch,
  CrdtSnapshotPush,
  CrdtUpdatePush,
  CrdtUpdatesBatchRequest,
} from '../../../src/sync/protocol/crdt';
import {
  DevAgeBootstrapRequest,
  DevClientPolicyRequest,
  DevLoseBlobRequest,
  DevPackResetRequest,
  DevPresignRequest,
  DevPurgeRequest,
  DevRateWindowRequest,
  DevReclaimRequest,
  DevSnapshotSizeRequest,
  DevTamperChunkRequest,
} from '../../../src/sync/protocol/dev-tools';
import { RevokeDeviceRequest } from '../../../src/sync/protocol/devices';
import type { ErrorCode } from '../../../src/sync/protocol/errors';
import { KeyHandoffRequest, KeyVerifierPut } from '../../../src/sync/protocol/keys';
import { PullRequest } from '../../../src/sync/protocol/pull';
import { PushEnvelope, PushItem } from '../../../src/sync/protocol/push';
import { RegisterVaultRequest, VaultIconRequest } from '../../../src/sync/protocol/vaults';

/**
 * Every JSON-body route of the service, with the shared schema its body is generated from and the
 * codes a refusal may carry there (besides VALIDATION_ERROR and RATE_LIMITED, allowed everywhere;
 * a bare 413 is the spec's body-size refusal). Who sends: `account` (the seeded account, data
 * routes), `public` (no session). `valid: false`: only broken bodies are sent (a valid one would
 * change state shared with other tests, e.g. the global client policy of a platform).
 * `perItem`: the envelope takes any items and each is judged alone, so a broken item is a
 * `rejected[]` entry in a 200, never stored.
 */
export interface BodyRoute {
  method: 'POST' | 'PUT';
  path: string;
  schema: v.GenericSchema;
  who: 'account' | 'public';
  codes: ErrorCode[];
  valid?: false;
  perItem?: 'push' | 'snapshots';
}

/** An envelope whose `unknown[]` field is read item by item with `item` (validate-item.ts, crdt.ts). */
function withItems<K extends string>(
  envelope: v.ObjectSchema<v.ObjectEntries, undefined> | v.StrictObjectSchema<v.ObjectEntries, undefined>,
  key: K,
  item: v.GenericSchema,
): v.GenericSchema {
  const field = envelope.entries[key] as unknown as { pipe: unknown[] };
  // the same bounds (min and max length) as the envelope's own array
  const actions = field.pipe.slice(1) as [];
  return v.object({ ...envelope.entries, [key]: v.pipe(v.array(item), ...actions) });
}

export const BODY_ROUTES: BodyRoute[] = [
  {
    method: 'POST',
    path: '/sync/push',
    schema: withItems(PushEnvelope, 'items', PushItem),
    who: 'account',
    codes: [],
    perItem: 'push',
  },
  { method: 'POST', path: '/sync/pull', schema: PullRequest, who: 'account', codes: [] },
  { method: 'POST', path: '/sync/crdt/updates', schema: CrdtUpdatePush, who: 'account', codes: [] },
  {
    method: 'POST',
    path: '/sync/crdt/updates/batch',
    schema: CrdtUpdatesBatchRequest,
    who: 'account',
    codes: [],
  },
  {
    method: 'POST',
    path: '/sync/crdt/snapshot',
    schema: CrdtSnapshotPush,
    who: 'account',
    codes: ['SYNC_INVALID_SIGNATURE', 'SNAPSHOT_REVISION_CONFLICT'],
  },
  {
    method: 'POST',
    path: '/sync/crdt/snapshot/batch',
    schema: withItems(CrdtSnapshotBatch, 'snapshots', CrdtSnapshotPush),
    who: 'account',
    codes: [],
    perItem: 'snapshots',
  },
  { method: 'POST', path: '/sync/vaults', schema: RegisterVaultRequest, who: 'account', codes: [] },
  {
    method: 'PUT',
    path: '/sync/vaults/:vaultId/icon',
    schema: VaultIconRequest,
    who: 'account',
    codes: ['NOT_FOUND'],
  },
  {
    method: 'POST',
    path: '/sync/bootstrap/renew',
    schema: BootstrapTokenRequest,
    who: 'account',
    codes: ['BOOTSTRAP_IDENTITY_MISMATCH', 'BOOTSTRAP_SESSION_EXPIRED'],
  },
  {
    method: 'POST',
    path: '/sync/bootstrap/close',
    schema: BootstrapTokenRequest,
    who: 'account',
    codes: ['BOOTSTRAP_IDENTITY_MISMATCH', 'BOOTSTRAP_SESSION_EXPIRED'],
  },
  {
    method: 'POST',
    path: '/sync/attachments/presign-batch',
    schema: PresignBatchRequest,
    who: 'account',
    codes: [],
  },
  {
    method: 'PUT',
    path: '/auth/key-verifier',
    schema: KeyVerifierPut,
    who: 'account',
    codes: ['KEY_VERIFIER_CONFLICT'],
  },
  { method: 'POST', path: '/keys/handoff', schema: KeyHandoffRequest, who: 'account', codes: ['NOT_FOUND'] },
  {
    method: 'POST',
    path: '/devices/revoke',
    schema: RevokeDeviceRequest,
    who: 'account',
    codes: ['NOT_FOUND'],
  },
  {
    method: 'POST',
    path: '/auth/billing/reconcile',
    schema: ReconcileRequest,
    who: 'account',
    codes: ['NOT_FOUND', 'FORBIDDEN', 'BILLING_NOT_COMPLETED'],
  },
  { method: 'POST', path: '/auth/otp/request', schema: OtpRequest, who: 'public', codes: [] },
  { method: 'POST', path: '/auth/sign-in', schema: SignInRequest, who: 'public', codes: ['OTP_INVALID'] },
  {
    method: 'POST',
    path: '/auth/refresh',
    schema: RefreshRequest,
    who: 'public',
    codes: ['REFRESH_INVALID'],
  },
  { method: 'POST', path: '/auth/sign-out', schema: SignOutRequest, who: 'public', codes: [] },
  {
    method: 'POST',
    path: '/auth/oauth/idp/native',
    schema: NativeIdTokenRequest,
    who: 'public',
    codes: ['OAUTH_FAILED'],
  },
  {
    method: 'POST',
    path: '/auth/oauth/sign-in',
    schema: OAuthSignInRequest,
    who: 'public',
    codes: ['OAUTH_FAILED'],
  },
  {
    method: 'POST',
    path: '/billing/checkout',
    schema: CheckoutRequest,
    who: 'public',
    codes: ['CHECKOUT_TOKEN_INVALID'],
  },
  // development-only routes (absent elsewhere: production-config.test); each acts on the caller's account
  { method: 'POST', path: '/dev/entitlement', schema: DevEntitlementRequest, who: 'account', codes: [] },
  {
    method: 'PUT',
    path: '/dev/client-policies/desktop',
    schema: DevClientPolicyRequest,
    who: 'account',
    codes: [],
    // global by nature: a valid body would switch writes off for every test's desktop client
    valid: false,
  },
  {
    method: 'POST',
    path: '/dev/lose-blob',
    schema: DevLoseBlobRequest,
    who: 'account',
    codes: ['NOT_FOUND'],
  },
  {
    method: 'POST',
    path: '/dev/objects/presign',
    schema: DevPresignRequest,
    who: 'account',
    codes: ['NOT_FOUND'],
  },
  {
    method: 'POST',
    path: '/dev/tamper-chunk',
    schema: DevTamperChunkRequest,
    who: 'account',
    codes: ['NOT_FOUND'],
  },
  { method: 'POST', path: '/dev/reclaim-chunks', schema: DevReclaimRequest, who: 'account', codes: [] },
  {
    method: 'POST',
    path: '/dev/age-bootstrap-sessions',
    schema: DevAgeBootstrapRequest,
    who: 'account',
    codes: [],
  },
  {
    method: 'PUT',
    path: '/dev/rate-windows/sync_status',
    schema: DevRateWindowRequest,
    who: 'account',
    codes: [],
  },
  { method: 'POST', path: '/dev/purge-tombstones', schema: DevPurgeRequest, who: 'account', codes: [] },
  { method: 'POST', path: '/dev/packs/reset', schema: DevPackResetRequest, who: 'account', codes: [] },
  {
    method: 'POST',
    path: '/dev/snapshot-size',
    schema: DevSnapshotSizeRequest,
    who: 'account',
    codes: ['NOT_FOUND'],
  },
];

/** The provider's webhook: its event envelope, signed by the fake provider (generated-transport). */
export const WEBHOOK_EVENT = PaddleEvent;
