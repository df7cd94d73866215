import { expect } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../../../src/sync/protocol/errors';
import type { ApiResult } from '../helpers';

/** Allowed on every route: a body the schema refuses, and a bucket at its ceiling. */
export const ALWAYS: ErrorCode[] = ['VALIDATION_ERROR', 'RATE_LIMITED'];

const codeOf = (res: ApiResult) => (res.body as { error?: { code?: string } } | null)?.error?.code;

/**
 * The answer to a generated request: never a 5xx; a refusal is the spec's envelope whose code is
 * one the route may answer (`codes` plus ALWAYS) and whose status is that code's (spec 7), or
 * the spec's bare 413 when `bare413`. Returns the code (undefined for a success or a bare 413).
 */
export function assertAnswer(
  what: string,
  res: ApiResult,
  codes: readonly ErrorCode[],
  opts: { bare413?: boolean; alsoStatus?: { code: ErrorCode; status: number } } = {},
): ErrorCode | undefined {
  const shown = `${what} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, shown).toBeLessThan(500);
  if (res.status < 400) return undefined;
  if (res.status === 413 && res.text === '' && opts.bare413 !== false) return undefined;
  const code = codeOf(res) as ErrorCode | undefined;
  expect(code, shown).toBeDefined();
  expect([...codes, ...ALWAYS], shown).toContain(code);
  const also = opts.alsoStatus;
  if (also && also.code === code && also.status === res.status) return code;
  expect(ERROR_STATUS[code as ErrorCode], shown).toBe(res.status);
  return code;
}

/**
 * A request whose body is over the route's limit may be refused before the service reads it: the
 * service answers 413 at once and closes, and the sender still writing its body can see the
 * connection reset instead of the answer (workerd, like any HTTP server that refuses early). Such a
 * reset counts as that refusal; any other failure to get an answer is thrown.
 */
export async function answerOrEarlyRefusal(
  send: () => Promise<ApiResult>,
  bodyBytes: number,
  limitBytes: number,
): Promise<ApiResult> {
  try {
    return await send();
  } catch (err) {
    if (bodyBytes > limitBytes && String((err as { cause?: unknown }).cause ?? err).includes('ECONNRESET'))
      return { status: 413, body: null, headers: new Headers(), text: '' };
    throw err;
  }
}
