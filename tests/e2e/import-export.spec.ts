import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync, zipSync } from 'fflate';
import { appReady } from './appReady';

const FIXTURE = join(import.meta.dirname, '../../../shared/fixtures/obsidian-help-en');
const NOTES = [
  'Home.md',
  'Linking notes and files/Internal links.md',
  'Editing and formatting/Basic formatting syntax.md',
];

/** A small vault on disk: three real notes, an image, a hidden settings folder to skip. */
function makeVault(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-import-'));
  const root = join(dir, 'Sample vault');
  for (const rel of [...NOTES, 'Attachments/Engelbart.jpg']) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    copyFileSync(join(FIXTURE, rel), join(root, rel));
  }
  mkdirSync(join(root, '.obsidian'));
  writeFileSync(join(root, '.obsidian/app.json'), '{}');
  return root;
}

/** One desktop operation through window.cairnAgent, approving the agent for this tab when asked. */
async function agentWrite<T>(page: Page, operation: string, ...args: unknown[]): Promise<T> {
  const pending = page.evaluate(
    ({ operation, args }) => window.cairnAgent!.callTool('vault_desktop_write', { operation, args }),
    { operation, args },
  );
  const dialog = page.getByRole('dialog', { name: 'Agent request' });
  const first = await Promise.race([pending.then(() => 'reply'), dialog.waitFor().then(() => 'dialog')]);
  if (first === 'dialog') await dialog.getByRole('button', { name: 'Allow for this tab' }).click();
  const result = await pending;
  expect(result.isError, `${operation}: ${JSON.stringify(result)}`).toBeUndefined();
  return result.structuredContent as T;
}

async function agentRead(page: Page, operation: string, ...args: unknown[]): Promise<unknown> {
  const result = await page.evaluate(
    ({ operation, args }) => window.cairnAgent!.callTool('vault_desktop_read', { operation, args }),
    { operation, args },
  );
  expect(result.isError, `${operation}: ${JSON.stringify(result)}`).toBeUndefined();
  return result.structuredContent;
}

async function showFolders(page: Page) {
  const toggle = page.getByRole('button', { name: 'Folders' });
  if (await toggle.isVisible()) await toggle.click();
}

