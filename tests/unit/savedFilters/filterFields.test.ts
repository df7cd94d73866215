import { describe, expect, it } from 'vitest';
import { conditionsOf, fieldsOf } from '../../../src/ui/planning/filters/filterFields';

describe('the saved-filter form’s fields and conditions', () => {
  it('a new filter: only what was filled in, open tasks by default', () => {
    expect(conditionsOf(fieldsOf(), 'tasks')).toEqual({});
    expect(
      conditionsOf({ ...fieldsOf(), text: ' bill ', tag: '#home, money', priority: '3' }, 'tasks'),
    ).toEqual({
      text: 'bill',
      tags: ['home', 'money'],
      priorityAtLeast: 3,
    });
    expect(conditionsOf({ ...fieldsOf(), folder: 'Work', status: 'any' }, 'notes')).toEqual({
      folder: 'Work',
    });
  });

  it('editing keeps the conditions the form does not show, and an emptied field drops its own', () => {
    const saved = {
      text: 'pay',
      tags: ['home', 'money'],
      status: 'any',
      due: 'thisWeek',
      projectId: 'p1',
      dueBefore: '2026-12-01',
    };
    const fields = fieldsOf(saved);
    expect(fields).toEqual({
      text: 'pay',
      tag: 'home, money',
      status: 'any',
      priority: '',
      due: 'thisWeek',
      folder: '',
    });
    expect(conditionsOf(fields, 'tasks', saved)).toEqual(saved);
    expect(conditionsOf({ ...fields, text: '', due: '', status: 'open' }, 'tasks', saved)).toEqual({
      tags: ['home', 'money'],
      projectId: 'p1',
      dueBefore: '2026-12-01',
    });
  });
});
