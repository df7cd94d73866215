import { expect, type Page, test } from '@playwright/test';
import { callTool, openControlled, type ToolCallResult } from './mcpPage';

// "Convert checkbox lines to tasks for agents" (spec 4.2), switched in the real settings dialog
// and exercised through the real /mcp endpoint and approval dialog.

test.describe.configure({ timeout: 90_000 });

const CONTENT = '# Trip\n- [ ] book the train\n  - [ ] compare fares\n- [x] ask for leave\n';

async function createAllowed(page: Page, title: string): Promise<ToolCallResult> {
  const pending = callTool(page, 'vault_create_note', { title, content_markdown: CONTENT });
  const dialog = page.getByRole('dialog', { name: 'Agent request' });
  await expect(dialog).toBeVisible();
  const summary = dialog.getByText(`Create note "${title}"`);
  await expect(summary).toBeVisible();
  const text = (await summary.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  const result = await pending;
  expect(result.isError).toBeUndefined();
  return { ...result, structuredContent: { ...result.structuredContent, summary: text } };
}

test('off by default; switched on in settings, checkbox lines become linked tasks', async ({ page }) => {
  await openControlled(page);

  const off = await createAllowed(page, 'Trip off');
  expect(off.structuredContent).not.toHaveProperty('created_tasks');
  expect(off.structuredContent.summary).not.toContain('become tasks');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const convert = settings.getByRole('checkbox', { name: /convert checkbox lines to tasks for agents/i });
  await convert.scrollIntoViewIfNeeded();
  await expect(convert).not.toBeChecked();
  await convert.check();
  await expect(convert).toBeChecked();
  await settings.getByRole('button', { name: 'Close' }).click();

  const on = await createAllowed(page, 'Trip on');
  expect(on.structuredContent.summary).toContain('2 checkbox lines become tasks');
  const created = on.structuredContent.created_tasks as {
    id: string;
    title: string;
    parent_id: string | null;
  }[];
  expect(created.map((t) => t.title)).toEqual(['book the train', 'compare fares']);
  expect(created[1]?.parent_id).toBe(created[0]?.id);

  const read = await callTool(page, 'vault_read_note', { id: on.structuredContent.id as string });
  const body = read.structuredContent.content_markdown as string;
  expect(body).toContain(`- book the train ([task](svc://task/${created[0]?.id}))`);
  expect(body).toContain('- [x] ask for leave');
  const task = await callTool(page, 'vault_get_task', { id: created[0]?.id ?? '' });
  expect(task.structuredContent).toMatchObject({ sourceNoteId: on.structuredContent.id, subtaskCount: 1 });

  // The user sees the task where tasks live.
  await page.goto('/#/tasks/project/inbox');
  await expect(page.getByRole('button', { name: 'book the train' }).first()).toBeVisible();
});