test('import a folder with progress, open the image, export the vault as a zip that round-trips', async ({
  page,
  browser,
}) => {
  const vault = makeVault();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto('/');
    await appReady(page);
    await showFolders(page);
    await page.getByLabel('Import a folder').setInputFiles(vault);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes and 1 files.' })).toBeVisible();
    await page.getByText('1 skipped').click();
    await expect(page.getByText('.obsidian/app.json: hidden file or folder')).toBeVisible();

    await page.getByRole('button', { name: 'Folder Attachments' }).click();
    await page.getByRole('button', { name: 'Engelbart.jpg' }).click();
    const img = page.getByRole('img', { name: 'Engelbart.jpg' });
    await expect(img).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(10);

    if (await page.getByRole('button', { name: 'Back to notes' }).isVisible()) {
      await page.getByRole('button', { name: 'Back to notes' }).click();
    }
    await showFolders(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export vault (.zip)' }).click();
    const zip = unzipSync(readFileSync(await (await download).path()));
    const names = Object.keys(zip)
      .filter((k) => !k.endsWith('/') && !k.startsWith('.cairn/'))
      .sort();
    expect(names).toEqual([...NOTES, 'Attachments/Engelbart.jpg'].sort());
    for (const rel of [...NOTES, 'Attachments/Engelbart.jpg']) {
      expect(Buffer.from(zip[rel]!).equals(readFileSync(join(vault, rel))), rel).toBe(true);
    }

    // the same folder again, into the vault root: nothing added, each file named as skipped
    await showFolders(page);
    await page.getByRole('button', { name: 'All notes' }).click();
    await showFolders(page);
    await page.getByLabel('Import a folder').setInputFiles(vault);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 0 notes and 0 files.' })).toBeVisible();
    await page.getByText('5 skipped').click();
    await expect(page.getByText('Home.md: identical to the one already in the vault')).toBeVisible();
    expect(errors).toEqual([]);

    // the export restores into a fresh profile; the vault zipped in its own folder (as Obsidian
    // users share one) then adds nothing
    const zipPath = join(vault, '..', 'export.zip');
    writeFileSync(zipPath, readFileSync(await (await download).path()));
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    other.on('pageerror', (e) => errors.push(e.message));
    await other.goto('/');
    await appReady(other);
    await showFolders(other);
    await other.getByLabel('Import files').setInputFiles(zipPath);
    await expect(
      other.getByRole('status').filter({ hasText: 'Imported 3 notes and 1 files.' }),
    ).toBeVisible();
    const wrapped = join(vault, '..', 'Sample vault.zip');
    writeFileSync(
      wrapped,
      zipSync(
        Object.fromEntries(
          [...NOTES, 'Attachments/Engelbart.jpg'].map((rel) => [
            `Sample vault/${rel}`,
            new Uint8Array(readFileSync(join(vault, rel))),
          ]),
        ),
      ),
    );
    await other.getByLabel('Import files').setInputFiles(wrapped);
    await expect(
      other.getByRole('status').filter({ hasText: 'Imported 0 notes and 0 files.' }),
    ).toBeVisible();
    await other.getByText('4 skipped').click();
    await expect(
      other.getByText('Attachments/Engelbart.jpg: identical to the one already in the vault'),
    ).toBeVisible();
    const again = other.waitForEvent('download');
    await other.getByRole('button', { name: 'Export vault (.zip)' }).click();
    const restored = unzipSync(readFileSync(await (await again).path()));
    for (const rel of [...NOTES, 'Attachments/Engelbart.jpg']) {
      expect(Buffer.from(restored[rel]!).equals(readFileSync(join(vault, rel))), rel).toBe(true);
    }
    await fresh.close();
    expect(errors).toEqual([]);
  } finally {
    rmSync(join(vault, '..'), { recursive: true, force: true });
  }
});

test('a file of an unknown kind is refused with a clear reason and nothing else changes', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bad-'));
  try {
    writeFileSync(join(dir, 'setup.exe'), 'MZ');
    await page.goto('/');
    await appReady(page);
    await showFolders(page);
    await page.getByLabel('Import files').setInputFiles(join(dir, 'setup.exe'));
    await expect(page.getByRole('status').filter({ hasText: 'Imported 0 notes and 0 files.' })).toBeVisible();
    await page.getByText('1 skipped').click();
    await expect(
      page.getByText(/setup\.exe: "exe" files are not notes, PDFs, images, audio or video/),
    ).toBeVisible();
    await expect(page.getByText('0 notes', { exact: true })).toBeAttached();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a one-click backup records its date on this device; unsynced, evictable storage is said beside the sync status', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  const notice = page.getByTestId('persist-notice');
  if (persisted) await expect(notice).toBeHidden();
  else await expect(notice).toHaveText('Not backed up');
  await showFolders(page);
  await expect(page.getByTestId('last-backup')).toHaveText('Last backup: never on this device');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export vault (.zip)' }).click();
  await download;
  await expect(page.getByTestId('last-backup')).not.toContainText('never');
  const shown = await page.getByTestId('last-backup').textContent();
  await page.reload();
  await appReady(page);
  await showFolders(page);
  await expect(page.getByTestId('last-backup')).toHaveText(shown!);
});

