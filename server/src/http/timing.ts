/**
 * Accumulates time spent per stage (sig, d1, blobs: the object store and D1's inline objects) in one request; rendered as a Server-Timing
 * header in development so benchmarks can split latency. Never carries request data.
 */
export class Timing {
  private readonly totals = new Map<string, number>();

  async measure<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.totals.set(stage, (this.totals.get(stage) ?? 0) + performance.now() - started);
    }
  }

  header(): string {
    return [...this.totals].map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');
  }
}
