import { expect, type Page } from '@playwright/test';
import { appReady } from './appReady';

// Shared by the mcp-*.spec.ts suites: a page controlled by the real service worker, and calls
// through its /mcp endpoint (fetch from the page, so requests carry the tab's clientId).

export async function openControlled(page: Page, search = '') {
  await page.goto(`/${search}`);
  await appReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller === null) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

export interface ToolCallResult {
  content: { type: string; text?: string; data?: string; mimeType?: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

/** One tools/call through /mcp; the result as MCP gives it. */
export function callTool(page: Page, name: string, args: object): Promise<ToolCallResult> {
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
      return (await res.json()).result;
    },
    { name, args },
  );
}

/** Imports the given files (notes when named .md) into the vault root through the real "Import files" control. */
export async function importFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const toggle = page.getByRole('button', { name: 'Folders' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByLabel('Import files').setInputFiles(files);
  const notes = files.filter((f) => f.name.endsWith('.md')).length;
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Imported ${notes} notes and ${files.length - notes} files.` }),
  ).toBeVisible({ timeout: 30_000 });
}

/** The ids of the vault root's entries by name (`Plan.md`, `scan.pdf`), read through vault_list_folder. */
export async function idsByName(page: Page): Promise<Record<string, string>> {
  const listed = await callTool(page, 'vault_list_folder', {});
  const entries = (listed.structuredContent.result ?? []) as { name: string; id: string }[];
  return Object.fromEntries(entries.map((e) => [e.name, e.id]));
}

/**
 * A write call that waits for approval: clicks "Allow once" in the real dialog when it appears
 * (a call refused before approval answers without one).
 */
export async function callAllowed(page: Page, name: string, args: object): Promise<ToolCallResult> {
  const pending = callTool(page, name, args);
  const dialog = page.getByRole('dialog', { name: 'Agent request' });
  const first = await Promise.race([pending.then(() => 'reply'), dialog.waitFor().then(() => 'dialog')]);
  if (first === 'dialog') await dialog.getByRole('button', { name: 'Allow once' }).click();
  return pending;
}
