import type { Clocked } from './fieldClocks';
import { jsonEqual } from './jsonEqual';
import { EMPTY_CLOCK, merge, sum, type VectorClock } from './vectorClock';

export interface MergeOptions<R> {
  /** Keys never taken from the remote side (device bookkeeping such as `syncedAt`). */
  readonly localOnly?: readonly (keyof R)[];
}

export interface MergeOutcome<R, F extends string> {
  readonly merged: R;
  /** Syncable fields whose merged value is the local one and differs from the remote one. */
  readonly localWins: readonly F[];
  /** Syncable fields whose merged value is the remote one and differs from the local one. */
  readonly remoteWins: readonly F[];
  /**
   * True when the merged record differs from what the remote side holds, i.e. the local device
   * must push it for the two to converge.
   */
  readonly needsPush: boolean;
}

/** Last-writer-wins by sum of ticks; on a tie the incoming (remote) write wins (sync spec 2.3). */
export function remoteWins(local: VectorClock, remote: VectorClock): boolean {
  return sum(remote) >= sum(local);
}

/**
 * Merge two versions of one record field by field. Each syncable field takes the value of the
 * side whose field clock has the larger tick sum (tie: remote), and its merged clock is the
 * pointwise maximum of both, so the result dominates both inputs and a later merge of the
 * result into either side picks the same values (convergence through the server). Fields that
 * carry no clock follow the record clocks by the same rule, except `localOnly` keys. The merged
 * record clock is the pointwise maximum. Pure and deterministic; inputs are not mutated.
 */
export function mergeFieldwise<F extends string, R extends Clocked<F>>(
  local: R,
  remote: R,
  syncable: readonly F[],
  options: MergeOptions<R> = {},
): MergeOutcome<R, F> {
  const baseIsRemote = remoteWins(local.clock, remote.clock);
  const base: R = baseIsRemote ? remote : local;
  const other: R = baseIsRemote ? local : remote;
  // Keys only one side has (a field an older or newer client does not know) are kept, not dropped.
  const out: Record<string, unknown> = {
    ...(other as unknown as Record<string, unknown>),
    ...(base as unknown as Record<string, unknown>),
  };
  for (const key of options.localOnly ?? []) out[key as string] = local[key];

  const fieldClocks: Partial<Record<F, VectorClock>> = {};
  const localWins: F[] = [];
  const remoteWinsList: F[] = [];
  const localRecord = local as unknown as Record<string, unknown>;
  const remoteRecord = remote as unknown as Record<string, unknown>;
  for (const field of syncable) {
    const lc = local.fieldClocks[field] ?? EMPTY_CLOCK;
    const rc = remote.fieldClocks[field] ?? EMPTY_CLOCK;
    const takeRemote = remoteWins(lc, rc);
    const won = takeRemote ? remoteRecord[field] : localRecord[field];
    const value = won === undefined ? (takeRemote ? localRecord[field] : remoteRecord[field]) : won;
    out[field] = value;
    fieldClocks[field] = merge(lc, rc);
    if (!jsonEqual(localRecord[field], remoteRecord[field])) {
      (takeRemote ? remoteWinsList : localWins).push(field);
    }
  }
  out.fieldClocks = fieldClocks;
  out.clock = merge(local.clock, remote.clock);
  const merged = out as R;
  const skip = new Set<string>(['clock', 'fieldClocks', ...((options.localOnly ?? []) as string[])]);
  const needsPush = !sameValues(out, remoteRecord, skip);
  return { merged, localWins, remoteWins: remoteWinsList, needsPush };
}

/** Equal on every key except `skip`. */
function sameValues(ao: Record<string, unknown>, bo: Record<string, unknown>, skip: Set<string>): boolean {
  for (const key of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
    if (!skip.has(key) && !jsonEqual(ao[key], bo[key])) return false;
  }
  return true;
}
