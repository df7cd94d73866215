import { isErrorBody } from '../../protocol/errors';
import { type SyncError, type SyncResult, syncFail, syncOk } from './syncError';

/** The session the HTTP client signs requests with; refresh rotates the tokens (docs/protocol.md). */
export interface SessionPort {
  accessToken(): Promise<string | null>;
  /** true when new tokens were obtained */
  refresh(): Promise<boolean>;
}

export interface SyncHttpDeps {
  baseUrl: string;
  fetch: typeof fetch;
  /** `web/<semver>` (x-svc-client) */
  clientHeader: string;
  timeoutMs?: number;
}

export interface CallOptions {
  body?: unknown;
  /** a raw binary body (application/octet-stream) instead of JSON: an attachment chunk */
  bytes?: Uint8Array;
  /** vault UUID for data routes (X-Svc-Vault-Id) */
  vaultId?: string;
  /** X-Svc-Sync-Types */
  types?: readonly string[];
  /** false for the unauthenticated auth routes */
  auth?: boolean;
  /** further headers (`X-Svc-Bootstrap-Token` on pulls, bootstrap/bootstrapSession.ts) */
  headers?: Readonly<Record<string, string>>;
}

export type SyncCall = <T>(method: string, path: string, options?: CallOptions) => Promise<SyncResult<T>>;

/**
 * One HTTP call to the sync service with the common headers (spec 4), a 60-second abort, and one
 * transparent refresh on 401 TOKEN_EXPIRED. Never throws: every failure is a SyncError value.
 */
export function createSyncHttp(deps: SyncHttpDeps, session: SessionPort | null): SyncCall {
  const timeoutMs = deps.timeoutMs ?? 60_000;
  async function once<T>(method: string, path: string, o: CallOptions): Promise<SyncResult<T>> {
    const headers: Record<string, string> = { ...o.headers, 'x-svc-client': deps.clientHeader };
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    else if (o.bytes !== undefined) headers['content-type'] = 'application/octet-stream';
    if (o.vaultId) headers['x-svc-vault-id'] = o.vaultId;
    if (o.types) headers['x-svc-sync-types'] = o.types.join(',');
    if (o.auth !== false) {
      const token = session ? await session.accessToken() : null;
      if (!token) return syncFail({ code: 'UNAUTHENTICATED', message: 'not signed in', status: 401 });
      headers.authorization = `Bearer ${token}`;
    }
    let res: Response;
    try {
      res = await deps.fetch(new URL(path, deps.baseUrl), {
        method,
        headers,
        ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
        ...(o.body === undefined && o.bytes !== undefined ? { body: o.bytes as BodyInit } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      return syncFail({
        code: 'NETWORK_OFFLINE',
        message: `the sync service is unreachable (${String(err)})`,
        status: 0,
      });
    }
    const text = await res.text().catch(() => '');
    const parsed = parseJson(text);
    if (res.ok) {
      return parsed.ok
        ? syncOk(parsed.value as T)
        : syncFail({
            code: 'CONTRACT_REGRESSION',
            message: `${path} answered a body that is not JSON`,
            status: res.status,
          });
    }
    return syncFail(errorOf(res, parsed.ok ? parsed.value : null));
  }
  return async (method, path, options = {}) => {
    const first = await once(method, path, options);
    if (first.ok || first.error.code !== 'TOKEN_EXPIRED' || !session) return first as never;
    if (!(await session.refresh())) return first as never;
    return once(method, path, options) as never;
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function errorOf(res: Response, body: unknown): SyncError {
  const retry = Number(res.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  if (isErrorBody(body)) {
    const { code, message, ...details } = body.error as { code: string; message: string } & Record<
      string,
      unknown
    >;
    return {
      code,
      message,
      status: res.status,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      ...(typeof details.minVersion === 'string' ? { minVersion: details.minVersion } : {}),
    };
  }
  if (res.status === 413)
    return { code: 'BODY_TOO_LARGE', message: 'the request body is too large', status: 413 };
  if (res.status >= 500)
    return { code: 'SERVER_ERROR', message: `the sync service failed (${res.status})`, status: res.status };
  return { code: 'HTTP_ERROR', message: `unexpected answer ${res.status}`, status: res.status };
}
