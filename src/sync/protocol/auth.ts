/**
 * Auth messages (docs/protocol.md "Accounts and sessions"): one-time code, sign-in (which also
 * registers the device and its Ed25519 key), refresh (rotating) and sign-out.
 */
import * as v from 'valibot';
import { fromBase64 } from '../crypto/bytes';
import { isUsableEd25519PublicKey } from '../crypto/ed25519Verify';
import { CLIENT_PLATFORMS } from './client-header';
import { base64, email } from './common';

export const OtpRequest = v.strictObject({ email });
export type OtpRequest = v.InferOutput<typeof OtpRequest>;
/** `devCode` is present only in development for configured local accounts. */
export interface OtpResponse {
  sent: true;
  expiresInSeconds: number;
  devCode?: string;
}

export const DeviceRegistration = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  platform: v.optional(v.picklist(CLIENT_PLATFORMS)),
  /** raw 32-byte Ed25519 public key, base64; small-order and non-canonical keys are refused */
  publicKey: v.pipe(
    base64(32),
    v.length(44, 'must be a 32-byte key'),
    v.check(
      (s) => isUsableEd25519PublicKey(fromBase64(s) ?? new Uint8Array()),
      'not a usable Ed25519 public key',
    ),
  ),
});
export type DeviceRegistration = v.InferOutput<typeof DeviceRegistration>;

export const SignInRequest = v.strictObject({
  email,
  code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits')),
  device: DeviceRegistration,
});
export type SignInRequest = v.InferOutput<typeof SignInRequest>;

export interface SessionTokens {
  userId: string;
  deviceId: string;
  accessToken: string;
  accessTokenExpiresAt: number;
  refreshToken: string;
  refreshTokenExpiresAt: number;
}

export const RefreshRequest = v.strictObject({
  refreshToken: v.pipe(v.string(), v.minLength(20), v.maxLength(200)),
});
export type RefreshRequest = v.InferOutput<typeof RefreshRequest>;

export const SignOutRequest = RefreshRequest;
export type SignOutRequest = RefreshRequest;

/**
 * Sign-in with an identity provider (issue 20 part 3, docs/oauth.md). `GET /auth/oauth/config`
 * says what the service offers (the app shows the provider button only then).
 */
export interface OAuthConfigResponse {
  /** the browser flow (`GET /auth/oauth/idp`), with the provider's name for its button; null: none */
  browser: { name: string } | null;
  /** the native ID-token route (`POST /auth/oauth/idp/native`) is configured */
  native: boolean;
}

/** A setup token: the provider vouched for this email; the app trades it for a session once. */
export interface OAuthSetupResponse {
  setupToken: string;
  expiresInSeconds: number;
}

export const NativeIdTokenRequest = v.strictObject({
  idToken: v.pipe(v.string(), v.minLength(1), v.maxLength(16 * 1024)),
});
export type NativeIdTokenRequest = v.InferOutput<typeof NativeIdTokenRequest>;

export const OAuthSignInRequest = v.strictObject({
  setupToken: v.pipe(v.string(), v.minLength(16), v.maxLength(200)),
  device: DeviceRegistration,
});
export type OAuthSignInRequest = v.InferOutput<typeof OAuthSignInRequest>;

/** `POST /auth/oauth/sign-in`: a session, and the email the provider vouched for (the app shows it). */
export interface OAuthSignInResponse extends SessionTokens {
  email: string;
}
