import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { showSource } from './editor';

/** A vault folder on disk: three notes in Projects with frontmatter properties. */
function makeVault(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'cairn-fv-')), 'Vault');
  mkdirSync(join(root, 'Projects'), { recursive: true });
  const notes: Record<string, string> = {
    Alpha: 'status: Active\npriority: 2',
    Beta: 'status: Done\npriority: 10',
    Gamma: 'priority: 1',
  };
  for (const [title, yaml] of Object.entries(notes))
    writeFileSync(join(root, 'Projects', `${title}.md`), `---\n${yaml}\n---\n${title} body.\n`);
  return root;
}

async function showFolders(page: Page) {
  const toggle = page.getByRole('button', { name: 'Folders', expanded: false });
  if (await toggle.isVisible()) await toggle.click();
}

const titles = (page: Page) => page.getByRole('region', { name: 'Notes in Projects' }).getByRole('rowheader');

test('folder table: columns, sort, filter, in-place edit, open a note, saved views', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  const vault = makeVault();
  try {
    await page.goto('/');
    await appReady(page);
    await showFolders(page);
    await page.getByLabel('Import a folder').setInputFiles(vault);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes' })).toBeVisible();

    // From the folder tree, by keyboard: the chosen folder's table link follows its button.
    await page.getByRole('button', { name: 'Folder Projects' }).click();
    await showFolders(page);
    await page.getByRole('button', { name: 'Folder Projects' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Table view of Projects' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Table: Projects' })).toBeVisible();
    await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);
    const table = page.getByRole('table', { name: 'Notes in Projects' });
    await expect(table.getByRole('columnheader')).toHaveText(['Title', 'priority', 'status']);
    await expect(page.getByRole('textbox', { name: 'status of Alpha' })).toHaveValue('Active');

    // Sort by a property, both ways; filter on one.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('priority');
    await expect(titles(page)).toHaveText(['Gamma', 'Alpha', 'Beta']);
    await page.getByRole('combobox', { name: 'Order' }).selectOption('desc');
    await expect(titles(page)).toHaveText(['Beta', 'Alpha', 'Gamma']);
    await page.getByRole('combobox', { name: 'Filter by' }).selectOption('status');
    await page.getByRole('searchbox', { name: 'Contains' }).fill('act');
    await expect(titles(page)).toHaveText(['Alpha']);
    await expect(page.getByText('1 of 3 notes')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Contains' }).fill('');
    await expect(titles(page)).toHaveCount(3);

    // Edit a cell in place: written into the note's frontmatter.
    const cell = page.getByRole('textbox', { name: 'status of Gamma' });
    await cell.fill('Waiting');
    await cell.press('Enter');
    await expect(page.getByRole('textbox', { name: 'status of Gamma' })).toHaveValue('Waiting');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('status');
    await page.getByRole('combobox', { name: 'Order' }).selectOption('asc');
    await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);
    await page.getByRole('link', { name: 'Gamma' }).click();
    await showSource(page);
    await expect(page.getByRole('textbox', { name: 'Note body' })).toContainText('status: Waiting');
    await expect(page.getByRole('textbox', { name: 'Note body' })).toContainText('priority: 1');
    await page.goBack();

    // Saved views: create from what is shown, drop a column, kept over a reload.
    await expect(titles(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'New view' }).click();
    await page.getByRole('textbox', { name: 'View name' }).fill('Triage');
    await page.getByRole('button', { name: 'Create view' }).click();
    await expect(page.getByRole('combobox', { name: 'View' })).toHaveText(/Triage/);
    await page.getByText(/^Columns \(\d+\)$/).click();
    await page.getByRole('checkbox', { name: /^priority/ }).uncheck();
    await expect(table.getByRole('columnheader')).toHaveText(['Title', 'status']);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('status');
    await page.getByRole('combobox', { name: 'Order' }).selectOption('desc');
    await expect(titles(page)).toHaveText(['Gamma', 'Beta', 'Alpha']);

    await page.reload();
    await expect(titles(page)).toHaveText(['Gamma', 'Beta', 'Alpha']);
    const viewBox = page.getByRole('combobox', { name: 'View' });
    await expect(viewBox.locator('option:checked')).toHaveText('Triage');
    await expect(table.getByRole('columnheader')).toHaveText(['Title', 'status']);

    await viewBox.selectOption({ label: 'All properties' });
    await expect(table.getByRole('columnheader')).toHaveText(['Title', 'priority', 'status']);
    await viewBox.selectOption({ label: 'Triage' });
    await page.getByRole('button', { name: 'Rename view' }).click();
    await page.getByRole('textbox', { name: 'View name' }).fill('Inbox triage');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(viewBox.locator('option:checked')).toHaveText('Inbox triage');
    await page.getByRole('button', { name: 'Delete view' }).click();
    await expect(viewBox.locator('option')).toHaveText(['All properties']);
    await page.reload();
    await expect(viewBox.locator('option')).toHaveText(['All properties']);
    await expect(table.getByRole('columnheader')).toHaveText(['Title', 'priority', 'status']);

    // The table scrolls inside its region, which stays within the screen; dark theme from the variables.
    const region = page.getByRole('region', { name: 'Notes in Projects' });
    const box = await region.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(region).toHaveCSS('background-color', 'rgb(26, 34, 32)');
  } finally {
    rmSync(join(vault, '..'), { recursive: true, force: true });
  }
});

