import { EMPTY_CLOCK, tick, type VectorClock } from './vectorClock';

/** Each syncable field of a record mapped to the clock of its last write. */
export type FieldClocks<F extends string> = Readonly<Partial<Record<F, VectorClock>>>;

/** The clock bookkeeping every synced record with per-field clocks carries. */
export interface Clocked<F extends string> {
  readonly clock: VectorClock;
  readonly fieldClocks: FieldClocks<F>;
}

/**
 * The clocks after one local edit by `deviceId`: the record clock ticks once, and each changed
 * syncable field's clock ticks once. Fields that did not change keep their clock, so a concurrent
 * remote edit of another field is not overruled by this edit. Names in `changed` that are not in
 * `syncable` are ignored (they are local-only or derived and carry no clock).
 */
export function advanceClocks<F extends string>(
  current: Clocked<F>,
  changed: Iterable<string>,
  syncable: readonly F[],
  deviceId: string,
): Clocked<F> {
  const allowed = new Set<string>(syncable);
  const fieldClocks: Partial<Record<F, VectorClock>> = { ...current.fieldClocks };
  for (const name of changed) {
    if (!allowed.has(name)) continue;
    const field = name as F;
    fieldClocks[field] = tick(current.fieldClocks[field] ?? EMPTY_CLOCK, deviceId);
  }
  return { clock: tick(current.clock, deviceId), fieldClocks };
}

/** Clocks of a record created on `deviceId`: the record and every syncable field at one tick. */
export function initialClocks<F extends string>(syncable: readonly F[], deviceId: string): Clocked<F> {
  const first = tick(EMPTY_CLOCK, deviceId);
  const fieldClocks: Partial<Record<F, VectorClock>> = {};
  for (const field of syncable) fieldClocks[field] = first;
  return { clock: first, fieldClocks };
}
