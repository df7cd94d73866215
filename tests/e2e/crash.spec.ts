import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { addNote } from './deviceActions';
import { newNote } from './editor';
import {
  firstDevice,
  indicator,
  joinWithRecoveryKey,
  nav,
  noteBody,
  openNote,
  SYNC_WAIT,
  syncNow,
  uniqueEmail,
} from './syncDevices';

// Issue 18 part 3: the renderer killed mid-work (CDP Page.crash takes the page's process, the
// vault worker in it and every open IndexedDB transaction with it), then the vault reopened in a
// new page of the same browser profile. What the app acknowledged is there; nothing is half-applied.

/** Kills the page's renderer at once (no unload, no pagehide) and waits until it is gone. */
async function crash(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const gone = page.waitForEvent('crash');
  // Page.crash never answers: the process it would answer from is the one it kills.
  void cdp.send('Page.crash').catch(() => undefined);
  await gone;
}

async function reopen(context: BrowserContext, hash = '#/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/${hash}`);
  await appReady(page);
  return page;
}

test('a crash right after typing keeps every saved keystroke, and the note once', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await appReady(page);
  await newNote(page, 'Crash course', 'saved words');
  // more keys, and the crash before their save can be awaited: they may or may not be there,
  // but never in part, and never at the cost of what was saved
  await noteBody(page).press('ControlOrMeta+End');
  await page.keyboard.insertText(' unsaved tail');
  await crash(page);

  const again = await reopen(context);
  await openNote(again, 'Crash course');
  const body = (await noteBody(again).textContent()) ?? '';
  expect(['saved words', 'saved words unsaved tail']).toContain(body);
  await expect(again.getByRole('button', { name: /^Crash course/ })).toHaveCount(1);
  // the editor works on the reopened note: a key typed now is saved
  await noteBody(again).press('ControlOrMeta+End');
  await again.keyboard.insertText('!');
  await expect(again.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(noteBody(again)).toHaveText(`${body}!`);
});

test('a crash during an import leaves whole notes only, and the same import again completes it', async ({
  page,
  context,
}) => {
  const COUNT = 240;
  const dir = mkdtempSync(join(tmpdir(), 'cairn-crash-import-'));
  const files: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const name = `Crash import ${String(i).padStart(3, '0')}.md`;
    // every body ends with a marker: a note cut short would lack it
    writeFileSync(join(dir, name), bodyOf(name));
    files.push(join(dir, name));
  }
  await page.goto('/');
  await appReady(page);
  const toggle = page.getByRole('button', { name: 'Folders' });
  if (await toggle.isVisible()) await toggle.click();
  // a renderer four times slower: the import's batches (25 notes) outlast the crash's round trip
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.getByLabel('Import files').setInputFiles(files);
  // crash once the import is under way and has written some, not all
  await expect(page.getByText(/Importing ([1-9]\d*) of 240…/)).toBeVisible();
  await crash(page);

  const again = await reopen(context);
  const before = await importedBodies(again);
  console.log(`crash-import: ${Object.keys(before).length} of ${COUNT} notes were in before the crash`);
  // every note the import got to is whole: its body is its file, to the last line
  for (const [path, content] of Object.entries(before)) expect(content, path).toBe(bodyOf(path));
  expect(Object.keys(before).length).toBeLessThan(COUNT);

  // the same files again: what was written is skipped as identical, the rest is added
  const toggle2 = again.getByRole('button', { name: 'Folders' });
  if (await toggle2.isVisible()) await toggle2.click();
  await again.getByLabel('Import files').setInputFiles(files);
  await expect(
    again.getByRole('status').filter({ hasText: `Imported ${COUNT - Object.keys(before).length} notes` }),
  ).toBeVisible();
  const after = await importedBodies(again);
  expect(Object.keys(after).sort()).toEqual(files.map((f) => f.slice(dir.length + 1)).sort());
  for (const [path, content] of Object.entries(after)) expect(content, path).toBe(bodyOf(path));
});

