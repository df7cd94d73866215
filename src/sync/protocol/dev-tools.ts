/**
 * Development-only tooling messages (routes under `/dev`, mounted only when ENVIRONMENT=development).
 *
 * `PUT /dev/client-policies/:platform` (development servers only): sets a platform's write floor
 * and kill switch, as an operator does in production with SQL on `client_policies`.
 */
import * as v from 'valibot';

export const DevClientPolicyRequest = v.strictObject({
  minWriteVersion: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  writesEnabled: v.boolean(),
});
export type DevClientPolicyRequest = v.InferOutput<typeof DevClientPolicyRequest>;

/** `POST /dev/purge-tombstones` (development only): run the tombstone purge as of `asOfMs`. */
export const DevPurgeRequest = v.strictObject({ asOfMs: v.pipe(v.number(), v.safeInteger(), v.minValue(0)) });
export type DevPurgeRequest = v.InferOutput<typeof DevPurgeRequest>;

/** `POST /dev/lose-blob` (development only): delete one of the caller's own objects. */
export const DevLoseBlobRequest = v.strictObject({
  key: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
});

/**
 * `POST /dev/age-bootstrap-sessions` (development only): moves the caller's bootstrap session
 * ledger rows `seconds` into the past (opening time and expiry), to reach the 6-hour ceiling.
 */
export const DevAgeBootstrapRequest = v.strictObject({
  seconds: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
