import { expect, test } from '@playwright/test';
import { newNote } from './editor';
import { callTool, openControlled } from './mcpPage';

// Issue 6 part 4(a): a /mcp request is answered by the tab that made it (its clientId), not by
// whichever window is focused. Two tabs of one vault, each with its own note open, each ask
// vault_get_current_note through the real service worker and get their own note, in either order.

test.describe.configure({ timeout: 90_000 });

test('two tabs: each /mcp call is answered by the tab that made it', async ({ context }) => {
  const a = await context.newPage();
  await openControlled(a);
  await newNote(a, 'Alpha in tab A');
  const b = await context.newPage();
  await openControlled(b);
  await newNote(b, 'Beta in tab B');

  const currentTitle = async (page: typeof a) => {
    const r = await callTool(page, 'vault_get_current_note', {});
    expect(r.isError).toBeUndefined();
    return (r.structuredContent as { title?: string } | null)?.title;
  };
  for (const [page, title] of [
    [a, 'Alpha in tab A'],
    [b, 'Beta in tab B'],
    [a, 'Alpha in tab A'],
  ] as const) {
    await page.bringToFront();
    expect(await currentTitle(page)).toBe(title);
  }
  // the caller need not be in front: B answers for B while A is focused
  await a.bringToFront();
  expect(await currentTitle(b)).toBe('Beta in tab B');
});
