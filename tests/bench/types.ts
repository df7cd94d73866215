/**
 * One figure measured by `npm run bench`. Each `tests/bench/*.bench.ts` default-exports an async
 * function returning rows; scripts/bench.mjs runs them in turn, prints one table and writes
 * bench/results.json. Figures are reported, never asserted: a slow machine does not fail a build.
 */
export interface BenchRow {
  /** the issue area, e.g. "app", "search", "sync-service" */
  group: string;
  /** what was measured, e.g. "query p95 (10k notes)" */
  name: string;
  value: number;
  /** e.g. "ms", "KB", "items/s" */
  unit: string;
  /** the issue's target, as text, e.g. "< 5 ms" */
  target?: string;
  /** whether the value meets the target, when there is one */
  ok?: boolean;
  note?: string;
}

export type Bench = () => Promise<BenchRow[]>;
