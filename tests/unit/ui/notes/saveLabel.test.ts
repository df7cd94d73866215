import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveLabel } from '../../../../src/ui/notes/saveLabel';

describe('createSaveLabel: the body save status changes once a burst of typing, not twice a key', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keys 100 ms apart: Saving… once, Saved 400 ms after the last write ends', () => {
    const shown: string[] = [];
    const label = createSaveLabel((l) => shown.push(l), 400);
    label.update({ ready: false, saving: false, failed: false });
    label.update({ ready: true, saving: false, failed: false });
    for (let key = 0; key < 10; key++) {
      label.update({ ready: true, saving: true, failed: false });
      vi.advanceTimersByTime(20);
      label.update({ ready: true, saving: false, failed: false });
      vi.advanceTimersByTime(80);
    }
    expect(shown).toEqual(['Opening…', 'Saved', 'Saving…']);
    vi.advanceTimersByTime(319);
    expect(shown.at(-1)).toBe('Saving…');
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['Opening…', 'Saved', 'Saving…', 'Saved']);
  });

  it('never Saved while a write is in flight, and Not saved after a refused write', () => {
    const shown: string[] = [];
    const label = createSaveLabel((l) => shown.push(l), 400);
    label.update({ ready: true, saving: true, failed: false });
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual(['Saving…']);
    label.update({ ready: true, saving: false, failed: true });
    vi.advanceTimersByTime(1000);
    expect(shown.at(-1)).toBe('Not saved');
    label.update({ ready: true, saving: true, failed: false });
    label.update({ ready: true, saving: false, failed: false });
    vi.advanceTimersByTime(400);
    expect(shown.slice(-2)).toEqual(['Saving…', 'Saved']);
  });
});
