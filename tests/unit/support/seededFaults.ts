import type { Fault, FaultPlan } from './faultProxy';

/** mulberry32: a small seeded generator, so one seed replays one run's faults exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How often each fault happens, per request (the rest pass). */
export type FaultMix = Partial<Record<Exclude<Fault['kind'], 'pass'>, number>>;

/** The simulation's default: about one request in three meets a fault. */
export const DEFAULT_MIX: FaultMix = {
  drop: 0.04,
  lose: 0.05,
  delay: 0.06,
  duplicate: 0.05,
  reorder: 0.03,
  status: 0.03,
  empty503: 0.02,
  rateLimit: 0.02,
  cut: 0.03,
};

/**
 * A plan drawing each request's fault from `seed`: the same seed and the same sequence of
 * requests give the same faults. At most `budget` faults in all (bounded: the run ends quiet).
 */
export function seededFaults(
  seed: number,
  mix: FaultMix = DEFAULT_MIX,
  budget = 40,
): FaultPlan & {
  /** faults drawn so far, by kind */
  counts: Map<string, number>;
} {
  const random = seededRandom(seed);
  const counts = new Map<string, number>();
  let used = 0;
  const plan = () => {
    const roll = random();
    const extra = random();
    if (used >= budget) return { kind: 'pass' } as const;
    let edge = 0;
    for (const [kind, p] of Object.entries(mix) as [Exclude<Fault['kind'], 'pass'>, number][]) {
      edge += p;
      if (roll < edge) {
        used++;
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
        return faultOf(kind, extra);
      }
    }
    return { kind: 'pass' } as const;
  };
  return Object.assign(plan, { counts });
}

function faultOf(kind: Exclude<Fault['kind'], 'pass'>, extra: number): Fault {
  switch (kind) {
    case 'delay':
      return { kind, ms: Math.floor(extra * 200) };
    case 'duplicate':
      return { kind, answer: extra < 0.5 ? 'first' : 'second' };
    case 'status':
      return { kind, status: extra < 0.4 ? 500 : extra < 0.7 ? 502 : 504 };
    case 'rateLimit':
      // whole seconds, as the header carries; the engine waits at least this long before its own retry
      return { kind, retryAfter: 1 };
    default:
      return { kind } as Fault;
  }
}
