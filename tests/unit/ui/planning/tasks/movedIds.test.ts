import { describe, expect, it } from 'vitest';
import { movedIds } from '../../../../../src/ui/planning/tasks/movedIds';

describe('movedIds (the order a move up/down button sends)', () => {
  it('swaps with the neighbour above or below', () => {
    expect(movedIds(['a', 'b', 'c', 'd'], 3, -1)).toEqual(['a', 'b', 'd', 'c']);
    expect(movedIds(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('is null at either end, so nothing is sent', () => {
    expect(movedIds(['a', 'b'], 0, -1)).toBeNull();
    expect(movedIds(['a', 'b'], 1, 1)).toBeNull();
    expect(movedIds(['a'], -1, 1)).toBeNull();
  });
});
