import { describe, expect, it } from 'vitest';
import {
  ALL_PROPERTIES,
  type AvailableProperty,
  columnsOf,
  initialView,
  toggleColumn,
} from '../../../../src/ui/folderView/viewColumns';

const available: AvailableProperty[] = [
  { name: 'due', type: 'date', count: 2 },
  { name: 'priority', type: null, count: 1 },
  { name: 'Status', type: 'status', count: 3 },
];

describe('folder view columns', () => {
  it('shows every available property except the hidden ones when the view names none', () => {
    expect(columnsOf(ALL_PROPERTIES, available, {})).toEqual(['due', 'priority', 'Status']);
    expect(columnsOf(ALL_PROPERTIES, available, { hiddenProperties: ['status'] })).toEqual([
      'due',
      'priority',
    ]);
    const view = { id: 'v', name: 'V', type: 'table' as const, columns: ['Status', 'gone'] };
    expect(columnsOf(view, available, { hiddenProperties: ['Status'] })).toEqual(['Status', 'gone']);
  });

  it('puts a shown column back in its place among the available ones', () => {
    expect(toggleColumn(['due', 'Status'], 'priority', true, available)).toEqual([
      'due',
      'priority',
      'Status',
    ]);
    expect(toggleColumn(['Status'], 'due', true, available)).toEqual(['due', 'Status']);
    expect(toggleColumn(['due', 'Status'], 'status', false, available)).toEqual(['due']);
    expect(toggleColumn(['due'], 'other', true, available)).toEqual(['due', 'other']);
    expect(toggleColumn(['due'], 'due', true, available)).toEqual(['due']);
  });

  it('opens the default view when it still exists, else the first saved one, else all properties', () => {
    const a = { id: 'a', name: 'A', type: 'table' as const };
    const b = { id: 'b', name: 'B', type: 'table' as const };
    expect(initialView([a, b], { defaultView: 'b' })).toBe(b);
    expect(initialView([a, b], { defaultView: 'gone' })).toBe(a);
    expect(initialView([], {})).toBe(ALL_PROPERTIES);
  });
});
