import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { expectFitsWindow } from './fitsWindow';

async function openTasks(page: Page, hash = '#/tasks') {
  await page.goto(`/${hash}`);
  await appReady(page);
  await expect(page.getByRole('navigation', { name: 'Task views' })).toBeVisible();
}

// Desktop only: mouse drag is the desktop path; the phone uses the status menu (next test).
test('board: drag a card between statuses (desktop), the done column completes it, and it persists; completed tasks show as the setting says', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await openTasks(page, '#/tasks/project/inbox');
  await page.getByRole('textbox', { name: 'New task in this project' }).fill('Write the report');
  await page.getByRole('button', { name: 'Add' }).click();

  const todo = page.getByRole('region', { name: 'To do' });
  const doing = page.getByRole('region', { name: 'In progress' });
  const done = page.getByRole('region', { name: 'Done' });
  const card = todo.getByRole('listitem').filter({ hasText: 'Write the report' });
  await expect(card).toBeVisible();

  await card.dragTo(doing);
  await expect(doing.getByRole('button', { name: 'Write the report' })).toBeVisible();
  await expect(todo.getByRole('button', { name: 'Write the report' })).toHaveCount(0);

  // Completed tasks are hidden by default (task setting showCompleted): the Done column counts it.
  await doing.getByRole('listitem').filter({ hasText: 'Write the report' }).dragTo(done);
  await expect(done.getByText('1 completed task hidden')).toBeVisible();
  await expect(done.getByRole('button', { name: 'Write the report' })).toHaveCount(0);
  const showCompleted = page.getByRole('button', { name: 'Show completed' });
  await expect(showCompleted).toHaveAttribute('aria-pressed', 'false');
  await showCompleted.click();
  await expect(done.getByRole('button', { name: 'Write the report' })).toBeVisible();
  await expect(showCompleted).toHaveAttribute('aria-pressed', 'true');

  // The toggle is for this visit; the setting is what persists.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Done' }).getByText('1 completed task hidden')).toBeVisible();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('checkbox', { name: 'List completed tasks in project views' }).check();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('region', { name: 'Done' }).getByRole('button', { name: 'Write the report' }),
  ).toBeVisible();
  // In the Done column it is completed: the list layout shows it checked.
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('checkbox', { name: 'Reopen Write the report' })).toBeChecked();
});

test('board: move a card with the keyboard-accessible status menu', async ({ page }) => {
  await openTasks(page, '#/tasks/project/inbox');
  await page.getByRole('textbox', { name: 'New task in this project' }).fill('Call the plumber');
  await page.getByRole('button', { name: 'Add' }).click();
  const menu = page.getByRole('combobox', { name: 'Move Call the plumber to status' });
  await menu.focus();
  await menu.selectOption({ label: 'In progress' });
  await expect(
    page.getByRole('region', { name: 'In progress' }).getByRole('button', { name: 'Call the plumber' }),
  ).toBeVisible();
});

