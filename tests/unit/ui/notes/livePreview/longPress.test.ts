import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, LongPress } from '../../../../../src/ui/notes/livePreview/longPress';

describe('LongPress: a finger resting on a link', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after the delay, and its end says the press was long', () => {
    const fire = vi.fn();
    const press = new LongPress(fire);
    press.start(10, 10);
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(fire).not.toHaveBeenCalled();
    press.move(14, 12); // a finger's tremble
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledOnce();
    expect(press.long).toBe(true);
    expect(press.end()).toBe(true);
  });

  it('a tap is not long: it ends before the delay and still follows the link', () => {
    const fire = vi.fn();
    const press = new LongPress(fire);
    press.start(10, 10);
    vi.advanceTimersByTime(200);
    expect(press.end()).toBe(false);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(fire).not.toHaveBeenCalled();
  });

  it('a finger that moves is scrolling: nothing fires', () => {
    const fire = vi.fn();
    const press = new LongPress(fire);
    press.start(10, 10);
    press.move(10, 40);
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(fire).not.toHaveBeenCalled();
    expect(press.end()).toBe(false);
  });
});
