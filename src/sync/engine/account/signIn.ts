import { toBase64 } from '../../crypto';
import type { OtpResponse, SessionTokens, SignInRequest } from '../../protocol/auth';
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
