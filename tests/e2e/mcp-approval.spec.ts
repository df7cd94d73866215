import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { openControlled } from './mcpPage';

// Approvals through the REAL service worker /mcp and the real dialog. `?approvalTimeoutMs=1500`
// shortens the 120 s time-out for the time-out case (src/ui/agent/approvalTimeout.ts).

// The build machine is shared and often loaded: first paint and the worker can be slow.
test.describe.configure({ timeout: 90_000 });

function callTool(page: Page, name: string, args: object) {
  return page.evaluate(
    async ({ name, args }) => {
      const res = await fetch('/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: args },
        }),
      });
      return (await res.json()).result as { isError?: boolean; structuredContent: Record<string, unknown> };
    },
    { name, args },
  );
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Agent request' });

test('allow once, then deny: the denial changes nothing and both are in the audit log', async ({ page }) => {
  await openControlled(page);
  const first = callTool(page, 'vault_create_folder', { path: 'Agent A' });
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('agent-caller')).toContainText('MCP client');
  await expect(dialog.getByText('vault_create_folder')).toBeVisible();
  await expect(dialog.locator('pre.agent-args')).toContainText('"path": "Agent A"');
  // A script in the page cannot approve: its click is not a trusted event.
  await page.evaluate(() => {
    for (const b of document.querySelectorAll<HTMLButtonElement>('dialog.agent-request button')) {
      if (b.textContent?.includes('Allow once')) b.click();
    }
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  expect((await first).isError).toBeUndefined();

  // "once" is not remembered: the next write asks again; Deny refuses it with APPROVAL_DENIED.
  const second = callTool(page, 'vault_create_folder', { path: 'Agent B' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Deny' }).click();
  const denied = await second;
  expect(denied.isError).toBe(true);
  expect(denied.structuredContent.code).toBe('APPROVAL_DENIED');
  const folders = await callTool(page, 'vault_list_folder', { recursive: true });
  expect(JSON.stringify(folders)).not.toContain('Agent B');

  await page.getByRole('button', { name: 'Settings' }).click();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Denied');
  await expect(rows.nth(1)).toContainText('Allowed once');
});

test('allow for this tab is remembered per tool; deletes never offer it; Escape and Close deny', async ({
  page,
}) => {
  await openControlled(page);
  const dialog = dialogOf(page);
  const first = callTool(page, 'vault_create_folder', { path: 'T1' });
  await dialog.getByRole('button', { name: 'Allow for this tab' }).click();
  expect((await first).isError).toBeUndefined();
  // Asked no more for this tool in this tab.
  expect((await callTool(page, 'vault_create_folder', { path: 'T2' })).isError).toBeUndefined();
  await expect(dialog).toBeHidden();

  const del = callTool(page, 'vault_delete_folder', { path: 'T2' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Allow once' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Allow for this tab' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const escaped = await del;
  expect(escaped.structuredContent.code).toBe('APPROVAL_DENIED');
  await expect(dialog).toBeHidden();

  // The dialog's Close button denies too, and nothing is deleted.
  const closed = callTool(page, 'vault_delete_folder', { path: 'T2' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  expect((await closed).structuredContent.code).toBe('APPROVAL_DENIED');
  await expect(dialog).toBeHidden();
  expect((await callTool(page, 'vault_list_folder', { path: 'T2' })).isError).toBeUndefined();
});

// Desktop only (session 9, CI time): the time-out is the approval queue's timer; the dialog's
// phone layout is covered by the two tests above, which run on both.
test('an unanswered request is denied at the time-out', { tag: '@desktop-only' }, async ({ page }) => {
  await openControlled(page, '?approvalTimeoutMs=1500');
  const pending = callTool(page, 'vault_create_folder', { path: 'Late' });
  await expect(dialogOf(page)).toBeVisible();
  const result = await pending;
  expect(result.structuredContent.code).toBe('APPROVAL_DENIED');
  await expect(dialogOf(page)).toBeHidden();
});

test('the dialog shows the summary and, for an edit, the diff of the change', async ({ page }) => {
  await openControlled(page);
  const dialog = dialogOf(page);
  const body = 'one\ntwo\nthree\nfour\nfive\nsix\nseven';
  const created = callTool(page, 'vault_create_note', { title: 'Old title', content_markdown: body });
  await expect(dialog.getByTestId('agent-summary')).toHaveText('Create note "Old title"');
  await expect(dialog.locator('pre.agent-diff')).toHaveCount(0); // a create edits nothing
  // a note's text reads as written, not as one escaped JSON line
  await expect(dialog.locator('pre.agent-text')).toHaveJSProperty('textContent', body);
  await expect(dialog.locator('pre.agent-args')).not.toContainText('\\n');
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  const id = (await created).structuredContent.id as string;
  const renamed = callTool(page, 'vault_rename_note', { id, title: 'New title' });
  await expect(dialog.getByTestId('agent-summary')).toHaveText('Rename note "Old title" to "New title"');
  await expect(dialog.locator('pre.agent-diff')).toHaveText('- Old title\n+ New title');
  await expect(dialog.locator('pre.agent-args')).toContainText('"title": "New title"');
  await dialog.getByRole('button', { name: 'Deny' }).click();
  expect((await renamed).structuredContent.code).toBe('APPROVAL_DENIED');
  // a body edit: the changed lines marked, two lines of context, the unchanged rest folded
  const edited = callTool(page, 'vault_desktop_write', {
    operation: 'notes.update',
    args: [id, { content: body.replace('six', 'SIX') }],
  });
  const diff = dialog.locator('pre.agent-diff');
  await expect(diff.locator('.agent-diff-removed')).toHaveText('- six');
  await expect(diff.locator('.agent-diff-added')).toHaveText('+ SIX');
  await expect(diff.locator('.agent-diff-fold')).toHaveText('… 3 unchanged lines');
  await page.screenshot({ path: test.info().outputPath('approval-diff.png') });
  await dialog.getByRole('button', { name: 'Deny' }).click();
  expect((await edited).structuredContent.code).toBe('APPROVAL_DENIED');
});

// Navigation denies (issue 6 part 5). A real navigation takes the page's vault worker with it, so
// the call's own answer cannot be read there: the first half fires the page's `pagehide` (what
// every navigation, reload or tab close fires) in place and reads the denial; the second half
// navigates for real and finds nothing written and nothing left to answer.
test('navigating away denies a pending request and changes nothing', { tag: '@desktop-only' }, async ({
  page,
}) => {
  await openControlled(page);
  const dialog = dialogOf(page);
  const pending = callTool(page, 'vault_create_folder', { path: 'Left behind' });
  await expect(dialog).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
  const result = await pending;
  expect(result.isError).toBe(true);
  expect(result.structuredContent.code).toBe('APPROVAL_DENIED');
  await expect(dialog).toBeHidden();

  void callTool(page, 'vault_create_folder', { path: 'Reloaded away' }).catch(() => undefined);
  await expect(dialog).toBeVisible();
  await page.reload();
  await appReady(page);
  await expect(dialog).toBeHidden();
  const folders = JSON.stringify(await callTool(page, 'vault_list_folder', { recursive: true }));
  expect(folders).not.toContain('Left behind');
  expect(folders).not.toContain('Reloaded away');
});
