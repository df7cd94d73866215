/**
 * When versions are taken and how old ones are thinned (docs/versions.md).
 *
 * Taken: at the end of each editing burst (the text a burst left is kept when the next burst
 * starts, i.e. on the first keystroke after a pause of BURST_GAP_MS; the latest burst is "now"),
 * at least every EDIT_VERSION_INTERVAL_MS during a long burst, and before every agent write,
 * import replace and restore (the text about to be replaced).
 *
 * Thinning budget (per note), newest first:
 *  - the last hour: every version;
 *  - the last 24 hours: every version not made by typing (agent, import, restore), and the newest
 *    typing version of each hour;
 *  - the last 30 days: the newest version of each calendar day (UTC);
 *  - older: nothing;
 *  - never more than MAX_VERSIONS (the oldest go first).
 * A restore never loses text: the text it replaces is kept as a new version, which the budget keeps.
 */
export const MAX_VERSIONS = 200;
/** While editing without a pause, a new version is kept when the last one is at least this old. */
export const EDIT_VERSION_INTERVAL_MS = 5 * 60 * 1000;
/** A pause in typing at least this long ends a burst. */
export const BURST_GAP_MS = 60 * 1000;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface VersionStamp {
  id: string;
  created: number;
  /** why it was taken; absent counts as typing */
  reason?: string;
}

/** The ids of the versions to delete, given all of one note's versions. */
export function versionsToPrune(versions: readonly VersionStamp[], now: number): string[] {
  const newestFirst = [...versions].sort((a, b) => b.created - a.created);
  const keep = new Set<string>();
  const hoursKept = new Set<number>();
  const daysKept = new Set<number>();
  for (const v of newestFirst) {
    const age = now - v.created;
    if (age < HOUR) keep.add(v.id);
    else if (age < DAY) {
      const hour = Math.floor(v.created / HOUR);
      if ((v.reason !== undefined && v.reason !== 'edit') || !hoursKept.has(hour)) keep.add(v.id);
      hoursKept.add(hour);
    } else if (age < 30 * DAY) {
      const day = Math.floor(v.created / DAY);
      if (!daysKept.has(day)) {
        daysKept.add(day);
        keep.add(v.id);
      }
    }
  }
  const kept = newestFirst.filter((v) => keep.has(v.id)).slice(0, MAX_VERSIONS);
  const finalKeep = new Set(kept.map((v) => v.id));
  return newestFirst.filter((v) => !finalKeep.has(v.id)).map((v) => v.id);
}

/** Whether a keystroke at `now` starts a new burst: none seen before (since the worker started), or a pause of BURST_GAP_MS. */
export function startsBurst(lastKeystrokeAt: number | null, now: number): boolean {
  return lastKeystrokeAt === null || now - lastKeystrokeAt >= BURST_GAP_MS;
}

/**
 * Whether an edit should first keep the text it changes as a version: always for the first
 * version, at a burst's start (the text the previous burst left), and within a burst (or for an
 * edit that is not this device's typing, such as a pulled one) every EDIT_VERSION_INTERVAL_MS.
 */
export function shouldKeepEditVersion(
  lastVersionAt: number | null,
  now: number,
  burstStart = false,
): boolean {
  if (lastVersionAt === null || burstStart) return true;
  return now - lastVersionAt >= EDIT_VERSION_INTERVAL_MS;
}
