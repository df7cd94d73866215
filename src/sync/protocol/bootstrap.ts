/**
 * Bootstrap sessions (spec 2.10, 3.4): a fresh device's first sync may pull with elevated rate
 * buckets. `POST /sync/bootstrap` opens one; `/renew` and `/close` take its token.
 */
import * as v from 'valibot';
import type { ManifestResponse } from './manifest';

export const BootstrapTokenRequest = v.strictObject({
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
});
export type BootstrapTokenRequest = v.InferOutput<typeof BootstrapTokenRequest>;

export interface BootstrapRenewResponse {
  /** send as `X-Svc-Bootstrap-Token` on pull requests */
  token: string;
  /** epoch milliseconds; renew within 5 minutes of it (BOOTSTRAP_RENEW_LEAD_SECONDS) */
  expiresAt: number;
}

export interface BootstrapOpenResponse extends BootstrapRenewResponse {
  /** the first manifest page (limit 1000 from cursor 0) of the negotiated types */
  manifest: ManifestResponse;
  /** the account's cursor when the session opened: the feed is complete up to here */
  tailCursor: number;
}

/** Spec 8.2: the client renews this long before the token expires. */
export const BOOTSTRAP_RENEW_LEAD_SECONDS = 5 * 60;
