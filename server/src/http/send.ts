import type { Context } from 'hono';
import type { Result } from '../domain/result';
import { errorResponse } from './errors';

/** Renders a service Result: the value as JSON 200, or the error envelope with its status. */
export function send<T>(c: Context, result: Result<T>): Response {
  if (result.ok) return c.json(result.value as object);
  const { code, message, ...details } = result.error;
  return errorResponse(c, code, message, details);
}
