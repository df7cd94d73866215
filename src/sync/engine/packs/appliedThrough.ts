import type { PackListEntry } from '../../protocol/packs';

/**
 * `PACKS_APPLIED_THROUGH_CURSOR` (spec 3.7): the highest pack cursor covered by an unbroken run
 * of fully applied packs counted from the oldest upward, never past a pack that did not complete
 * (skipped, failed, or not usable); packs that share a `maxCursor` advance it only when all of
 * them completed. `listed` is every pack the discovery kept above `current` (a missing row reads
 * as 0); `completed` the ones fully applied. Null when the listing was truncated: not recorded.
 */
export function appliedThrough(
  current: number,
  listed: readonly PackListEntry[],
  completed: ReadonlySet<PackListEntry>,
  truncated: boolean,
): number | null {
  if (truncated) return null;
  const byMax = new Map<number, PackListEntry[]>();
  for (const p of listed) byMax.set(p.maxCursor, [...(byMax.get(p.maxCursor) ?? []), p]);
  let through = current;
  for (const max of [...byMax.keys()].sort((a, b) => a - b)) {
    if (!(byMax.get(max) ?? []).every((p) => completed.has(p))) break;
    through = Math.max(through, max);
  }
  return through;
}
