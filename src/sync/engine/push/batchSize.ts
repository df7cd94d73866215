import { MIN_PUSH_BATCH_SIZE, PUSH_BATCH_SIZE } from '../../protocol/limits';

/**
 * Push batch sizing (spec 3.3): a whole-request 5xx halves the batch (down to 1, and no identical
 * retry); three consecutive full-size pushes that got a response double it back, up to the max.
 */
export class BatchSize {
  private size = PUSH_BATCH_SIZE;
  private fullRuns = 0;

  constructor(private readonly max = PUSH_BATCH_SIZE) {
    this.size = max;
  }

  get current(): number {
    return this.size;
  }

  /** false when the batch is already 1: the caller backs off instead */
  halve(): boolean {
    this.fullRuns = 0;
    if (this.size <= MIN_PUSH_BATCH_SIZE) return false;
    this.size = Math.max(MIN_PUSH_BATCH_SIZE, Math.floor(this.size / 2));
    return true;
  }

  /** a push of `sent` items got a response */
  answered(sent: number): void {
    if (sent < this.size) return;
    this.fullRuns += 1;
    if (this.fullRuns >= 3 && this.size < this.max) {
      this.size = Math.min(this.max, this.size * 2);
      this.fullRuns = 0;
    }
  }
}
