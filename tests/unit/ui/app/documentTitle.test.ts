import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../../src/ui/app/documentTitle';

describe('documentTitle', () => {
  it('names the open note first', () => {
    expect(documentTitle({ noteTitle: 'Garden plan', sectionLabel: undefined })).toBe('Garden plan – Cairn');
  });
  it('names a section by its visible label, the notes area as Notes', () => {
    expect(documentTitle({ noteTitle: null, sectionLabel: 'Tasks' })).toBe('Tasks – Cairn');
    expect(documentTitle({ noteTitle: null, sectionLabel: undefined })).toBe('Notes – Cairn');
  });
  it('reads a blank title as Untitled', () => {
    expect(documentTitle({ noteTitle: '  ', sectionLabel: 'Tasks' })).toBe('Untitled – Cairn');
  });
});
