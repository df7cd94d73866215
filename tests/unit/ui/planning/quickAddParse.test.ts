import { describe, expect, it } from 'vitest';
import { parseQuickAdd } from '../../../../src/ui/planning/tasks/quickAddParse';

// Saturday 28 November 2026, 10:00 local time.
const now = new Date(2026, 10, 28, 10, 0);
const projects = [
  { id: 'inbox', name: 'Inbox' },
  { id: 'p-web', name: 'Website redesign' },
  { id: 'p-home', name: 'Home' },
  { id: 'p-hob', name: 'Hobbies' },
];
const read = (text: string, ignore?: string[]) =>
  parseQuickAdd(text, { now, projects, ignore: new Set(ignore) });

describe('quick-add parsing', () => {
  it('leaves a line it does not understand alone', () => {
    expect(read('Buy milk')).toEqual({ fields: { title: 'Buy milk' }, parts: [] });
    expect(read('Ask May about the 2nd draft')).toEqual({
      fields: { title: 'Ask May about the 2nd draft' },
      parts: [],
    });
    // an unknown project and a bare "!" stay words of the title
    expect(read('Ping +Nowhere now!')).toEqual({ fields: { title: 'Ping +Nowhere now!' }, parts: [] });
  });

  it('reads relative dates forward from today', () => {
    expect(read('Call mom tomorrow').fields).toEqual({ title: 'Call mom', dueDate: '2026-11-29' });
    expect(read('Pay rent next fri').fields).toEqual({ title: 'Pay rent', dueDate: '2026-12-04' });
    expect(read('Write report in 3 days').fields).toEqual({ title: 'Write report', dueDate: '2026-12-01' });
    expect(read('Dentist tomorrow at 3pm').fields).toEqual({
      title: 'Dentist',
      dueDate: '2026-11-29',
      dueTime: '15:00',
    });
  });

  it('reads priority words and Todoist-order numbers', () => {
    expect(read('Fix the roof !high').fields).toEqual({ title: 'Fix the roof', priority: 3 });
    expect(read('!1 File taxes').fields).toEqual({ title: 'File taxes', priority: 4 });
    expect(read('Sort photos !4').fields.priority).toBe(1);
    expect(read('Sort photos !low').parts).toEqual([
      { kind: 'priority', text: '!low', label: 'Priority: Low' },
    ]);
  });

  it('reads tags and a project by name, exact or the one prefix', () => {
    expect(read('Paint fence #home #weekend/chores').fields).toEqual({
      title: 'Paint fence',
      tags: ['home', 'weekend/chores'],
    });
    expect(read('Hero image +Website').fields).toEqual({ title: 'Hero image', projectId: 'p-web' });
    expect(read('Hero image +website-redesign').fields.projectId).toBe('p-web');
    // "+Ho" starts both Home and Hobbies: not read
    expect(read('Plan +Ho').fields).toEqual({ title: 'Plan +Ho' });
    expect(read('Plan +Home').fields.projectId).toBe('p-home');
  });

  it('reads repeats, starting at the first occurrence', () => {
    expect(read('Gym every monday').fields).toEqual({
      title: 'Gym',
      dueDate: '2026-11-30',
      repeatConfig: { frequency: 'weekly', interval: 1, weekdays: ['mon'] },
    });
    expect(read('Standup every mon, wed and fri').fields.repeatConfig).toEqual({
      frequency: 'weekly',
      interval: 1,
      weekdays: ['mon', 'wed', 'fri'],
    });
    expect(read('Water plants every 3 days').fields).toEqual({
      title: 'Water plants',
      dueDate: '2026-11-28',
      repeatConfig: { frequency: 'daily', interval: 3 },
    });
    expect(read('Pay rent monthly starting dec 1').fields).toMatchObject({
      dueDate: '2026-12-01',
      repeatConfig: { frequency: 'monthly', interval: 1 },
    });
    expect(read('Review every weekday').fields.repeatConfig?.weekdays).toEqual([
      'mon',
      'tue',
      'wed',
      'thu',
      'fri',
    ]);
  });

  it('reads everything at once and says what it read', () => {
    const r = read('Pay rent next fri !high #home +Website every month');
    expect(r.fields).toEqual({
      title: 'Pay rent',
      dueDate: '2026-12-04',
      priority: 3,
      tags: ['home'],
      projectId: 'p-web',
      repeatConfig: { frequency: 'monthly', interval: 1 },
    });
    expect(r.parts.map((p) => p.kind).sort()).toEqual(['date', 'priority', 'project', 'repeat', 'tag']);
    expect(r.parts.find((p) => p.kind === 'date')?.label).toMatch(/^Due .*(4.*Dec|Dec.*4)/);
  });

  it('keeps a dismissed part in the title, in place', () => {
    const r = read('Read Dune tomorrow #books', ['tomorrow']);
    expect(r.fields).toEqual({ title: 'Read Dune tomorrow', tags: ['books'] });
    expect(read('Song #1 !high', ['#1']).fields).toEqual({ title: 'Song #1', priority: 3 });
  });

  it('never leaves an empty title', () => {
    expect(read('tomorrow')).toEqual({ fields: { title: 'tomorrow' }, parts: [] });
    expect(read('#home')).toEqual({ fields: { title: '#home' }, parts: [] });
  });
});