/** The file body written for `Crash import NNN.md`. */
function bodyOf(path: string): string {
  const i = Number(/(\d{3})\.md$/.exec(path)![1]);
  return `# Note ${i}\n\n${'words '.repeat(50)}\nend of ${i}\n`;
}

/** Every imported note's content by path, read through the agent tool bridge (no approval for reads). */
async function importedBodies(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const call = async (operation: string, ...args: unknown[]) => {
      const res = await window.cairnAgent!.callTool('vault_desktop_read', { operation, args });
      if (res.isError) throw new Error(`${operation}: ${JSON.stringify(res)}`);
      return res.structuredContent as never;
    };
    const out: Record<string, string> = {};
    for (let offset = 0; ; offset += 50) {
      const page: { notes: { id: string; path: string }[]; hasMore: boolean } = await call('notes.list', {
        limit: 50,
        offset,
      });
      for (const n of page.notes) {
        if (!n.path.startsWith('Crash import')) continue;
        const note: { content: string } = await call('notes.get', n.id);
        out[n.path] = note.content;
      }
      if (!page.hasMore) break;
    }
    return out;
  });
}

/**
 * Lets the next request to `pattern` whose answer `holds` reach the service, then keeps that
 * answer from the page for good: the service has done what the device never hears about. Other
 * answers, and every request after the held one, go through.
 */
async function answerLost(
  context: BrowserContext,
  pattern: string,
  holds: (body: string) => boolean = () => true,
): Promise<() => Promise<void>> {
  let answered!: () => void;
  const done = new Promise<void>((r) => {
    answered = r;
  });
  let held = false;
  await context.route(pattern, async (route) => {
    if (held) return route.continue();
    const response = await route.fetch();
    if (!holds(await response.text())) return route.fulfill({ response });
    held = true;
    answered();
  });
  return () => done;
}

test('the sync leader tab crashes as its push is answered, the other tab takes over; a crash as a pull is answered: nothing lost, nothing twice', async ({
  browser,
}) => {
  test.setTimeout(120_000); // two sign-ins and a recovery-key unlock, as the sync specs
  const email = uniqueEmail('crash');
  const { page: a, recoveryKey } = await firstDevice(browser, email);
  await expect(indicator(a)).toHaveText('Synced', { timeout: SYNC_WAIT });
  const b = await joinWithRecoveryKey(browser, email, recoveryKey);

  // B holds the first pull answer that brings anything: the one with A's note
  const pulled = await answerLost(
    b.context(),
    '**/sync/changes*',
    (body) => (JSON.parse(body) as { refs: unknown[] }).refs.length > 0,
  );

  // A has a second tab on its vault; the first (the sync leader) pushes a note, the service
  // commits it, the answer is lost and that tab crashes. The second takes over: it pushes the
  // note again (once on the service) and one written after the crash.
  const other = await a.context().newPage();
  await other.goto('/');
  await appReady(other);
  const pushed = await answerLost(a.context(), '**/sync/push');
  await addNote(a, 'Pushed at the crash', 'words the service kept');
  await pushed();
  await crash(a);
  await addNote(other, 'Written after the crash', 'the second tab syncs');
  await syncNow(other);
  await openNote(other, 'Pushed at the crash');
  await expect(noteBody(other)).toHaveText('words the service kept');

  // B: the pull that brings it (the service's socket wakes B) answered, the tab crashed before
  // it applied anything
  await pulled();
  await crash(b);
  const b2 = await reopen(b.context());
  await syncNow(b2);
  await openNote(b2, 'Pushed at the crash');
  await expect(noteBody(b2)).toHaveText('words the service kept');
  await openNote(b2, 'Written after the crash');
  await expect(noteBody(b2)).toHaveText('the second tab syncs');
  // once on each device: the push sent again after the crash was not a second note
  for (const p of [other, b2]) {
    await nav(p, '#/');
    await expect(p.getByRole('button', { name: /^Pushed at the crash/ })).toHaveCount(1);
  }
});
