import { NAME_DERIVED_ID_TYPES } from '../../../src/sync/protocol/item-types';
import type { PushRejected } from '../../../src/sync/protocol/push';
import { dominates, hasGreaterEntry } from './clock-rules';
import { type ItemRow, parseClock } from './item-row';

/**
 * Whether a verified push may replace the stored row (spec 2.4, 7), as a pure decision:
 * - no row: accepted;
 * - a purged-tombstone marker: a further delete needs a greater entry; a CREATE is accepted only
 *   for name-derived ids and only with the remembered delete clock merged and ticked;
 * - otherwise the pushed clock needs an entry greater than the stored one (else a replay).
 */
export function decideOverwrite(
  pushed: { type: string; vectorClock: Record<string, number>; deletedAt: number | null },
  stored: ItemRow | undefined,
): { ok: true } | { ok: false; code: PushRejected['code']; reason: string } {
  if (!stored) return { ok: true };
  const storedClock = parseClock(stored.vector_clock);
  if (stored.purged_at !== null && pushed.deletedAt === null) {
    if (!NAME_DERIVED_ID_TYPES.has(pushed.type)) {
      return {
        ok: false,
        code: 'SYNC_REPLAY_DETECTED',
        reason: 'the id was deleted and its tombstone purged',
      };
    }
    return dominates(pushed.vectorClock, storedClock)
      ? { ok: true }
      : {
          ok: false,
          code: 'SYNC_REPLAY_DETECTED',
          reason: 'a create over a purged tombstone must merge and tick its clock',
        };
  }
  return hasGreaterEntry(pushed.vectorClock, storedClock)
    ? { ok: true }
    : {
        ok: false,
        code: 'SYNC_REPLAY_DETECTED',
        reason: 'the pushed clock has no entry greater than the stored one',
      };
}
