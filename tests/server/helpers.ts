import { request } from 'node:http';
import { inject } from 'vitest';
import type { SessionTokens } from '../../src/sync/protocol/auth';

export { sign } from './items';

export const base = inject('syncBaseUrl');

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  rawBody?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

/** One HTTP call to the spawned service; JSON bodies are parsed when present. */
export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  // A body the service may refuse before reading it (over a route's limit) makes workerd close the
  // connection; a request the client then puts on that kept-alive socket meets the reset. Large
  // bodies therefore travel on a connection of their own.
  if (
    typeof body === 'string' ? body.length > 65_536 : body instanceof Uint8Array && body.byteLength > 65_536
  )
    headers.connection = 'close';
  const res = await fetch(`${base}${path}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = null;
  if (text && res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}

export interface TestDevice extends SessionTokens {
  email: string;
  publicKey: Uint8Array;
  privateKey: CryptoKey;
}

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  counter++;
  return `${tag}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@test.cairn.local`;
}

/** Signs in (or adds a device to) a development account: every @test.cairn.local address is one. */
export async function signInDevice(email = uniqueEmail(), name = 'test device'): Promise<TestDevice> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const otp = await api<{ devCode: string }>('/auth/otp/request', { body: { email } });
  if (otp.status !== 200) throw new Error(`otp request failed: ${otp.status} ${otp.text}`);
  const signIn = await api<SessionTokens>('/auth/sign-in', {
    body: {
      email,
      code: otp.body.devCode,
      device: { name, platform: 'web', publicKey: Buffer.from(publicKey).toString('base64') },
    },
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  return { ...signIn.body, email, publicKey, privateKey: pair.privateKey };
}

export function errorCode(res: ApiResult): string | undefined {
  return (res.body as { error?: { code?: string } } | null)?.error?.code;
}

/**
 * A POST that announces a `bytes`-long body and sends only its headers, then waits for the answer.
 * A route that refuses by the announced length answers before any of the body is sent; sending the
 * body anyway races that refusal (the service closes the connection after answering, and a client
 * still writing sees a reset instead of the answer, as a local workerd does since 2086266).
 */
export function answerBeforeBody(
  path: string,
  bytes: number,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), {
      method: 'POST',
      headers: { ...headers, 'content-length': String(bytes) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}
