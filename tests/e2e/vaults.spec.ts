import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote } from './editor';
import { callTool, openControlled } from './mcpPage';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

const noteList = (page: Page) => page.locator('.list-pane');

test('a second vault keeps its own notes; switching back shows the first vault’s notes only', async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'Home note');
  await expect(page.getByTestId('vault-name')).toHaveText('My vault');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  let vaults = page.getByRole('region', { name: 'Vaults' });
  await vaults.getByRole('textbox', { name: 'New vault name' }).fill('Work');
  await vaults.getByRole('button', { name: 'Create vault' }).click();
  // The app is rebuilt on the new vault: the dialog is gone, its name shows, no notes yet.
  await expect(page.getByTestId('vault-name')).toHaveText('Work');
  await appReady(page);
  await expect(page).toHaveURL(/[?&]vault=/);
  await expect(page.locator('.count')).toHaveText('0 notes');
  await newNote(page, 'Work note');
  // (on a phone the list is behind the open note: its count says it)
  await expect(page.locator('.count')).toHaveText('1 note');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  vaults = page.getByRole('region', { name: 'Vaults' });
  await expect(vaults.getByRole('list', { name: 'Local vaults' }).getByRole('listitem')).toHaveCount(2);
  await vaults.getByRole('button', { name: 'Open My vault' }).click();
  await expect(page.getByTestId('vault-name')).toHaveText('My vault');
  await expect(noteList(page).getByText('Home note')).toBeVisible();
  await expect(noteList(page).getByText('Work note')).toHaveCount(0);

  // The address keeps the vault over a reload.
  await page.reload();
  await expect(page.getByTestId('vault-name')).toHaveText('My vault');
  await expect(noteList(page).getByText('Home note')).toBeVisible();
  await expect(noteList(page).getByText('Work note')).toHaveCount(0);
});

test('the open vault is renamed in place; an empty name is refused', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const vaults = page.getByRole('region', { name: 'Vaults' });
  const name = vaults.getByRole('textbox', { name: 'Name of this vault' });
  await expect(name).toHaveValue('My vault');
  await name.fill('   ');
  await vaults.getByRole('button', { name: 'Rename' }).click();
  await expect(vaults.getByRole('status')).toContainText('1 to 100 characters');
  await name.fill('Personal');
  await vaults.getByRole('button', { name: 'Rename' }).click();
  await expect(vaults.getByRole('status')).toHaveText('Renamed.');
  await expect(page.getByTestId('vault-name')).toHaveText('Personal');
});

// Desktop only: tool answers have no layout (as mcp-bridge, desktop only).
test('after a switch, the agent tools answer from the vault now open', { tag: '@desktop-only' }, async ({
  page,
}) => {
  await openControlled(page);
  await newNote(page, 'Home note');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const vaults = page.getByRole('region', { name: 'Vaults' });
  await vaults.getByRole('textbox', { name: 'New vault name' }).fill('Work');
  await vaults.getByRole('button', { name: 'Create vault' }).click();
  await expect(page.getByTestId('vault-name')).toHaveText('Work');
  await newNote(page, 'Work note');
  await expect
    .poll(async () => JSON.stringify(await callTool(page, 'vault_list_folder', { recursive: true })))
    .toContain('Work note');
  expect(JSON.stringify(await callTool(page, 'vault_list_folder', { recursive: true }))).not.toContain(
    'Home note',
  );
});

test('the open vault’s status counts what it holds, and its search index is rebuilt on request', async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'Status note', 'counted here');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const here = page.getByRole('region', { name: 'This vault' });
  const facts = here.getByRole('definition');
  const fact = (name: string) =>
    here.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(facts.first()).toBeVisible();
  await expect(fact('Notes')).toHaveText('1');
  await expect(fact('Tasks')).toHaveText('0');
  await expect(fact('Created')).toHaveText(/\d/);
  await expect(fact('Background work')).toHaveText('kept by this tab');

  await here.getByRole('button', { name: 'Rebuild search index' }).click();
  await expect(here.getByRole('status')).toHaveText(/^Search index rebuilt: 1 note in \d+ ms\.$/);
  await expect(fact('Search index')).toHaveText(/^\d+ documents?$/);
});
