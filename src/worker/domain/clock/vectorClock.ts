/**
 * Vector clocks: one non-negative integer counter per device id. A clock is an immutable plain
 * object so it can be stored in IndexedDB and carried in encrypted payloads as-is; every function
 * here returns a new object and never mutates its inputs. A missing device entry means 0.
 */
export type VectorClock = Readonly<Record<string, number>>;

export type ClockOrder = 'before' | 'after' | 'equal' | 'concurrent';

export const EMPTY_CLOCK: VectorClock = Object.freeze({});

/** Advance `deviceId`'s counter by one. */
export function tick(clock: VectorClock, deviceId: string): VectorClock {
  if (deviceId.length === 0) throw new Error('tick: empty device id');
  return { ...clock, [deviceId]: (clock[deviceId] ?? 0) + 1 };
}

/** Pointwise maximum: the least clock that dominates (or equals) both. Commutative, idempotent. */
export function merge(a: VectorClock, b: VectorClock): VectorClock {
  const out: Record<string, number> = { ...a };
  for (const [device, count] of Object.entries(b)) {
    if (count > (out[device] ?? 0)) out[device] = count;
  }
  return out;
}

/** How `a` relates to `b`: 'before' means every entry of a is ≤ b's and one is strictly less. */
export function compare(a: VectorClock, b: VectorClock): ClockOrder {
  let aLess = false;
  let bLess = false;
  for (const device of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[device] ?? 0;
    const y = b[device] ?? 0;
    if (x < y) aLess = true;
    else if (x > y) bLess = true;
    if (aLess && bLess) return 'concurrent';
  }
  if (aLess) return 'before';
  if (bLess) return 'after';
  return 'equal';
}

/** Sum of all device ticks: the last-writer-wins weight of the sync spec (section 2.3). */
export function sum(clock: VectorClock): number {
  let total = 0;
  for (const count of Object.values(clock)) total += count;
  return total;
}

/** True when `value` is a plain object whose values are all non-negative safe integers. */
export function isVectorClock(value: unknown): value is VectorClock {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const [device, count] of Object.entries(value)) {
    if (device.length === 0) return false;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return false;
  }
  return true;
}

/** Equal as clocks: a zero entry and a missing entry are the same. */
export function clocksEqual(a: VectorClock, b: VectorClock): boolean {
  return compare(a, b) === 'equal';
}

/**
 * Whether a delete whose clock is `tombstone` removes a local record whose clock is `local`:
 * yes unless the record's clock is strictly after the tombstone's (it was edited after the
 * delete was made, sync spec 4.3.7: "a local row whose clock happens strictly after the tombstone
 * is kept").
 */
export function deleteApplies(local: VectorClock, tombstone: VectorClock): boolean {
  return compare(local, tombstone) !== 'after';
}
