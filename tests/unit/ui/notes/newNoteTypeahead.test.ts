import { describe, expect, it } from 'vitest';
import { replayKeys } from '../../../../src/ui/notes/newNoteTypeahead';

describe('replayKeys: keys typed before the new note title had the focus', () => {
  it('replace the selected title, then go to the body after Enter', () => {
    expect(replayKeys('Groceries\nmilk', 'Untitled', 0, 8)).toEqual({
      title: 'Groceries',
      caret: 9,
      body: 'milk',
    });
  });
  it('Backspace edits the title and the body as typing would', () => {
    expect(replayKeys('Gri\bo\nmix\blk', 'Untitled', 0, 8)).toEqual({ title: 'Gro', caret: 3, body: 'milk' });
    // the first Backspace deletes the selection
    expect(replayKeys('\bA', 'Untitled', 0, 8)).toEqual({ title: 'A', caret: 1, body: null });
  });
  it('Enter alone keeps the title and moves to the body', () => {
    expect(replayKeys('\n', 'Untitled', 0, 8)).toEqual({ title: 'Untitled', caret: 8, body: '' });
  });
});
