import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { newNote, replaceBody } from './editor';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = readFileSync(new URL('../fixtures/extraction/sample.pdf', import.meta.url)).toString('base64');

/** A 0.01 s silent WAV (44-byte header and 441 samples), so the player has real audio. */
function wav(): string {
  const samples = 441;
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(44100, 24);
  b.writeUInt32LE(88200, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return b.toString('base64');
}

/** Drops files on the editor (the app's own drop path makes them attachments of the note). */
async function dropFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  await page.locator('.cm-content').evaluate((el, list) => {
    const dt = new DataTransfer();
    for (const f of list)
      dt.items.add(
        new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
      );
    const r = el.getBoundingClientRect();
    const at = {
      clientX: r.left + 10,
      clientY: r.top + 10,
      bubbles: true,
      cancelable: true,
      dataTransfer: dt,
    };
    el.dispatchEvent(new DragEvent('dragover', at));
    el.dispatchEvent(new DragEvent('drop', at));
  }, files);
}

/** The editor's whole text (CodeMirror's own document, which is the Y.Text's markdown). */
async function markdownOf(page: Page): Promise<string> {
  return page.getByRole('textbox', { name: 'Note body' }).evaluate((el) => {
    type Tile = { root?: { view?: { state: { doc: { toString(): string } } } } };
    return (el as unknown as { cmTile?: Tile }).cmTile?.root?.view?.state.doc.toString() ?? '';
  });
}

const BODY = [
  '---',
  'status: draft',
  '---',
  '# Big heading',
  'Some *soft* and **loud** words with `code` in them.',
  '',
  '> quoted words',
  '',
  '> [!warning] Careful now',
  '> inside the callout',
  '',
  '***',
  '',
  '| Fruit | Count |',
  '| --- | --- |',
  '| apple | 3 |',
  '',
  '- [ ] water the plants',
  '',
  'See [[Target]] and [[Nowhere]] and [site](https://example.com).',
  '',
  '![[dot.png]]',
  '',
  '![[sample.pdf]]',
  '',
  '![[tone.wav]]',
  '',
  '![[Target#Part]]',
  '',
  'last line',
].join('\n');

test('live preview renders each element, and clicks and typing edit the markdown', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await newNote(page, 'Target', '# Part\nWords from the target note');
  await newNote(page, 'Rich', 'x');
  await dropFiles(page, [
    { name: 'dot.png', type: 'image/png', base64: PNG },
    { name: 'sample.pdf', type: 'application/pdf', base64: PDF },
    { name: 'tone.wav', type: 'audio/wav', base64: wav() },
  ]);
  await expect(
    page.getByRole('region', { name: 'Attachments' }).getByRole('button', { name: 'tone.wav', exact: true }),
  ).toBeVisible();
  await replaceBody(page, BODY);
  // The cursor on the last line: every other line is rendered.
  const editor = page.locator('.cm-editor.cm-lp-live');
  await expect(editor.locator('.cm-lp-h1').first()).toHaveText('Big heading');
  await expect(editor.locator('.cm-lp-em')).toHaveText('soft');
  await expect(editor.locator('.cm-lp-strong')).toHaveText('loud');
  await expect(editor.locator('.cm-lp-code').first()).toHaveText('code');
  await expect(editor.locator('.cm-lp-quote')).toHaveText('quoted words');
  await expect(editor.locator('.cm-lp-callout-title')).toHaveText('WarningCareful now');
  await expect(editor.locator('.cm-lp-hr')).toHaveCount(1);
  await expect(editor.getByRole('columnheader', { name: 'Fruit' })).toBeVisible();
  await expect(editor.getByRole('cell', { name: 'apple' })).toBeVisible();
  await expect(editor.locator('.cm-lp-wikilink', { hasText: 'Target' })).not.toHaveClass(/cm-lp-unresolved/);
  await expect(editor.locator('.cm-lp-wikilink', { hasText: 'Nowhere' })).toHaveClass(/cm-lp-unresolved/);
  await expect(editor.locator('.cm-lp-link', { hasText: 'site' })).toBeVisible();
  await expect(editor.locator('.cm-lp-embed img[alt="dot.png"]')).toBeVisible();
  await expect(editor.locator('.cm-lp-embed audio[aria-label="tone.wav"]')).toBeAttached();
  await expect(editor.locator('.cm-lp-embed canvas[data-rendered-page="1"]')).toBeAttached({
    timeout: 20_000,
  });
  await expect(editor.locator('.cm-lp-transclusion')).toContainText('Words from the target note');
  // Frontmatter: in the Properties panel, not in the editor.
  await expect(editor).not.toContainText('status: draft');
  await expect(page.getByRole('textbox', { name: 'Note body' })).not.toContainText('**');

  // A checkbox click writes [x] into the text.
  await editor.getByRole('checkbox', { name: 'Not done: mark as done' }).click();
  await expect.poll(() => markdownOf(page)).toContain('- [x] water the plants');
  // Typing inside the rendered table edits that cell.
  await editor.getByRole('cell', { name: 'apple' }).click();
  await page.keyboard.type('s');
  await expect.poll(() => markdownOf(page)).toContain('| apples | 3 |');
  // Typing in a heading: its line shows the source, and the text changes.
  await editor.locator('.cm-lp-h1').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await expect(editor.locator('.cm-lp-h1').first()).toHaveText('# Big heading!');
  await expect.poll(() => markdownOf(page)).toContain('\n# Big heading!\n');
  // On touch, a long press on a link shows its preview (as hover does), and neither follows it
  // nor opens the context menu (real touch events: Chromium's touch emulation).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const link = editor.locator('.cm-lp-wikilink', { hasText: 'Target' });
  await link.scrollIntoViewIfNeeded();
  const box = await link.boundingBox();
  const finger = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2, id: 1 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] });
  await expect(page.getByRole('tooltip')).toContainText('Words from the target note');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Rich');
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
  // A rendered wiki link is followed by a click.
  await editor.locator('.cm-lp-wikilink', { hasText: 'Target' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Target');
});

