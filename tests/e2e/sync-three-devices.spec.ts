import { type Browser, expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { addNote, caretAt, drawRectangle, go, interleave, offline } from './deviceActions';
import { newNote, replaceBody } from './editor';
import {
  addTask,
  backToList,
  closeSettings,
  editTask,
  expectTask,
  firstDevice,
  inboxTasks,
  indicator,
  joinByLink,
  joinWithRecoveryKey,
  nav,
  noteBody,
  openNote,
  openSettings,
  openTask,
  SYNC_WAIT,
  settle,
  showRecoveryKeyAgain,
  syncNow,
  uniqueEmail,
} from './syncDevices';

// Three browser contexts are three devices of one account against the real local service, set
// up ONCE for the serial tests below (every set-up costs three sign-ins, a recovery-key unlock
// and a link: the slowest part of these tests). A sets the vault up and shows its recovery key
// again, B joins with that re-shown key, C is linked from A with the 6-digit code. Then: the same
// key on every device; notes, tasks, journal entries and canvases crossing devices by the
// service's socket alone; concurrent edits; a device offline for a while; deletes it missed;
// revoking it. Each test leaves the three converged for the next. Merge rules: docs/sync-client.md.

test.describe.configure({ mode: 'serial' });

let a: Page;
let b: Page;
let c: Page;
let atSetUp = '';
let reShown = '';

async function threeDevices(browser: Browser) {
  const email = uniqueEmail('three');
  const first = await firstDevice(browser, email);
  a = first.page;
  atSetUp = first.recoveryKey;
  reShown = await showRecoveryKeyAgain(a);
  b = await joinWithRecoveryKey(browser, email, reShown);
  c = await joinByLink(browser, email, a);
}

test.beforeAll(async ({ browser }) => {
  // three sign-ins, a recovery-key unlock and a link: a loaded 2-core machine needs minutes
  test.setTimeout(300_000);
  await threeDevices(browser);
});

test.afterAll(async () => {
  for (const p of [a, b, c]) await p?.context().close();
});

test('a device that joined with the re-shown key, and one linked by code, show the same key', async () => {
  test.setTimeout(90_000);
  expect(reShown).toBe(atSetUp);
  for (const p of [b, c]) {
    expect(await showRecoveryKeyAgain(p)).toBe(atSetUp);
    await closeSettings(p);
  }
});

/** The Inbox task `title` in the task editor, after a full load of the Inbox. */
async function openTaskAfterLoad(page: Page, title: string) {
  await go(page, '#/tasks/project/inbox');
  await page.getByRole('button', { name: title }).first().click({ timeout: SYNC_WAIT });
  await expect(page.getByRole('region', { name: 'Task editor' })).toBeVisible();
}

// Nothing in this test asks for a sync before the journal: the socket wakes the others' pulls.
test('notes, tasks, journal entries and canvases made, edited and deleted on one device reach the other two', async () => {
  test.setTimeout(240_000);
  // a note: made on A, edited on B, deleted on C
  await newNote(a, 'Shared note', 'first words');
  await backToList(a);
  for (const p of [b, c])
    await expect(p.getByRole('button', { name: 'Shared note' })).toBeVisible({ timeout: SYNC_WAIT });
  await b.getByRole('button', { name: 'Shared note' }).click();
  await expect(b.getByRole('textbox', { name: 'Note body' })).toHaveText('first words', {
    timeout: SYNC_WAIT,
  });
  await replaceBody(b, 'edited on B');
  await expect(b.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await backToList(b);
  for (const p of [a, c]) {
    await p.getByRole('button', { name: 'Shared note' }).click();
    await expect(p.getByRole('textbox', { name: 'Note body' })).toHaveText('edited on B', {
      timeout: SYNC_WAIT,
    });
  }
  await backToList(a);
  await c.getByRole('button', { name: 'Delete note' }).click();
  await expect(c.getByRole('button', { name: 'Shared note' })).toHaveCount(0);
  for (const p of [a, b])
    await expect(p.getByRole('button', { name: 'Shared note' })).toHaveCount(0, { timeout: SYNC_WAIT });

  // a task: made on A, renamed and re-prioritised on B while C has it open, deleted on C
  await go(a, '#/tasks/project/inbox');
  await a.getByRole('textbox', { name: 'New task in this project' }).fill('Buy paint');
  await a.getByRole('button', { name: 'Add' }).click();
  await expect(a.getByRole('button', { name: 'Buy paint' }).first()).toBeVisible();
  await openTaskAfterLoad(c, 'Buy paint');
  await openTaskAfterLoad(b, 'Buy paint');
  await b.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High' });
  await b.getByRole('textbox', { name: 'Title', exact: true }).fill('Buy blue paint');
  await b.getByRole('button', { name: 'Save task' }).click();
  // C had the task open: its editor follows the remote edit in place
  await expect(c.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Buy blue paint', {
    timeout: SYNC_WAIT,
  });
  await expect(c.getByRole('combobox', { name: 'Priority' })).toHaveValue('3');
  await c.getByRole('button', { name: 'Delete task' }).click();
  await expect(c.getByRole('region', { name: 'Task editor' })).toHaveCount(0);
  for (const p of [a, b]) {
    await go(p, '#/tasks/project/inbox');
    await expect(p.getByRole('button', { name: 'Buy blue paint' })).toHaveCount(0, { timeout: SYNC_WAIT });
  }

  // today's journal entry: written on A, extended on B, deleted on C
  const entry = (p: Page) => p.getByRole('textbox', { name: 'Journal entry' });
  await go(a, '#/journal');
  await entry(a).fill('Rain all day.');
  await a.getByRole('button', { name: 'Save entry' }).click();
  await expect(a.getByRole('region', { name: 'Entry' }).getByRole('status')).toHaveText('Saved');
  // B edits only once A's body is on the service and B has it: a device that writes to an entry
  // whose record arrived before its body seeds the body from markdown, and the two merge into
  // duplicated text (the markdown-seed risk of issue 7, seen here on the phone run)
  await syncNow(a);
  await syncNow(b);
  await go(b, '#/journal');
  await expect(entry(b)).toHaveValue('Rain all day.', { timeout: SYNC_WAIT });
  await entry(b).fill('Rain all day. Then sun.');
  await b.getByRole('button', { name: 'Save entry' }).click();
  await expect(b.getByRole('region', { name: 'Entry' }).getByRole('status')).toHaveText('Saved');
  await go(c, '#/journal');
  await expect(entry(c)).toHaveValue('Rain all day. Then sun.', { timeout: SYNC_WAIT });
  await expect(entry(a)).toHaveValue('Rain all day. Then sun.', { timeout: SYNC_WAIT });
  // a deleted entry goes to the Trash (issue 17 part 5: no question asked), on every device
  await c.getByRole('button', { name: 'Delete entry' }).click();
  const inTrash = (p: Page) =>
    p.getByRole('region', { name: 'Entry' }).getByText('This day’s entry is in the Trash.');
  await expect(inTrash(c)).toBeVisible();
  for (const p of [a, b]) await expect(inTrash(p)).toBeVisible({ timeout: SYNC_WAIT });

  // a canvas: made and drawn on A, deleted on B; C saw it, then sees it go
  await go(a, '#/canvas');
  await a.getByRole('textbox', { name: 'New canvas name (Folder/Title)' }).fill('Board');
  await a.getByRole('button', { name: 'Add' }).click();
  await expect(a.getByRole('heading', { name: 'Board' })).toBeVisible();
  await drawRectangle(a);
  await expect(a.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  const listed = (p: Page) => p.getByRole('link', { name: /^Board/ });
  for (const p of [b, c]) {
    await go(p, '#/canvas');
    await expect(listed(p)).toContainText('1 elements', { timeout: SYNC_WAIT });
  }
  await listed(b).click();
  await expect(b.getByRole('button', { name: 'Rectangle 1', exact: true })).toBeVisible();
  await b.getByRole('button', { name: 'Delete canvas' }).click(); // to the Trash, no question
  await expect(b.getByRole('heading', { name: 'Canvases' })).toBeVisible();
  await expect(listed(b)).toHaveCount(0);
  await expect(listed(c)).toHaveCount(0, { timeout: SYNC_WAIT });
  await go(a, '#/canvas');
  await expect(listed(a)).toHaveCount(0, { timeout: SYNC_WAIT });
});

test('three devices typing at once in one note converge character by character', async () => {
  test.setTimeout(180_000);
  await addNote(a, 'Typing together', 'one two three');
  for (const p of [b, c]) {
    await openNote(p, 'Typing together');
    await expect(noteBody(p)).toHaveText('one two three', { timeout: SYNC_WAIT });
  }
  await caretAt(a, 0);
  await caretAt(b, 'one'.length);
  await caretAt(c, 'end');
  // every keystroke is its own Yjs update; the socket wakes carry them across while the others type
  await interleave([
    [a, 'alpha '],
    [b, ' bravo'],
    [c, ' charlie'],
  ]);
  const expected = 'alpha one bravo two three charlie';
  for (const p of [a, b, c]) await expect(noteBody(p)).toHaveText(expected, { timeout: SYNC_WAIT });
  await settle(a, b, c);
  for (const p of [a, b, c]) await expect(noteBody(p)).toHaveText(expected);
});

test('task edits made before either device pushed: different fields both survive, the same field goes by the rule', async () => {
  test.setTimeout(240_000);
  await addTask(a, 'Paint the fence');
  await addTask(a, 'Fix the gate');
  for (const p of [b, c]) {
    await inboxTasks(p);
    await expect(p.getByRole('button', { name: 'Fix the gate', exact: true })).toBeVisible({
      timeout: SYNC_WAIT,
    });
    await expect(p.getByRole('button', { name: 'Paint the fence', exact: true })).toBeVisible();
  }
  await offline(a, true);
  await offline(b, true);
  // different fields: the title on A, the priority and due date on B
  await editTask(a, 'Paint the fence', { title: 'Paint the fence white' });
  await editTask(b, 'Paint the fence', { priority: 'High', due: '2026-12-24' });
  // the same field: A changes the priority twice (its clock sum is one higher) and B once, and
  // both rename the task once (equal sums: the device applying the other's write takes it)
  await editTask(a, 'Fix the gate', { priority: 'Low', title: 'Fix the gate today' });
  await editTask(a, 'Fix the gate today', { priority: 'Medium' });
  await editTask(b, 'Fix the gate', { priority: 'High', title: 'Fix the gate tomorrow' });
  for (const p of [a, b]) await expect(indicator(p)).not.toHaveText('Synced');

  // A pushes first; B's push then overwrites the service's copy (a cycle pushes before it pulls),
  // so A applies B's rename as the remote write that wins the tie, and B's copy is A's merge
  await offline(a, false);
  await syncNow(a);
  await offline(b, false);
  await syncNow(b);
  await settle(a, b, c);
  for (const p of [a, b, c]) {
    await openTask(p, 'Paint the fence white');
    await expectTask(p, { priority: 'High', due: '2026-12-24' });
    // the larger tick sum wins the priority although B wrote last; the tied title is B's
    await openTask(p, 'Fix the gate tomorrow');
    await expectTask(p, { priority: 'Medium' });
    await expect(p.getByRole('button', { name: 'Fix the gate today', exact: true })).toHaveCount(0);
  }
});

test('a device offline for a while comes back with its edits and loses nothing of the others’', async () => {
  test.setTimeout(240_000);
  await offline(c, true);
  // C, offline: a new note, an edit of a shared note, a new task, an edit of a shared task
  await addNote(c, 'Written on the train', 'offline words');
  await openNote(c, 'Typing together');
  await caretAt(c, 'end');
  await c.keyboard.type(' delta');
  await expect(c.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await addTask(c, 'Offline task');
  await editTask(c, 'Paint the fence white', { priority: 'Low' });
  // meanwhile the others edit too: A the same note and a new note, B a new task and another field
  await openNote(a, 'Typing together');
  await caretAt(a, 0);
  await a.keyboard.type('echo ');
  await expect(a.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await backToList(a);
  await addNote(a, 'While C was away', 'news from A');
  await addTask(b, 'Task from B');
  await editTask(b, 'Paint the fence white', { due: '2027-01-05' });
  await syncNow(a);
  await syncNow(b);
  await expect(indicator(c)).not.toHaveText('Synced');

  await offline(c, false);
  await settle(c, a, b);
  const text = 'echo alpha one bravo two three charlie delta';
  for (const p of [a, b, c]) {
    await openNote(p, 'Typing together');
    await expect(noteBody(p)).toHaveText(text, { timeout: SYNC_WAIT });
    await openNote(p, 'Written on the train');
    await expect(noteBody(p)).toHaveText('offline words', { timeout: SYNC_WAIT });
    await openNote(p, 'While C was away');
    await expect(noteBody(p)).toHaveText('news from A', { timeout: SYNC_WAIT });
    await inboxTasks(p);
    await expect(p.getByRole('button', { name: 'Offline task', exact: true })).toBeVisible();
    await expect(p.getByRole('button', { name: 'Task from B', exact: true })).toBeVisible();
    await openTask(p, 'Paint the fence white');
    await expectTask(p, { priority: 'Low', due: '2027-01-05' });
  }
});

test('a delete made while a device was offline holds there, also over its own edit of the deleted item', async () => {
  test.setTimeout(240_000);
  await addNote(a, 'Soon gone', 'delete me');
  await addTask(a, 'Cancelled task');
  for (const p of [b, c]) {
    await inboxTasks(p);
    await expect(p.getByRole('button', { name: 'Cancelled task', exact: true })).toBeVisible({
      timeout: SYNC_WAIT,
    });
    await openNote(p, 'Soon gone');
  }
  await offline(c, true);
  await openNote(a, 'Soon gone');
  await a.getByRole('button', { name: 'Delete note' }).click();
  await expect(a).not.toHaveURL(/#\/note\//); // deleted: the app closed the note
  await openTask(a, 'Cancelled task');
  await a.getByRole('button', { name: 'Delete task' }).click();
  await expect(a.getByRole('region', { name: 'Task editor' })).toHaveCount(0);
  await syncNow(a);
  for (const p of [a, b]) {
    await nav(p, '#/');
    await backToList(p);
    await expect(p.getByRole('button', { name: 'Soon gone', exact: true })).toHaveCount(0, {
      timeout: SYNC_WAIT,
    });
  }
  // C, offline, still has both, and renames the task: an edit concurrent with the delete, which
  // the delete's clock does not precede, so the delete wins (docs/sync-client.md, Pull: Apply)
  await editTask(c, 'Cancelled task', { title: 'Cancelled task, renamed offline' });

  await offline(c, false);
  await settle(c, a, b);
  for (const [name, p] of [
    ['A', a],
    ['B', b],
    ['C', c],
  ] as const) {
    await nav(p, '#/');
    await backToList(p);
    await expect(p.getByRole('button', { name: 'Soon gone', exact: true }), `on ${name}`).toHaveCount(0);
    await expect(p.getByRole('button', { name: 'While C was away', exact: true })).toBeVisible();
    await inboxTasks(p);
    await expect(p.getByRole('button', { name: 'Offline task', exact: true })).toBeVisible();
    await expect(p.getByRole('button', { name: /^Cancelled task/ }), `on ${name}`).toHaveCount(0, {
      timeout: SYNC_WAIT,
    });
  }
});

test('a revoked device stops syncing: it says so, receives nothing new and sends nothing', async () => {
  test.setTimeout(180_000);
  await openSettings(a);
  const devices = a.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  // the service lists devices by creation: C, linked last, is the last one
  await devices
    .getByRole('listitem')
    .last()
    .getByRole('button', { name: /^Revoke / })
    .click();
  await devices.getByRole('alertdialog').getByRole('button', { name: 'Revoke device' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await a.getByRole('button', { name: 'Close' }).click();

  // C's next sync fails with a clear message
  const panel = await openSettings(c);
  await panel.getByRole('button', { name: 'Sync now' }).click();
  await expect(indicator(c)).toHaveText('Sync stopped: device revoked', { timeout: SYNC_WAIT });
  await expect(panel.getByRole('alert')).toContainText('revoked');
  // Escape closes the dialog: on the phone run the Close button at its foot was once covered by
  // the Backup section's fields for minutes after the revoke (reported, not yet explained)
  await c.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // edits on both sides: B still gets A's, C gets nothing and A nothing of C's
  await addNote(c, 'Written after the revoke');
  await addNote(a, 'Sent after the revoke');
  await openNote(b, 'Sent after the revoke');
  await settle(a, b);
  for (const p of [a, b]) {
    await nav(p, '#/');
    await backToList(p);
    await expect(p.getByRole('button', { name: 'Written after the revoke', exact: true })).toHaveCount(0);
  }
  await c.reload();
  await appReady(c);
  await expect(indicator(c)).toHaveText('Sync stopped: device revoked');
  await backToList(c);
  await expect(c.getByRole('button', { name: 'Written after the revoke', exact: true })).toBeVisible();
  await expect(c.getByRole('button', { name: 'Sent after the revoke', exact: true })).toHaveCount(0);
});
