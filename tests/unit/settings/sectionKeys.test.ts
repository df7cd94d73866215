import { describe, expect, it } from 'vitest';
import { sectionCombo, sectionFor, sectionRows } from '../../../src/ui/shortcuts/sectionKeys';
import { keyboardSettings } from '../../../src/worker/settings/groups/keyboardSettings';

const sections = [
  { id: 'tasks', label: 'Tasks', shortcut: 't' },
  { id: 'canvas', label: 'Canvas', shortcut: 'c' },
  { id: 'calendar', label: 'Calendar', shortcut: 'e' },
  { id: 'graph', label: 'Graph' },
];
const defaults = { ...keyboardSettings.defaults } as Record<string, string>;

describe('section shortcuts (issue 5 part 9: keyboard shortcuts on desktop)', () => {
  it('a section opens with Alt and its key', () => {
    expect(sectionCombo({ shortcut: 'c' })).toBe('Alt+C');
    expect(sectionCombo({})).toBeNull();
    expect(sectionFor('Alt+C', sections, defaults)?.id).toBe('canvas');
    expect(sectionFor('Alt+E', sections, defaults)?.id).toBe('calendar');
    expect(sectionFor('Alt+G', sections, defaults)).toBeNull();
    expect(sectionFor('C', sections, defaults)).toBeNull();
  });

  it('a key a keyboard setting binds stays that setting’s; moved away, the section gets it', () => {
    expect(defaults.newTask).toBe('Alt+T');
    expect(sectionFor('Alt+T', sections, defaults)).toBeNull();
    expect(sectionFor('Alt+T', sections, { ...defaults, newTask: 'Alt+Shift+T' })?.id).toBe('tasks');
    expect(sectionFor('Alt+C', sections, { ...defaults, quickSearch: 'Alt+C' })).toBeNull();
  });

  it('the help lists the free section keys only', () => {
    expect(sectionRows(sections, defaults)).toEqual([
      { label: 'Go to Canvas', combo: 'Alt+C' },
      { label: 'Go to Calendar', combo: 'Alt+E' },
    ]);
  });
});
