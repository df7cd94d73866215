import { toBase64 } from '../../crypto';
import type {
  OAuthConfigResponse,
  OAuthSignInRequest,
  OAuthSignInResponse,
  OtpResponse,
  SessionTokens,
  SignInRequest,
} from '../../protocol/auth';
import type { SyncResult } from '../http/syncError';
import type { SyncCall } from '../http/syncHttp';

/** Step 1 of sign-in: the service mails a 6-digit code (development answers it as `devCode`). */
export function requestCode(call: SyncCall, email: string): Promise<SyncResult<OtpResponse>> {
  return call<OtpResponse>('POST', '/auth/otp/request', { body: { email }, auth: false });
}

/**
 * Step 2: the code signs in AND registers this install's Ed25519 public key under a new device
 * id (docs/protocol.md). The device id the service answers is the one every push is signed as.
 */
export function signIn(
  call: SyncCall,
  input: { email: string; code: string; deviceName: string; publicKey: Uint8Array },
): Promise<SyncResult<SessionTokens>> {
  const body: SignInRequest = {
    email: input.email,
    code: input.code,
    device: { name: input.deviceName, platform: 'web', publicKey: toBase64(input.publicKey) },
  };
  return call<SessionTokens>('POST', '/auth/sign-in', { body, auth: false });
}

/** What sign-in the service offers beside the email code (docs/oauth.md); an older service has none. */
export async function oauthConfig(call: SyncCall): Promise<OAuthConfigResponse> {
  const res = await call<OAuthConfigResponse>('GET', '/auth/oauth/config', { auth: false });
  return res.ok ? res.value : { browser: null, native: false };
}

/**
 * After the identity provider sent the browser back with a one-time setup token: the token and
 * this install's key become a session under a new device id, as the code sign-in does.
 */
export function signInWithSetupToken(
  call: SyncCall,
  input: { setupToken: string; deviceName: string; publicKey: Uint8Array },
): Promise<SyncResult<OAuthSignInResponse>> {
  const body: OAuthSignInRequest = {
    setupToken: input.setupToken,
    device: { name: input.deviceName, platform: 'web', publicKey: toBase64(input.publicKey) },
  };
  return call<OAuthSignInResponse>('POST', '/auth/oauth/sign-in', { body, auth: false });
}
