import type { OpError } from '../../ops/result';

/**
 * ISO 8601 instants as the calendar and reminders keep them: always the UTC form of
 * `Date.prototype.toISOString` (`2026-11-21T09:30:00.000Z`), so stored strings sort in time
 * order and range scans over an index are exact. Input may carry any offset; it is normalized.
 */
export const ISO_INSTANT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';

export const instantSchema = {
  type: 'string',
  pattern: ISO_INSTANT_PATTERN,
  description: 'ISO 8601 timestamp with Z or an offset, e.g. 2026-11-21T09:30:00Z',
  examples: ['2026-11-21T09:30:00Z'],
} as const;

/** The normalized UTC form, or a VALIDATION refusal naming `field` (e.g. 2026-02-30T10:00Z). */
export function normalizeInstant(
  value: string,
  field: string,
): { ok: true; value: string } | { ok: false; error: OpError } {
  const ms = Date.parse(value);
  // Date.parse rolls 02-30 over to 03-02; compare the calendar date it kept with the one sent.
  const sentDate = value.slice(0, 10);
  const offsetMatch = /([+-])(\d{2}):(\d{2})$/.exec(value);
  const offsetMs = offsetMatch
    ? (offsetMatch[1] === '-' ? -1 : 1) * (Number(offsetMatch[2]) * 60 + Number(offsetMatch[3])) * 60_000
    : 0;
  if (Number.isNaN(ms) || new Date(ms + offsetMs).toISOString().slice(0, 10) !== sentDate)
    return {
      ok: false,
      error: { code: 'VALIDATION', message: `${field} is not a real date and time: ${value}`, field },
    };
  return { ok: true, value: new Date(ms).toISOString() };
}

/** The UTC calendar date (YYYY-MM-DD) of a normalized instant. */
export const utcDateOf = (instant: string) => instant.slice(0, 10);
