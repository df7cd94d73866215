import type { SessionTokens } from '../../src/sync/protocol/auth';

/**
 * A development account's device signed in on a local service (the code the service echoes to
 * development accounts): its tokens and the Ed25519 key it registered, to sign what it pushes.
 */
export async function benchSignIn(
  base: string,
  email: string,
  deviceName = 'bench',
): Promise<SessionTokens & { privateKey: CryptoKey }> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const otp = (await post('/auth/otp/request', { email })) as { devCode: string };
  const session = (await post('/auth/sign-in', {
    email,
    code: otp.devCode,
    device: { name: deviceName, platform: 'web', publicKey },
  })) as SessionTokens;
  return { ...session, privateKey: pair.privateKey };
}
