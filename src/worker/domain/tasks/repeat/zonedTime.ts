/**
 * Conversions between instants and wall-clock date/time in an IANA zone, through Intl (present in
 * every browser, worker and Node). Repeat rules never use these for arithmetic; they exist to
 * turn a completion instant into the user's calendar date, and a due date + time into the
 * instant a reminder fires.
 */
export interface WallTime {
  readonly date: string; // YYYY-MM-DD
  readonly time: string; // HH:MM
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows the zone name. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(ms: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

/** The zone's offset from UTC at instant `ms`, in milliseconds (CEST: +7,200,000). */
function offsetAt(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The wall date and time at instant `ms` in `timeZone`. */
export function instantToWallTime(ms: number, timeZone: string): WallTime {
  const p = parts(ms, timeZone);
  const pad = (n: number | undefined, w = 2) => String(n).padStart(w, '0');
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time`. A time skipped by a
 * spring-forward change (02:30 in Berlin on the last Sunday of March) resolves to the same
 * distance after the gap (03:30), and a repeated autumn time to its first occurrence, as
 * Temporal's 'compatible' disambiguation does.
 */
export function wallTimeToInstant(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  const before = offsetAt(naive - 86_400_000, timeZone);
  const after = offsetAt(naive + 86_400_000, timeZone);
  const candidates = [naive - before, naive - after].filter((ms) => offsetAt(ms, timeZone) === naive - ms);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: interpret with the offset from before the change, which lands after the gap.
  return naive - before;
}
