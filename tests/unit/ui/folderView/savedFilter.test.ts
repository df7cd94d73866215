import { describe, expect, it } from 'vitest';
import { NO_FILTER, withFilter } from '../../../../src/ui/folderView/createSavedFilter';
import type { FolderView } from '../../../../src/worker/ops/folderView/folderViewSchemas';

describe('a view carrying its filter', () => {
  const view: FolderView = { id: 'v', name: 'V', type: 'table', filter: { property: 'status', text: 'old' } };

  it('replaces the stored filter with the one shown', () => {
    expect(withFilter(view, { property: 'owner', text: 'ann' })).toEqual({
      id: 'v',
      name: 'V',
      type: 'table',
      filter: { property: 'owner', text: 'ann' },
    });
  });

  it('stores no field for the default filter, so an unfiltered view looks as it did before filters', () => {
    expect(withFilter(view, NO_FILTER)).toEqual({ id: 'v', name: 'V', type: 'table' });
    // A property chosen with no text yet is still remembered.
    expect(withFilter(view, { property: 'status', text: '' }).filter).toEqual({
      property: 'status',
      text: '',
    });
  });
});
