/** Vector-clock rules the service applies to pushes (spec 2.4, 7). Pure functions. */
export type Clock = Readonly<Record<string, number>>;

/** True when some device's tick in `pushed` is greater than in `stored` (absent counts as 0). */
export function hasGreaterEntry(pushed: Clock, stored: Clock): boolean {
  return Object.entries(pushed).some(([device, tick]) => tick > (stored[device] ?? 0));
}

/** `pushed` is the stored clock merged and ticked: no entry lower, at least one higher. */
export function dominates(pushed: Clock, stored: Clock): boolean {
  return (
    Object.entries(stored).every(([device, tick]) => (pushed[device] ?? 0) >= tick) &&
    hasGreaterEntry(pushed, stored)
  );
}