test('create a task for today, edit it, complete it (phone and desktop)', async ({ page }, info) => {
  await openTasks(page, '#/tasks/today');
  await page.getByRole('textbox', { name: 'New task for today' }).fill('Buy bread');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: 'Buy bread' })).toBeVisible();

  await page.getByRole('button', { name: 'Buy bread' }).click();
  await page.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High' });
  await page.getByRole('textbox', { name: 'Tags (comma separated)' }).fill('errands, #food');
  const desktop = info.project.name === 'desktop';
  if (desktop) {
    await page.getByRole('combobox', { name: 'Repeat', exact: true }).selectOption('weekly');
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByRole('checkbox', { name: 'Thursday' }).check();
  } else {
    // The repeat editor's widest shapes and the linked items fit a 390 px phone (then no repeat).
    const repeat = page.getByRole('combobox', { name: 'Repeat', exact: true });
    await repeat.selectOption('monthly');
    await page.getByRole('combobox', { name: 'Monthly by' }).selectOption('nth');
    await page.getByRole('combobox', { name: 'Ends' }).selectOption('count');
    await expect(page.getByRole('spinbutton', { name: 'Times in all' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Linked notes and canvases' })).toBeVisible();
    await expectFitsWindow(page, 'task editor, monthly repeat');
    await repeat.selectOption('yearly');
    await page.getByRole('combobox', { name: 'Ends' }).selectOption('date');
    await expect(page.getByLabel('End date')).toBeVisible();
    await expectFitsWindow(page, 'task editor, yearly repeat');
    await repeat.selectOption('none');
  }
  await page.getByRole('button', { name: 'Save task' }).click();
  await page.getByRole('textbox', { name: 'New subtask' }).fill('Check the list');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: 'Check the list' })).toBeVisible();
  if (desktop) {
    // The weekday rule was saved (the subtask, written after it, is there) and survives a reload.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Thursday' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked();
  }

  // A refusal says why and names the field.
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(' ');
  await page.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByRole('alert')).toContainText('title');

  await page.getByRole('button', { name: 'Back' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Buy bread' });
  await expect(row.getByText('High')).toBeVisible();
  await expect(row.getByText('0/1')).toBeVisible();
  if (!desktop) {
    // The selection bar wraps on a phone.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all in view' }).check();
    await expect(page.getByRole('group', { name: 'Selected tasks' }).getByText('1 selected')).toBeVisible();
    await expectFitsWindow(page, 'tasks, selection bar');
    await page.keyboard.press('Escape');
  }
  await page.getByRole('checkbox', { name: 'Complete Buy bread' }).click();
  await expect(page.getByText('Nothing due today.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Nothing due today.')).toBeVisible();
});

