import type { SyncError } from '../http/syncError';
import { type HeldItem, type IncomingRecord, type ItemKey, itemKey } from '../ports';
import { corruptDue } from './corruptItems';
import { fetchItems } from './fetchItems';
import { bookApplied } from './ledgerOutcome';
import type { Ledgers } from './ledgers';
import type { PullRun } from './pullDeps';

/** Rounds of parent re-fetch (a subtask's parent task may itself miss its project). */
const MAX_ROUNDS = 3;

/**
 * Orphans (spec 4.3.6): items `apply` held because a parent is absent locally. Their parents are
 * re-fetched by id; what the service returns is applied (held again if it is an orphan itself),
 * then the children (a parent in its corrupt-item cooldown is not fetched, and counts as unreadable).
 * After at most 3 rounds: a child whose parent the service returned but this device could not read
 * (quarantined, ledgered, corrupt, blob missing) is stored as it is, never deleted
 * for our own failure; every other child is settled (tombstoned if its project or parent task is
 * gone, its dangling `status_id` cleared); one whose parent was never fetched (rounds ran out) is
 * kept too. Answers the rows that changed.
 */
export async function resolveOrphans(
  deps: PullRun,
  held: HeldItem[],
  ledgers: Ledgers,
): Promise<{ ok: true; changed: ItemKey[] } | { ok: false; error: SyncError }> {
  const changed: ItemKey[] = [];
  const fetched = new Set<string>();
  const unreadable = new Set<string>();
  let pending = held;
  for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
    const needs = new Map<string, ItemKey>();
    for (const h of pending) for (const n of h.needs) if (!fetched.has(itemKey(n))) needs.set(itemKey(n), n);
    // a parent in its corrupt-item cooldown is not fetched sooner (8.3): it exists, unreadable
    for (const [k] of needs) {
      const corrupt = ledgers.corrupt[k];
      if (corrupt && !corruptDue(corrupt, deps.now())) {
        needs.delete(k);
        fetched.add(k);
        unreadable.add(k);
      }
    }
    if (needs.size === 0) break;
    for (const k of needs.keys()) fetched.add(k);
    const got = await fetchItems(deps, [...needs.values()], ledgers);
    if (!got.ok) return got;
    for (const k of got.value.unreadable) unreadable.add(k);
    const parents = await deps.records.apply(got.value.ready, 'hold');
    bookApplied(ledgers, parents, deps.now(), deps.appVersion);
    changed.push(...parents.changed);
    const again = await deps.records.apply(
      pending.map((h) => h.item),
      'hold',
    );
    bookApplied(ledgers, again, deps.now(), deps.appVersion);
    changed.push(...again.changed);
    pending = [...parents.held, ...again.held];
  }
  if (pending.length === 0) return { ok: true, changed };
  const blocked = (h: HeldItem) =>
    h.needs.some((n) => unreadable.has(itemKey(n)) || !fetched.has(itemKey(n)));
  const keep: IncomingRecord[] = pending.filter(blocked).map((h) => h.item);
  const settle: IncomingRecord[] = pending.filter((h) => !blocked(h)).map((h) => h.item);
  if (keep.length > 0) changed.push(...(await deps.records.apply(keep, 'keep')).changed);
  if (settle.length > 0) changed.push(...(await deps.records.apply(settle, 'settle')).changed);
  return { ok: true, changed };
}
