import { type Browser, expect, type Page, test } from '@playwright/test';
import { newNote } from './editor';
import {
  addTask,
  backToList,
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
  syncNow,
  uniqueEmail,
} from './syncDevices';

// Three browser contexts are three devices of one account against the real local service (A sets
// the vault up, B joins with the recovery key, C is linked from A with the code), set up ONCE for
// the serial tests below: concurrent edits, a device offline for a while, deletes it missed, and
// revoking it. Each test leaves the three converged for the next. Merge rules: docs/sync-client.md.

test.describe.configure({ mode: 'serial' });

let a: Page;
let b: Page;
let c: Page;

async function threeDevices(browser: Browser) {
  const email = uniqueEmail('conflicts');
  const first = await firstDevice(browser, email);
  a = first.page;
  b = await joinWithRecoveryKey(browser, email, first.recoveryKey);
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

/** Types `text` one key at a time into the focused editor of each device, the devices taking turns. */
async function interleave(runs: [Page, string][]) {
  const longest = Math.max(...runs.map(([, text]) => text.length));
  for (let i = 0; i < longest; i++)
    for (const [page, text] of runs) if (i < text.length) await page.keyboard.type(text[i]!);
}

/** Puts the caret of the open note's editor after `offset` characters of its text, or at its end. */
async function caretAt(page: Page, offset: number | 'end') {
  await noteBody(page).click();
  if (offset === 'end') return page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < offset; i++) await page.keyboard.press('ArrowRight');
}

const offline = (p: Page, value: boolean) => p.context().setOffline(value);

/** A new note from wherever the device is (the New note button is in the notes section). */
async function addNote(page: Page, title: string, body?: string) {
  await nav(page, '#/');
  await newNote(page, title, body);
}

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
  await expect(c.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(indicator(c)).toHaveText('Sync stopped: device revoked');
  await backToList(c);
  await expect(c.getByRole('button', { name: 'Written after the revoke', exact: true })).toBeVisible();
  await expect(c.getByRole('button', { name: 'Sent after the revoke', exact: true })).toHaveCount(0);
});