test('project edit, Stats, a project’s links and selection bar fit a phone, with a long project name', {
  tag: '@phone-only',
}, async ({ page }) => {
  const name = 'Renovate the garden shed before the spring rains arrive';
  await openTasks(page, '#/tasks/projects');
  await page.getByRole('textbox', { name: 'New project name' }).fill(name);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('textbox', { name: 'Name of Done' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Find a home note' })).toBeVisible();
  await expectFitsWindow(page, 'project edit');

  await page.getByRole('link', { name: 'Stats' }).click();
  // A project's name is an option of the Stats select: the longest one sets its width.
  await expect(page.getByRole('combobox', { name: 'Project' }).getByRole('option', { name })).toBeAttached();
  await expectFitsWindow(page, 'stats');

  await page.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await page.getByText(/^Links \(/).click();
  await expect(page.getByRole('searchbox', { name: 'Find an event to link' })).toBeVisible();
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Selected tasks' })).toBeVisible();
  await expectFitsWindow(page, 'project board: links panel, selection bar');
});

// Desktop only: the same controls on a phone; one run is enough.
test('project settings: rename a project, add a status and move it up (desktop)', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await openTasks(page, '#/tasks/projects');
  await page.getByRole('textbox', { name: 'New project name' }).fill('Garden');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('link', { name: 'Edit Garden' }).click();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Garden plans');
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByRole('textbox', { name: 'Name of Done' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New status name' }).fill('Review');
  await page.getByRole('button', { name: 'Add' }).click();
  const names = () =>
    page
      .getByRole('list', { name: 'Statuses' })
      .getByRole('textbox', { name: /^Name of / })
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  await expect.poll(names).toEqual(['To do', 'In progress', 'Done', 'Review']);
  await page.getByRole('button', { name: 'Move Review up' }).click();
  await expect.poll(names).toEqual(['To do', 'In progress', 'Review', 'Done']);

  await page.reload();
  await expect.poll(names).toEqual(['To do', 'In progress', 'Review', 'Done']);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('link', { name: 'Edit Garden plans' })).toBeVisible();
});

// Desktop only: no phone-specific UI here.
test('task editor: make a task a subtask and back; the Stats tab counts it (desktop)', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await openTasks(page, '#/tasks/today');
  for (const title of ['Plan the trip', 'Book the train']) {
    await page.getByRole('textbox', { name: 'New task for today' }).fill(title);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('button', { name: title })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Book the train' }).click();
  await page.getByRole('combobox', { name: 'Subtask of' }).selectOption({ label: 'Plan the trip' });
  await page.getByRole('button', { name: 'Make subtask' }).click();
  await page.getByRole('button', { name: 'Make a top-level task' }).click();
  await expect(page.getByRole('combobox', { name: 'Subtask of' })).toBeVisible();

  await page.getByRole('link', { name: 'Stats' }).click();
  const open = page.getByRole('definition').first();
  await expect(open).toHaveText('2');
});

// Desktop only: the same controls on a phone; one run is enough.
test('bulk: select two tasks, move them to another project, then complete them (desktop)', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await openTasks(page, '#/tasks/projects');
  await page.getByRole('textbox', { name: 'New project name' }).fill('Errands');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('link', { name: /Errands/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Today' }).click();
  for (const title of ['Buy stamps', 'Post the parcel', 'Water the plants']) {
    await page.getByRole('textbox', { name: 'New task for today' }).fill(title);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('button', { name: title })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Select', exact: true }).click();
  const bar = page.getByRole('group', { name: 'Selected tasks' });
  await page.getByRole('checkbox', { name: 'Select Buy stamps' }).check();
  await page.getByRole('checkbox', { name: 'Select Post the parcel' }).check();
  await expect(bar.getByText('2 selected')).toBeVisible();
  await bar.getByRole('combobox', { name: 'Move to project' }).selectOption({ label: 'Errands' });
  await bar.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved 2 tasks to Errands.' })).toBeVisible();

  // Still due today, so still in view and still selected: complete both at once.
  await expect(bar.getByText('2 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Completed 2 tasks.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy stamps' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Water the plants' })).toBeVisible();
  await expect(bar.getByText('0 selected')).toBeVisible();

  // Escape leaves selection mode: the row's checkbox completes again.
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Complete Water the plants' })).toBeVisible();

  // Both landed in Errands, completed: its Done column holds them (hidden until asked).
  await openTasks(page, '#/tasks/projects');
  await page
    .getByRole('link', { name: /Errands/ })
    .first()
    .click();
  const done = page.getByRole('region', { name: 'Done' });
  await expect(done.getByText('2 completed tasks hidden')).toBeVisible();
  await page.getByRole('button', { name: 'Show completed' }).click();
  await expect(done.getByRole('button', { name: 'Buy stamps' })).toBeVisible();
  await expect(done.getByRole('button', { name: 'Post the parcel' })).toBeVisible();
});

// Lost edits: a re-read of the record under an open form (here the change feed after the Archive
// button's write) must leave what the user typed, and the Status option chosen, as they are.
test('task editor: typing survives a re-read of the task, and the status shown stays the saved one', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await openTasks(page, '#/tasks/project/inbox');
  await page.getByRole('textbox', { name: 'New task in this project' }).fill('Paint the fence');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Paint the fence' }).click();
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption({ label: 'In progress' });
  await page.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByRole('status', { name: 'Task save' })).toHaveText('Saved');

  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const description = page.getByRole('textbox', { name: 'Description' });
  await title.fill('Paint the fence white');
  await description.fill('Two coats');
  await page.getByRole('button', { name: 'Archive' }).click();
  // The button's label comes from the re-read task: the re-read has landed.
  await expect(page.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  await expect(title).toHaveValue('Paint the fence white');
  await expect(description).toHaveValue('Two coats');
  await expect(status.locator('option:checked')).toHaveText('In progress');

  await page.getByRole('button', { name: 'Save task' }).click();
  // The reload waits for the save to be told committed: a reload sooner can go before the write
  await expect(page.getByRole('status', { name: 'Task save' })).toHaveText('Saved');
  await page.reload();
  await expect(title).toHaveValue('Paint the fence white');
  await expect(description).toHaveValue('Two coats');
  await expect(status.locator('option:checked')).toHaveText('In progress');
});

// The same field saved in another tab while it is typed in here: the typing wins until Save, and
// Save writes over the other tab's value (last writer wins); an untouched field follows.
test('task editor: a title and a repeat rule changed here survive another tab saving them; Save here wins', {
  tag: '@desktop-only',
}, async ({ context }) => {
  const a = await context.newPage();
  await openTasks(a, '#/tasks/project/inbox');
  await a.getByRole('textbox', { name: 'New task in this project' }).fill('Mend the gate');
  await a.getByRole('button', { name: 'Add' }).click();
  await a.getByRole('button', { name: 'Mend the gate' }).click();
  await expect(a.getByRole('button', { name: 'Archive' })).toBeVisible();
  const b = await context.newPage();
  await openTasks(b, new URL(a.url()).hash);
  const titleA = a.getByRole('textbox', { name: 'Title', exact: true });
  const titleB = b.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleB).toHaveValue('Mend the gate');

  const repeatA = a.getByRole('combobox', { name: 'Repeat', exact: true });
  const repeatB = b.getByRole('combobox', { name: 'Repeat', exact: true });
  await titleA.fill('Mend the gate latch');
  await a.getByRole('textbox', { name: 'Description' }).fill('New hinge');
  await repeatA.selectOption('weekly');
  await titleB.fill('Paint the gate');
  await repeatB.selectOption('daily');
  await b.getByRole('button', { name: 'Save task' }).click();
  await b.getByRole('button', { name: 'Archive' }).click();
  // A's button follows B's Archive: A has read the task again since B saved.
  await expect(a.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  await expect(repeatA).toHaveValue('weekly');
  await expect(titleA).toHaveValue('Mend the gate latch');
  await expect(a.getByRole('textbox', { name: 'Description' })).toHaveValue('New hinge');

  await a.getByRole('button', { name: 'Save task' }).click();
  await expect(titleB).toHaveValue('Mend the gate latch');
  await expect(b.getByRole('textbox', { name: 'Description' })).toHaveValue('New hinge');
  await expect(repeatB).toHaveValue('weekly');
  await a.reload();
  await expect(titleA).toHaveValue('Mend the gate latch');
});

test('project settings: a name and a status name typed here survive another tab saving them; Save here wins', {
  tag: '@desktop-only',
}, async ({ context }) => {
  const a = await context.newPage();
  await openTasks(a, '#/tasks/projects');
  await a.getByRole('textbox', { name: 'New project name' }).fill('Barn');
  await a.getByRole('button', { name: 'Add' }).click();
  await a.getByRole('link', { name: 'Edit Barn' }).click();
  const b = await context.newPage();
  await openTasks(b, new URL(a.url()).hash);
  const nameA = a.getByRole('textbox', { name: 'Name', exact: true });
  const nameB = b.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameB).toHaveValue('Barn');

  // A status name too (its box is named after the stored name, so found by place).
  const statusA = a
    .getByRole('list', { name: 'Statuses' })
    .getByRole('textbox', { name: /^Name of / })
    .first();
  const statusB = b
    .getByRole('list', { name: 'Statuses' })
    .getByRole('textbox', { name: /^Name of / })
    .first();
  await nameA.fill('Barn and loft');
  await statusA.fill('Backlog');
  await nameB.fill('Stable');
  await b.getByRole('button', { name: 'Save project' }).click();
  await statusB.fill('Queued');
  await statusB.press('Enter');
  await expect(b.getByRole('textbox', { name: 'Name of Queued' })).toBeVisible();
  await b.getByRole('button', { name: 'Archive project' }).click();
  await expect(a.getByRole('button', { name: 'Unarchive project' })).toBeVisible();
  await expect(statusA).toHaveValue('Backlog');
  await expect(nameA).toHaveValue('Barn and loft');

  await statusA.press('Enter');
  await a.getByRole('button', { name: 'Save project' }).click();
  await expect(nameB).toHaveValue('Barn and loft');
  await expect(statusB).toHaveValue('Backlog');
  await a.reload();
  await expect(nameA).toHaveValue('Barn and loft');
});

test('project settings: typing survives a re-read of the project', { tag: '@desktop-only' }, async ({
  page,
}) => {
  await openTasks(page, '#/tasks/projects');
  await page.getByRole('textbox', { name: 'New project name' }).fill('Orchard');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('link', { name: 'Edit Orchard' }).click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  const icon = page.getByRole('textbox', { name: 'Icon' });
  await name.fill('Orchard and hives');
  await icon.fill('apple');
  await page.getByRole('button', { name: 'Archive project' }).click();
  await expect(page.getByRole('button', { name: 'Unarchive project' })).toBeVisible();
  await expect(name).toHaveValue('Orchard and hives');
  await expect(icon).toHaveValue('apple');

  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByRole('status', { name: 'Project save' })).toHaveText('Saved');
  await page.reload();
  await expect(name).toHaveValue('Orchard and hives');
  await expect(icon).toHaveValue('apple');
});