test('a saved filter survives a reload; a view saved in one tab appears live in another', async ({
  page,
  context,
}) => {
  const vault = makeVault();
  try {
    await page.goto('/');
    await appReady(page);
    await showFolders(page);
    await page.getByLabel('Import a folder').setInputFiles(vault);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes' })).toBeVisible();
    await page.goto('/#/folder/Projects');
    await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);

    const other = await context.newPage();
    await other.goto('/#/folder/Projects');
    await expect(titles(other)).toHaveText(['Alpha', 'Beta', 'Gamma']);
    const otherViews = other.getByRole('combobox', { name: 'View' });
    await expect(otherViews.locator('option')).toHaveText(['All properties']);

    // A view created here shows up in the other tab without a reload, and so does its filter.
    await page.getByRole('button', { name: 'New view' }).click();
    await page.getByRole('textbox', { name: 'View name' }).fill('Active');
    await page.getByRole('button', { name: 'Create view' }).click();
    await expect(otherViews.locator('option')).toHaveText(['All properties', 'Active']);
    await page.getByRole('combobox', { name: 'Filter by' }).selectOption('status');
    await page.getByRole('searchbox', { name: 'Contains' }).fill('act');
    await expect(titles(page)).toHaveText(['Alpha']);
    await otherViews.selectOption({ label: 'Active' });
    await expect(titles(other)).toHaveText(['Alpha']);
    await expect(other.getByRole('searchbox', { name: 'Contains' })).toHaveValue('act');

    // Kept over a reload; the unsaved view has no filter; back on the saved view it returns.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'View' }).locator('option:checked')).toHaveText('Active');
    await expect(page.getByRole('searchbox', { name: 'Contains' })).toHaveValue('act');
    await expect(page.getByRole('combobox', { name: 'Filter by' })).toHaveValue('status');
    await expect(titles(page)).toHaveText(['Alpha']);
    await page.getByRole('combobox', { name: 'View' }).selectOption({ label: 'All properties' });
    await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);
    await expect(page.getByRole('searchbox', { name: 'Contains' })).toHaveValue('');
    await page.getByRole('combobox', { name: 'View' }).selectOption({ label: 'Active' });
    await expect(titles(page)).toHaveText(['Alpha']);

    // A rename being typed here keeps its text when another tab's save is read in meanwhile.
    await page.getByRole('button', { name: 'Rename view' }).click();
    await page.getByRole('textbox', { name: 'View name' }).fill('Active work');
    await other.getByRole('button', { name: 'New view' }).click();
    await other.getByRole('textbox', { name: 'View name' }).fill('Later');
    await other.getByRole('button', { name: 'Create view' }).click();
    await expect(page.getByRole('combobox', { name: 'View' }).locator('option')).toHaveText([
      'All properties',
      'Active',
      'Later',
    ]);
    await expect(page.getByRole('textbox', { name: 'View name' })).toHaveValue('Active work');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('combobox', { name: 'View' }).locator('option:checked')).toHaveText(
      'Active work',
    );
    await expect(otherViews.locator('option')).toHaveText(['All properties', 'Active work', 'Later']);
    await otherViews.selectOption({ label: 'Active work' });

    // Deleted in the other tab: gone here too.
    other.on('dialog', (d) => void d.accept());
    await other.getByRole('button', { name: 'Delete view' }).click();
    await expect(page.getByRole('combobox', { name: 'View' }).locator('option')).toHaveText([
      'All properties',
      'Later',
    ]);
    await expect(titles(page)).toHaveText(['Alpha', 'Beta', 'Gamma']);
  } finally {
    rmSync(join(vault, '..'), { recursive: true, force: true });
  }
});

test('a folder that does not exist says so', async ({ page }) => {
  await page.goto('/#/folder/Nowhere');
  await expect(page.getByRole('alert')).toHaveText('No folder "Nowhere"');
});
