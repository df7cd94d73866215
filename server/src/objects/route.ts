import { Hono } from 'hono';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { OBJECT_ROUTE_PREFIX, verifyObjectUrl } from './worker-urls';

/** `Range: bytes=N-` or `bytes=N-M`; null for no header or a form this route ignores (RFC 9110 allows it). */
export function parseRange(header: string | undefined): { start: number; end: number | null } | null {
  const m = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!m) return null;
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : null;
  if (end !== null && end < start) return null;
  return { start, end };
}

/**
 * Mounted at `/objects`: the worker's signed object route (docs/protocol.md, "Signed object URLs").
 * No session and no rate bucket: the signed URL is the whole authority, as with an R2 presigned
 * URL. Refusals carry a code and never echo the URL (a bearer credential, spec 5.8).
 */
export function objectRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/*', async (c) => {
    const deps = c.get('deps');
    const secret = deps.config.objectUrlSecret;
    if (!secret) return errorResponse(c, 'NOT_FOUND', 'no such route');
    const url = new URL(c.req.url);
    let key: string;
    try {
      key = url.pathname.slice(OBJECT_ROUTE_PREFIX.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return errorResponse(c, 'FORBIDDEN', 'this object URL is not valid');
    }
    const verdict = await verifyObjectUrl(
      secret,
      key,
      url.searchParams.get('exp') ?? undefined,
      url.searchParams.get('sig') ?? undefined,
      deps.clock.nowMs(),
    );
    if (!verdict.ok) {
      return verdict.reason === 'expired'
        ? errorResponse(c, 'FORBIDDEN', 'this object URL has expired; ask for a new one')
        : errorResponse(c, 'FORBIDDEN', 'this object URL is not valid');
    }
    const headers: Record<string, string> = {
      'Content-Type': 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
    };
    const range = parseRange(c.req.header('range'));
    if (!range) {
      const whole = await deps.objects.read(key);
      if (!whole) return errorResponse(c, 'NOT_FOUND', 'no such object');
      return new Response(whole.body, {
        status: 200,
        headers: { ...headers, 'Content-Length': String(whole.size) },
      });
    }
    const size = await deps.objects.size(key);
    if (size === null) return errorResponse(c, 'NOT_FOUND', 'no such object');
    if (range.start >= size) {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    }
    const end = Math.min(range.end ?? size - 1, size - 1);
    const part = await deps.objects.read(key, { offset: range.start, length: end - range.start + 1 });
    if (!part) return errorResponse(c, 'NOT_FOUND', 'no such object');
    return new Response(part.body, {
      status: 206,
      headers: {
        ...headers,
        'Content-Length': String(end - range.start + 1),
        'Content-Range': `bytes ${range.start}-${end}/${size}`,
      },
    });
  });
  return r;
}
