/**
 * Building blocks shared by the wire messages: every message file composes these, so a field
 * means the same thing in every message. Validation is valibot (no eval: it runs in workerd).
 */
import * as v from 'valibot';
import { fromBase64 } from '../crypto/bytes';

/** Standard padded base64 of at most `maxBytes` decoded bytes. */
export const base64 = (maxBytes: number) =>
  v.pipe(
    v.string(),
    v.maxLength(Math.ceil(maxBytes / 3) * 4),
    v.check((s) => fromBase64(s) !== null, 'must be valid base64'),
  );

export const uuid = v.pipe(v.string(), v.uuid('must be a UUID'));

export const email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254),
  v.email('must be an email'),
);

/** Epoch milliseconds. */
export const epochMs = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

export const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** A vector clock: device id to a positive tick count; at most 256 devices. */
export const vectorClock = v.pipe(
  v.record(
    v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  ),
  v.check((c) => Object.keys(c).length <= 256, 'too many clock entries'),
);

/**
 * A lone surrogate: a string with one is not well-formed Unicode. The metadata store (D1: SQLite
 * text is UTF-8) keeps it as U+FFFD, so an id with one is stored as another id: two ids that differ
 * only there become one row, and a read keyed by the id sent cannot find the row it wrote (the
 * CRDT batch read answered 500 on it; found by tests/server/generated-input.test.ts).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormedText = (s: string): boolean => !LONE_SURROGATE.test(s);

export const itemId = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(512),
  v.check(isWellFormedText, 'must be well-formed Unicode (no lone surrogate)'),
);

export const sha256Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be lowercase hex SHA-256'));

/** First issue of a failed parse as a short text: `path: message`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  if (!first) return 'invalid';
  const path = v.getDotPath(first);
  return path ? `${path}: ${first.message}` : first.message;
}
