import { describe, expect, it } from 'vitest';
import { FIRST_NOTE_PAGE, isFirstNotePage, NOTE_LIST_PAGE } from '../../../src/worker/stores/firstNotePage';

describe('the first note page the worker reads ahead', () => {
  it('is the whole vault, newest first, one list page from the top', () => {
    expect(FIRST_NOTE_PAGE).toEqual({ sort: 'modified', offset: 0, limit: NOTE_LIST_PAGE });
    expect(isFirstNotePage({ ...FIRST_NOTE_PAGE })).toBe(true);
  });

  it('is not a folder, another sort, a later page or another size', () => {
    expect(isFirstNotePage(undefined)).toBe(false);
    expect(isFirstNotePage({ ...FIRST_NOTE_PAGE, folder: 'Work' })).toBe(false);
    expect(isFirstNotePage({ ...FIRST_NOTE_PAGE, sort: 'title' })).toBe(false);
    expect(isFirstNotePage({ ...FIRST_NOTE_PAGE, offset: NOTE_LIST_PAGE })).toBe(false);
    expect(isFirstNotePage({ ...FIRST_NOTE_PAGE, limit: 50 })).toBe(false);
  });
});
