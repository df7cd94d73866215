import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote, replaceBody } from './editor';

async function openApp(page: Page) {
  await page.goto('/');
  await appReady(page);
}

const panel = (page: Page, name: 'Backlinks' | 'Outgoing links') =>
  page.getByRole('complementary', { name: 'Links' }).getByRole('region', { name });

test('backlinks and outgoing links follow the text; links open their notes from the panel and the editor', async ({
  page,
  isMobile,
}) => {
  await openApp(page);
  await newNote(page, 'Alpha', 'See [[Beta]] and [[Gamma#Part|the part]].');
  const title = page.getByRole('textbox', { name: 'Title' });
  // On a phone the links wait behind their toggle (the note gets the screen); once opened, the
  // panel stays open on this device.
  const toggle = page.getByRole('button', { name: /^Links \d/ });
  await expect(toggle).toHaveAttribute('aria-expanded', isMobile ? 'false' : 'true');
  if (isMobile) await toggle.click();
  await expect(toggle).toHaveText(/0 backlinks · 2 outgoing/);

  // Neither target exists yet: both are listed as not created.
  const outgoing = panel(page, 'Outgoing links');
  await expect(outgoing.getByRole('button')).toHaveText(['Betanot created yet', 'Gammanot created yet']);
  await expect(panel(page, 'Backlinks').getByRole('button')).toHaveCount(0);

  // Choosing an unresolved link creates the note and opens it; the link now resolves to it.
  await outgoing.getByRole('button', { name: /^Beta/ }).click();
  await expect(title).toHaveValue('Beta');
  await expect(panel(page, 'Backlinks').getByRole('button')).toHaveText(['Alpha']);

  // Back to Alpha from Beta's backlinks.
  await panel(page, 'Backlinks').getByRole('button', { name: 'Alpha' }).click();
  await expect(title).toHaveValue('Alpha');
  await expect(panel(page, 'Outgoing links').getByRole('button', { name: 'Beta' })).toBeVisible();

  // Ctrl/Cmd+Enter with the cursor inside [[Beta]] opens Beta. (CodeMirror takes Enter from
  // Android's input events, not key events; a phone has no Ctrl anyway: it uses the panel.)
  if (isMobile) await panel(page, 'Outgoing links').getByRole('button', { name: 'Beta' }).click();
  else {
    await page.locator('.cm-wikilink', { hasText: 'Beta' }).click();
    await page.keyboard.press('ControlOrMeta+Enter');
  }
  await expect(title).toHaveValue('Beta');

  // Removing the link from Alpha's text removes the backlink from Beta's panel, live.
  await panel(page, 'Backlinks').getByRole('button', { name: 'Alpha' }).click();
  await expect(title).toHaveValue('Alpha');
  await replaceBody(page, 'No links any more, only [[Gamma]].');
  await expect(panel(page, 'Outgoing links').getByRole('button')).toHaveText(['Gammanot created yet']);
  await page.goBack();
  await expect(title).toHaveValue('Beta');
  await expect(panel(page, 'Backlinks').getByRole('button')).toHaveCount(0);

  // Renaming Beta to Gamma resolves Alpha's [[Gamma]] to it.
  await title.fill('Gamma');
  await title.press('Enter');
  await expect(panel(page, 'Backlinks').getByRole('button')).toHaveText(['Alpha']);
});

// Desktop only: a phone has no Ctrl key; the links panel is the way there (the test above).
test('Ctrl/Cmd+click on a wiki link in the editor opens its target', { tag: '@desktop-only' }, async ({
  page,
}) => {
  await openApp(page);
  await newNote(page, 'Target note', 'The target.');
  await newNote(page, 'Source note', 'Go to [[Target note]] now');
  await page.locator('.cm-wikilink').click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Target note');
});
