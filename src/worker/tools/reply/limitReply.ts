import { jsonBytes } from './jsonBytes';
import { shrinkValue } from './shrinkToFit';

/** Spec 4.3 and 8: a `vault_desktop_read` reply over 100 KB of UTF-8 JSON is replaced. */
export const READ_REPLY_LIMIT_BYTES = 100 * 1024;

export interface TruncatedReply {
  truncated: true;
  totalBytes: number;
  message: string;
  /** the largest prefix of the reply that fits (see shrinkValue), or null when none does */
  partial: unknown;
}

function envelope(totalBytes: number, limit: number, kept: string, partial: unknown): TruncatedReply {
  return {
    truncated: true,
    totalBytes,
    message:
      `The reply is ${totalBytes} bytes of JSON, over the ${limit}-byte limit; partial holds ${kept}. ` +
      'Ask for less (a limit, a folder, a date range, a page) to read the rest.',
    partial,
  };
}

/**
 * Returns `value` itself when its JSON fits in `limit` bytes, else the truncated envelope. The
 * envelope as a whole (message and partial included) is guaranteed to fit in `limit` bytes.
 */
export function limitReply(value: unknown, limit = READ_REPLY_LIMIT_BYTES): unknown {
  const totalBytes = jsonBytes(value);
  if (totalBytes <= limit) return value;
  const overhead = jsonBytes(envelope(totalBytes, limit, '', null)) - 4;
  // The `kept` phrase is not known before shrinking: reserve room for it, then check the result.
  let budget = limit - overhead - 200;
  for (let attempt = 0; attempt < 4 && budget > 0; attempt++) {
    const shrunk = shrinkValue(value, budget);
    const result =
      shrunk === null
        ? envelope(totalBytes, limit, 'nothing (no part of it fits)', null)
        : envelope(totalBytes, limit, shrunk.kept, shrunk.value);
    const size = jsonBytes(result);
    if (size <= limit) return result;
    budget -= size - limit;
  }
  return envelope(totalBytes, limit, 'nothing (no part of it fits)', null);
}