test('source mode and reading view, remembered over a reload', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await newNote(page, 'Modes', '# Title line\n- [ ] a task\nend');
  const modes = page.getByRole('group', { name: 'Editor view' });
  await modes.getByRole('button', { name: 'Source' }).click();
  await expect(page.locator('.cm-editor .cm-lp-h1')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Note body' })).toContainText('# Title line');
  await modes.getByRole('button', { name: 'Reading' }).click();
  await expect(page.locator('.cm-editor .cm-lp-h1')).toHaveText('Title line');
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Editor view' }).getByRole('button', { name: 'Reading' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.cm-editor .cm-lp-h1')).toHaveText('Title line');
});

test('[[ completes note titles and aliases by keyboard, then headings after #', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await newNote(page, 'Garden plan', '---\naliases: [Allotment]\n---\n# Roses\n# Tulips\n');
  await newNote(page, 'Diary', 'Today ');
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('[[gard');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option', { name: /Garden plan/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => markdownOf(page)).toBe('Today [[Garden plan]]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('#Tu');
  await expect(list.getByRole('option', { name: 'Tulips' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => markdownOf(page)).toBe('Today [[Garden plan#Tulips]]');
  // a note found by its frontmatter alias shows the alias and the note it names
  await page.keyboard.press('End');
  await page.keyboard.type(' and [[allot');
  const byAlias = list.getByRole('option', { name: /Allotment/ });
  await expect(byAlias).toBeVisible();
  await expect(byAlias).toContainText('alias of Garden plan');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => markdownOf(page))
    .toBe('Today [[Garden plan#Tulips]] and [[Garden plan|Allotment]]');
});

test('New note: the cursor is in the title, Enter moves to the body; an untouched new note is discarded', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  await page.getByRole('button', { name: 'New note' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  // typed straight on after the click, before the title is there, as a person does: the keys
  // reach the new note's title (not the button, where Enter made a second note), and nothing
  // after Enter lands in the title
  await page.keyboard.type('Groceries\nmilk');
  await expect(page.getByRole('textbox', { name: 'Note body' })).toBeFocused();
  await expect.poll(() => markdownOf(page)).toBe('milk');
  await expect(title).toHaveValue('Groceries');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.locator('.count')).toHaveText('1 note');

  // A second new note, left as it came: closing it discards it.
  const back = page.getByRole('button', { name: 'Back to notes' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('button', { name: 'New note' }).click();
  await expect(title).toHaveValue(/^Untitled/);
  await expect(page.locator('.count')).toHaveText('2 notes');
  // The count can run ahead of the rows: clicking Groceries before the new row pushed it down
  // clicked the new note itself (ci10's flake). Wait for the row.
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: /^Untitled/ }),
  ).toBeVisible();
  // Opening another note closes it.
  await page
    .getByRole('list', { name: 'Notes' })
    .getByRole('button', { name: /Groceries/ })
    .click();
  await expect(title).toHaveValue('Groceries');
  await expect(page.locator('.count')).toHaveText('1 note');
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: /Untitled/ }),
  ).toHaveCount(0);
});
