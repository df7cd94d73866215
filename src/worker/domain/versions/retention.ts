/**
 * Version retention (docs/notes.md): keep every version of the last 24 hours; older ones, the
 * newest of each calendar day (UTC) for 30 days; nothing older than 30 days; never more than
 * MAX_VERSIONS a note (the oldest go first). A restore never loses text: the current text is
 * kept as a version before it is replaced, and that version is new, so retention keeps it.
 */
export const MAX_VERSIONS = 200;
/** While editing, a new version is kept when the last one is at least this old. */
export const EDIT_VERSION_INTERVAL_MS = 5 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

export interface VersionStamp {
  id: string;
  created: number;
}

/** The ids of the versions to delete, given all of one note's versions. */
export function versionsToPrune(versions: readonly VersionStamp[], now: number): string[] {
  const newestFirst = [...versions].sort((a, b) => b.created - a.created);
  const keep = new Set<string>();
  const daysKept = new Set<number>();
  for (const v of newestFirst) {
    const age = now - v.created;
    if (age < DAY) keep.add(v.id);
    else if (age < 30 * DAY) {
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

/** Whether an edit should first keep the text it replaces as a version. */
export function shouldKeepEditVersion(lastVersionAt: number | null, now: number): boolean {
  return lastVersionAt === null || now - lastVersionAt >= EDIT_VERSION_INTERVAL_MS;
}
