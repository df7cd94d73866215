import { describe, expect, it } from 'vitest';
import { itemRoute } from '../../../../src/ui/app/itemRoute';
import { bookmarkHref } from '../../../../src/ui/planning/bookmarks/bookmarkTypes';
import { entityHref } from '../../../../src/ui/planning/canvas/cardEntities';
import { homeHref } from '../../../../src/ui/planning/home/homeTargets';
import { reminderRoute } from '../../../../src/ui/planning/reminders/reminderRoute';

describe('itemRoute: one place for where an item opens', () => {
  it('routes every item type with a page, ids encoded, and nothing else', () => {
    expect(itemRoute('note', 'a b/c')).toBe('#/note/a%20b%2Fc');
    expect(itemRoute('task', 't1')).toBe('#/tasks/task/t1');
    expect(itemRoute('project', 'inbox')).toBe('#/tasks/project/inbox');
    expect(itemRoute('journal', 'j2026-11-21')).toBe('#/journal/j2026-11-21');
    expect(itemRoute('canvas', 'c1')).toBe('#/canvas/c1');
    expect(itemRoute('savedFilter', 'f1')).toBe('#/filters/f1');
    expect(itemRoute('event', 'e1')).toBeNull();
    expect(itemRoute('tag', 'x')).toBeNull();
  });

  it('bookmarks, home pages, canvas cards and reminders link through it', () => {
    expect(bookmarkHref({ itemType: 'task', itemId: 't 1' })).toBe('#/tasks/task/t%201');
    expect(bookmarkHref({ itemType: 'event', itemId: 'e1' })).toBe('#/calendar');
    expect(bookmarkHref({ itemType: 'url', itemId: 'https://example.org' })).toBe('https://example.org');
    expect(bookmarkHref({ itemType: 'url', itemId: 'javascript:alert(1)' })).toBeNull();
    expect(bookmarkHref({ itemType: 'savedFilter', itemId: 'f1' })).toBeNull();
    expect(homeHref({ targetType: 'savedFilter', targetId: 'f1' })).toBe('#/filters/f1');
    expect(homeHref({ targetType: 'journal', targetId: 'today' })).toBe('#/journal');
    expect(homeHref({ targetType: 'section', targetId: 'notes' })).toBe('#/');
    expect(homeHref({ targetType: 'section', targetId: 'inbox' })).toBe('#/inbox');
    expect(entityHref('project', 'p1')).toBe('#/tasks/project/p1');
    const at = '2026-11-21T09:00:00';
    expect(reminderRoute({ remindAt: at, targetType: 'journal', targetId: 'j2026-11-21' })).toBe(
      '#/journal/j2026-11-21',
    );
    expect(reminderRoute({ remindAt: at, targetType: 'event', targetId: 'e1' })).toBe(
      '#/calendar/week/2026-11-21',
    );
    expect(reminderRoute({ remindAt: at, targetType: 'inbox', targetId: null })).toBe('#/inbox');
    expect(reminderRoute({ remindAt: at, targetType: 'canvas', targetId: 'c1' })).toBe('#/reminders');
    expect(reminderRoute({ remindAt: at, targetType: null, targetId: null })).toBe('#/reminders');
  });
});
