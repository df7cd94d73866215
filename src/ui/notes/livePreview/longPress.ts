/** How long a finger rests on a link before its preview shows (as a phone's own long press). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const SLOP_PX = 10;

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/**
 * A long press, told touch by touch: `start` where a finger lands, `move` as it moves, `end` as it
 * lifts. `fire` runs once the finger has rested LONG_PRESS_MS within SLOP_PX of where it landed.
 * `end` answers whether the press was long: the caller then keeps the touch from becoming a
 * click (which would follow the link) and the context menu from opening.
 */
export class LongPress {
  private timer: unknown = null;
  private x = 0;
  private y = 0;
  private fired = false;
  constructor(
    private readonly fire: () => void,
    private readonly timers: Timers = {
      set: (run, ms) => setTimeout(run, ms),
      clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  ) {}

  start(x: number, y: number): void {
    this.cancel();
    this.fired = false;
    this.x = x;
    this.y = y;
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.fired = true;
      this.fire();
    }, LONG_PRESS_MS);
  }

  move(x: number, y: number): void {
    if (Math.hypot(x - this.x, y - this.y) > SLOP_PX) this.cancel();
  }

  /** The finger lifted: true when the press was long. */
  end(): boolean {
    this.cancel();
    return this.fired;
  }

  /** Whether the last press fired (until the next one starts): its context menu is refused. */
  get long(): boolean {
    return this.fired;
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
