import { describe, expect, it } from 'vitest';
import {
  OPEN_ROUTE,
  readNotificationTarget,
  readOpenRoute,
} from '../../../src/sw/notifications/notificationMessages';
import { type OpenWindow, planNotificationClick } from '../../../src/sw/notifications/planNotificationClick';
import { reminderNotificationData, reminderRoute } from '../../../src/ui/planning/reminders/reminderRoute';

const SCOPE = 'https://cairn.test/';
const win = (id: string, url: string, focused = false): OpenWindow => ({ id, url, focused });
const target = (route: string, vaultId: string | null = 'v1') =>
  ({ kind: 'cairn-notification', route, vaultId }) as const;

describe('planNotificationClick', () => {
  it('reuses the window of the same vault, the focused one first', () => {
    const windows = [
      win('a', 'https://cairn.test/?vault=v2#/'),
      win('b', 'https://cairn.test/?vault=v1#/tasks'),
      win('c', 'https://cairn.test/?vault=v1#/inbox', true),
    ];
    expect(planNotificationClick(target('#/note/n1'), windows, SCOPE)).toEqual({
      kind: 'focus',
      windowId: 'c',
      route: '#/note/n1',
    });
  });

  it('takes the most recent same-vault window when none is focused', () => {
    const windows = [win('b', 'https://cairn.test/?vault=v1'), win('c', 'https://cairn.test/?vault=v1')];
    expect(planNotificationClick(target('#/reminders'), windows, SCOPE)).toMatchObject({ windowId: 'b' });
  });

  it('falls back to a window without ?vault= (it shows the vault opened last)', () => {
    const windows = [
      win('a', 'https://cairn.test/?vault=v2', true),
      win('b', 'https://cairn.test/#/journal'),
    ];
    expect(planNotificationClick(target('#/tasks/task/t1'), windows, SCOPE)).toMatchObject({
      kind: 'focus',
      windowId: 'b',
    });
  });

  it('never reuses a window of another vault or another origin: it opens one on the vault at the route', () => {
    const windows = [
      win('a', 'https://cairn.test/?vault=v2', true),
      win('x', 'https://other.test/?vault=v1'),
    ];
    expect(planNotificationClick(target('#/note/n%201'), windows, SCOPE)).toEqual({
      kind: 'open',
      url: 'https://cairn.test/?vault=v1#/note/n%201',
    });
  });

  it('opens at the scope without a vault when the notification names none and no window is open', () => {
    expect(planNotificationClick(target('#/reminders', null), [], SCOPE)).toEqual({
      kind: 'open',
      url: 'https://cairn.test/#/reminders',
    });
    expect(
      planNotificationClick(target('#/reminders', null), [win('a', 'https://cairn.test/?vault=v9')], SCOPE),
    ).toMatchObject({ kind: 'focus', windowId: 'a' });
  });
});

describe('notification messages', () => {
  it('reads only Cairn notification data with a hash route', () => {
    expect(readNotificationTarget(target('#/note/a'))).toEqual(target('#/note/a'));
    expect(readNotificationTarget({ kind: 'cairn-notification', route: 'https://evil.test/' })).toBeNull();
    expect(readNotificationTarget({ kind: 'cairn-notification', route: '#/x y' })).toBeNull();
    expect(readNotificationTarget({ route: '#/note/a' })).toBeNull();
    expect(readNotificationTarget(null)).toBeNull();
    expect(readNotificationTarget({ kind: 'cairn-notification', route: '#/a', vaultId: 3 })).toEqual(
      target('#/a', null),
    );
  });

  it('reads the open-route message and nothing else', () => {
    expect(readOpenRoute({ type: OPEN_ROUTE, route: '#/inbox' })).toBe('#/inbox');
    expect(readOpenRoute({ type: OPEN_ROUTE, route: 'javascript:alert(1)' })).toBeNull();
    expect(readOpenRoute({ type: 'other', route: '#/inbox' })).toBeNull();
    expect(readOpenRoute('#/inbox')).toBeNull();
  });
});

describe('reminderRoute', () => {
  const at = '2026-03-10T09:00:00.000Z';
  it('opens the reminder’s item', () => {
    expect(reminderRoute({ remindAt: at, targetType: 'note', targetId: 'n/1' })).toBe('#/note/n%2F1');
    expect(reminderRoute({ remindAt: at, targetType: 'task', targetId: 't1' })).toBe('#/tasks/task/t1');
    expect(reminderRoute({ remindAt: at, targetType: 'project', targetId: 'p1' })).toBe('#/tasks/project/p1');
    expect(reminderRoute({ remindAt: at, targetType: 'journal', targetId: 'j2026-03-10' })).toBe(
      '#/journal/j2026-03-10',
    );
    expect(reminderRoute({ remindAt: at, targetType: 'inbox', targetId: 'i1' })).toBe('#/inbox');
  });

  it('opens an event’s reminder on the calendar week of the reminder’s local day', () => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    const day = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
    expect(reminderRoute({ remindAt: at, targetType: 'event', targetId: 'e1' })).toBe(
      `#/calendar/week/${day}`,
    );
  });

  it('opens the Reminders list for a reminder about nothing', () => {
    expect(reminderRoute({ remindAt: at, targetType: null, targetId: null })).toBe('#/reminders');
  });

  it('puts the route and the vault into the notification data the service worker reads back', () => {
    const data = reminderNotificationData({ remindAt: at, targetType: 'task', targetId: 't1' }, 'v1');
    expect(readNotificationTarget(data)).toEqual(target('#/tasks/task/t1'));
  });
});
