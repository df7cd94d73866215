import { expect } from '@playwright/test';

// A second "device" of an account driven from Node against the e2e sync service: what a test
// needs to change the account's plan (POST /dev/entitlement, development only), register vaults
// or spend the account's request buckets. Nothing in the app is test-only.

const SERVICE = `http://127.0.0.1:${Number(process.env.E2E_SYNC_PORT ?? 8787)}`;

export interface ServiceDevice {
  /** the device id the service registered it under */
  deviceId: string;
  /** one authenticated call; JSON in and out */
  call(
    method: string,
    path: string,
    body?: unknown,
    vaultId?: string,
  ): Promise<{ status: number; body: unknown }>;
}

/** The raw public half of a new Ed25519 key pair. */
async function freshPublicKey(): Promise<Uint8Array> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  return new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
}

/**
 * Signs in to `email` as a new device, registered under `signingKey` (the raw Ed25519 public key
 * of a key the caller signs with; a fresh one nothing signs with when absent).
 */
export async function serviceDevice(email: string, signingKey?: Uint8Array): Promise<ServiceDevice> {
  const publicKey = Buffer.from(signingKey ?? (await freshPublicKey())).toString('base64');
  const raw = async (method: string, path: string, body?: unknown, token?: string, vaultId?: string) => {
    const headers: Record<string, string> = { 'x-svc-client': 'web/0.1.0' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (vaultId) headers['x-svc-vault-id'] = vaultId;
    const res = await fetch(`${SERVICE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const otp = await raw('POST', '/auth/otp/request', { email });
  expect(otp.status).toBe(200);
  const code = (otp.body as { devCode: string }).devCode;
  const signedIn = await raw('POST', '/auth/sign-in', {
    email,
    code,
    device: { name: 'test helper', platform: 'web', publicKey },
  });
  expect(signedIn.status).toBe(200);
  const { accessToken: token, deviceId } = signedIn.body as { accessToken: string; deviceId: string };
  return { deviceId, call: (method, path, body, vaultId) => raw(method, path, body, token, vaultId) };
}

/** Puts the account on `plan` with `status` (the development stand-in for the billing provider). */
export async function setPlan(
  d: ServiceDevice,
  plan: 'plus' | 'pro' | 'believer',
  status: 'active' | 'expired' | 'inactive',
) {
  expect((await d.call('POST', '/dev/entitlement', { plan, status })).status).toBe(200);
}

/** Registers a vault (random id and sealed-name bytes: the service never reads them). */
export async function registerVault(d: ServiceDevice): Promise<string> {
  const b64 = (n: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(n))).toString('base64');
  const vaultId = crypto.randomUUID();
  const res = await d.call('POST', '/sync/vaults', { vaultId, encryptedName: b64(32), nameNonce: b64(24) });
  expect(res.status).toBe(200);
  return vaultId;
}
