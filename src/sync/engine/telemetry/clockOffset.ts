/**
 * The device-to-service clock offset of one run (spec 6.2 e2e_latency). Each `GET /sync/changes`
 * answers `serverTimeMs`, read by the service somewhere between the request leaving and the
 * answer arriving; assuming the middle (as NTP does) the error is at most half the round trip,
 * so the sample with the LOWEST round trip gives the tightest offset.
 */
export interface RttSample {
  /** device clock when the request was sent */
  sentAt: number;
  /** device clock when the answer arrived */
  receivedAt: number;
  serverTimeMs: number;
}

/** service clock minus device clock, from the lowest-round-trip sample; null without samples */
export function offsetFrom(samples: readonly RttSample[]): number | null {
  let best: RttSample | null = null;
  for (const s of samples) {
    if (s.receivedAt < s.sentAt || !Number.isFinite(s.serverTimeMs)) continue;
    if (!best || s.receivedAt - s.sentAt < best.receivedAt - best.sentAt) best = s;
  }
  return best ? best.serverTimeMs - (best.sentAt + best.receivedAt) / 2 : null;
}
