import type { Context } from 'hono';
import * as v from 'valibot';
import { describeIssues } from '../../../src/sync/protocol/common';
import { errorResponse } from './errors';

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Reads and validates a JSON body; a non-JSON or invalid body is a VALIDATION_ERROR value. */
export async function parseBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<Parsed<v.InferOutput<S>>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: errorResponse(c, 'VALIDATION_ERROR', 'body must be JSON') };
  }
  const r = v.safeParse(schema, raw);
  if (!r.success) {
    return { ok: false, response: errorResponse(c, 'VALIDATION_ERROR', describeIssues(r.issues)) };
  }
  return { ok: true, value: r.output };
}
