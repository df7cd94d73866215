import { describe, expect, it } from 'vitest';
import { openArea, type Rect } from '../../../../src/ui/planning/canvas/openArea';

const rect = (left: number, top: number, right: number, bottom: number): Rect => ({
  left,
  top,
  right,
  bottom,
});
const surface = rect(8, 400, 352, 820);

describe('openArea: the part of the canvas surface a person sees', () => {
  it('is the surface clipped by what scrolls it and the window', () => {
    expect(openArea(surface, [rect(0, 120, 360, 684), rect(0, 0, 360, 740)], [])).toEqual(
      rect(8, 400, 352, 684),
    );
  });

  it('loses the strip a wide overlay covers along its bottom or its top edge', () => {
    expect(openArea(surface, [], [rect(16, 700, 344, 812)])).toEqual(rect(8, 400, 352, 700));
    expect(openArea(surface, [], [rect(16, 408, 344, 470)])).toEqual(rect(8, 470, 352, 820));
  });

  it('keeps a corner a narrow overlay hides, and an overlay outside it', () => {
    expect(openArea(surface, [], [rect(300, 408, 344, 470)])).toEqual(surface);
    expect(openArea(surface, [], [rect(8, 830, 352, 900)])).toEqual(surface);
  });

  it('reads DOMRects (sides on the prototype) as well as plain objects', () => {
    class Sides {
      constructor(private readonly box: Rect) {}
      get left() {
        return this.box.left;
      }
      get top() {
        return this.box.top;
      }
      get right() {
        return this.box.right;
      }
      get bottom() {
        return this.box.bottom;
      }
    }
    expect(openArea(new Sides(surface), [], [new Sides(rect(16, 700, 344, 812))])).toEqual(
      rect(8, 400, 352, 700),
    );
  });

  it('is null when the surface is scrolled out of sight', () => {
    expect(openArea(surface, [rect(0, 0, 360, 300)], [])).toBeNull();
  });
});
