import { describe, expect, it } from 'vitest';
import {
  bulkResultMessage,
  chosenOf,
  deleteQuestion,
  toggled,
} from '../../../../../src/ui/planning/tasks/bulkSelection';

describe('bulk selection rules', () => {
  it('toggles an id in and out without changing the set it was given', () => {
    const start = new Set(['a']);
    const added = toggled(start, 'b');
    expect([...added]).toEqual(['a', 'b']);
    expect([...toggled(added, 'a')]).toEqual(['b']);
    expect([...start]).toEqual(['a']);
  });

  it('acts on the picked ids still in view, in view order', () => {
    // 'gone' was completed elsewhere and left the list: no action may touch it.
    expect(chosenOf(['c', 'a', 'b'], new Set(['a', 'gone', 'c']))).toEqual(['c', 'a']);
    expect(chosenOf([], new Set(['a']))).toEqual([]);
  });

  it('says what happened, with the count and the target project', () => {
    expect(bulkResultMessage('complete', 2)).toBe('Completed 2 tasks.');
    expect(bulkResultMessage('archive', 1)).toBe('Archived 1 task.');
    expect(bulkResultMessage('move', 3, 'Errands')).toBe('Moved 3 tasks to Errands.');
    expect(bulkResultMessage('delete', 1)).toBe('Deleted 1 task.');
    expect(deleteQuestion(2)).toBe('Delete 2 tasks and their subtasks?');
    expect(deleteQuestion(1)).toBe('Delete 1 task and its subtasks?');
  });
});