test('a backup with a task, a journal entry, a canvas and an event restores exactly in a fresh profile @desktop-only', async ({
  page,
  browser,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await appReady(page);
  const note = await agentWrite<{ id: string }>(page, 'notes.create', {
    title: 'Plan',
    content: 'the plan',
  });
  const noteId = note.id;
  await agentWrite(page, 'tasks.create', { title: 'Ship it', dueDate: '2026-12-01', sourceNoteId: noteId });
  await agentWrite(page, 'journal.createEntry', { date: '2026-11-28', content: 'Dear diary' });
  const canvas = await agentWrite<{ id: string }>(page, 'canvas.create', { title: 'Board' });
  await agentWrite(page, 'canvas.saveScene', canvas.id, [
    { id: 'c1', type: 'card', x: 0, y: 0, width: 200, height: 80, entity_type: 'note', entity_id: noteId },
    { id: 't1', type: 'text', x: 300, y: 0, width: 200, height: 80, text: 'next' },
    { id: 'a1', type: 'arrow', x: 200, y: 40, width: 100, height: 0, startBinding: 'c1', endBinding: 't1' },
  ]);
  await agentWrite(page, 'calendar.createEvent', {
    title: 'Standup',
    startAt: '2026-11-30T09:00:00Z',
    endAt: '2026-11-30T09:15:00Z',
    noteId,
  });
  const snapshot = async (p: Page) => ({
    note: await agentRead(p, 'notes.get', noteId),
    tasks: await agentRead(p, 'tasks.list'),
    journal: await agentRead(p, 'journal.getEntry', '2026-11-28'),
    canvas: await agentRead(p, 'canvas.get', canvas.id),
    events: await agentRead(p, 'calendar.listEvents'),
  });
  const before = await snapshot(page);
  for (const made of ['Ship it', 'Dear diary', '"c1"', 'Standup'])
    expect(JSON.stringify(before)).toContain(made);

  await showFolders(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export vault (.zip)' }).click();
  const dir = mkdtempSync(join(tmpdir(), 'cairn-backup-'));
  try {
    const zipPath = join(dir, 'Cairn vault.zip');
    writeFileSync(zipPath, readFileSync(await (await download).path()));
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    other.on('pageerror', (e) => errors.push(e.message));
    await other.goto('/');
    await appReady(other);
    await showFolders(other);
    await other.getByLabel('Import files').setInputFiles(zipPath);
    await expect(other.getByRole('status').filter({ hasText: /Restored \d+ records/ })).toBeVisible();
    expect(await snapshot(other)).toEqual(before);
    await fresh.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(errors).toEqual([]);
});

test('the automatic backup writes the vault zip to the folder picked in Settings @desktop-only', async ({
  page,
}) => {
  // the picker is the browser's own window, out of a test's reach: it answers with the origin
  // private file system's root, a real FileSystemDirectoryHandle like any folder the user picks
  await page.addInitScript(() => {
    (
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = () => navigator.storage.getDirectory();
  });
  await page.goto('/');
  await appReady(page);
  await agentWrite(page, 'notes.create', { title: 'Kept', content: 'safe in the folder' });
  await agentWrite(page, 'tasks.create', { title: 'Backed up task' });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Choose backup folder…' }).click();
  const saved = settings.getByRole('status').filter({ hasText: /^Saved .+\.zip\.$/ });
  await expect(saved).toBeVisible();
  const file = (await saved.innerText()).replace(/^Saved /, '').replace(/\.$/, '');
  await expect(settings.getByTestId('auto-backup-state')).toContainText('Last backup:');
  await expect(settings.getByTestId('auto-backup-state')).not.toContainText('not yet');
  const entries = await page.evaluate(async (file) => {
    const dir = await navigator.storage.getDirectory();
    const blob = await (await dir.getFileHandle(file)).getFile();
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, file);
  const zip = unzipSync(new Uint8Array(entries));
  expect(Buffer.from(zip['Kept.md']!).toString()).toBe('safe in the folder');
  expect(Buffer.from(zip['.cairn/records/task.json']!).toString()).toContain('Backed up task');
  await settings.getByRole('button', { name: 'Stop automatic backup' }).click();
  await expect(settings.getByRole('button', { name: 'Choose backup folder…' })).toBeVisible();
});
