import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../../src/sync/protocol/errors';

/** Builds the one error envelope `{error: {code, message, ...details}}` with the code's HTTP status. */
export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  const body: ErrorBody = { error: { ...details, code, message } };
  return c.json(body, ERROR_STATUS[code] as ContentfulStatusCode, headers);
}
