import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { readNote } from '../../src/worker/domain/notes/frontmatter/readNote';
import { type GraphData, getGraphData, getLocalGraph } from '../../src/worker/domain/notes/graph';
import { LinkResolver } from '../../src/worker/domain/notes/links/linkResolver';
import { linkRowsOf } from '../../src/worker/domain/notes/links/linkRows';
import { FIXTURE_ROOT, loadFixtureVault } from '../unit/notes/fixtureVault';
import { appReady } from './appReady';
import { goToSection } from './sectionNav';

// The Obsidian Help vault's 173 markdown notes (its images and videos left out: extracting their
// text would only slow the test). What the graph must show is computed here with the same
// link domain the worker uses, from the files themselves.
const items = loadFixtureVault().filter((i) => i.source !== undefined);
const headers = items.map((i) => i.header);
const resolver = new LinkResolver(headers);
const rows = items.flatMap((i) => linkRowsOf(i.header, readNote(i.source ?? '').body, resolver));
const store = {
  outgoingOf: (id: string) => rows.filter((r) => r.from_id === id),
  incomingOf: (id: string) => rows.filter((r) => r.to_id === id),
  allLinks: () => rows,
};
const entries = (g: GraphData) =>
  g.nodes.map((n) => `${n.title} ${n.degree} ${n.degree === 1 ? 'link' : 'links'}`).sort();
const whole = getGraphData(headers, store);
const home = headers.find((h) => h.title === 'Home' && h.folder_path === '')?.id ?? '';
const local = (depth: number) => getLocalGraph(home, depth, store, (id) => resolver.get(id));

function makeVault(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'cairn-graph-')), 'Obsidian Help');
  for (const h of headers) {
    const rel = join(h.folder_path, `${h.title}.md`);
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    copyFileSync(join(FIXTURE_ROOT, rel), join(root, rel));
  }
  return root;
}

async function listTexts(page: Page): Promise<string[]> {
  const items = await page
    .getByRole('navigation', { name: 'Graph as a list' })
    .getByRole('listitem')
    .allInnerTexts();
  return items.map((t) => t.replace(/\s+/g, ' ').trim()).sort();
}

const zoom = async (page: Page) => Number(await page.locator('.graph-svg').getAttribute('data-zoom'));

test('graph of the Obsidian Help vault: nodes and counts, open by click and Enter, local graph, filters, pan and zoom', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const vault = makeVault();
  try {
    await page.goto('/');
    await appReady(page);
    const toggle = page.getByRole('button', { name: 'Folders', expanded: false });
    if (await toggle.isVisible()) await toggle.click();
    await page.getByLabel('Import a folder').setInputFiles(vault);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 173 notes' })).toBeVisible({
      timeout: 90_000,
    });
    // On a phone the folder drawer stays open over the page until closed.
    const drawer = page.getByRole('button', { name: 'Folders', expanded: true });
    if (await drawer.isVisible()) await drawer.click();
    await goToSection(page, 'Graph');

    // Every note with its link count, as the domain computes them from the files.
    const list = page.getByRole('navigation', { name: 'Graph as a list' });
    await expect(list.getByRole('listitem')).toHaveCount(173);
    expect(await listTexts(page)).toEqual(entries(whole));
    await expect(
      page.getByRole('status').filter({ hasText: `173 notes, ${whole.edges.length} links` }),
    ).toBeVisible();
    const svg = page.locator('.graph-svg');
    await expect(svg).toHaveAttribute('data-settled', 'true', { timeout: 30_000 });

    // Zoom: buttons, the wheel, and a two-finger pinch (pointer events, as a touch screen sends).
    const z0 = await zoom(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoom(page)).toBeCloseTo(z0 * 1.4, 2);
    // A wheel turn over the drawing (dispatched: the phone project has no mouse wheel).
    await svg.evaluate((el) => {
      const r = el.getBoundingClientRect();
      el.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY: 300,
          clientX: r.left + r.width / 2,
          clientY: r.top + r.height / 2,
          bubbles: true,
          cancelable: true,
        }),
      );
    });
    await expect.poll(() => zoom(page)).toBeLessThan(z0);
    const z1 = await zoom(page);
    await svg.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const fire = (type: string, id: number, x: number) =>
        el.dispatchEvent(
          new PointerEvent(type, {
            pointerId: id,
            pointerType: 'touch',
            clientX: x,
            clientY: cy,
            bubbles: true,
            isPrimary: id === 1,
          }),
        );
      fire('pointerdown', 1, cx - 20);
      fire('pointerdown', 2, cx + 20);
      fire('pointermove', 1, cx - 40);
      fire('pointermove', 2, cx + 40);
      fire('pointerup', 1, cx - 40);
      fire('pointerup', 2, cx + 40);
    });
    await expect.poll(() => zoom(page)).toBeCloseTo(z1 * 2, 2);

    // A click on a node opens its note; the hub is drawn on top.
    const drawing = page.getByRole('region', { name: 'Link graph' });
    const homeNode = drawing.getByRole('link', { name: /^Home, \d+ links$/ });
    await homeNode.click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Home');

    // Its local graph: the note highlighted, depth 2 (the settings' default), then 1.
    await page.getByRole('button', { name: 'Note actions' }).click();
    await page.getByRole('link', { name: 'Local graph' }).click();
    await expect(page.getByRole('link', { name: 'Around this note' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(list.getByRole('listitem')).toHaveCount(local(2).nodes.length);
    expect(await listTexts(page)).toEqual(entries(local(2)));
    await page.getByRole('combobox', { name: 'Depth' }).selectOption('1');
    await expect(list.getByRole('listitem')).toHaveCount(local(1).nodes.length);
    expect(await listTexts(page)).toEqual(entries(local(1)));
    await expect(list.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(drawing.getByRole('link', { name: /^Home, / })).toHaveAttribute('aria-current', 'page');

    // Whole vault with Home highlighted; filters: orphans, a folder.
    await page.getByRole('link', { name: 'Whole vault' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(173);
    await expect(drawing.getByRole('link', { name: /^Home, / })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('checkbox', { name: 'Hide orphans' }).check();
    const linked = whole.nodes.filter((n) => n.degree > 0 || n.id === home).length;
    await expect(list.getByRole('listitem')).toHaveCount(linked);
    await page.getByRole('checkbox', { name: 'Hide orphans' }).uncheck();
    await page.getByRole('combobox', { name: 'Folder' }).selectOption('Linking notes and files');
    const inFolder = headers.filter((h) => h.folder_path.startsWith('Linking notes and files')).length;
    await expect(list.getByRole('listitem')).toHaveCount(inFolder + 1); // and the open note

    // Enter on a focused node opens it too.
    await expect(svg).toHaveAttribute('data-settled', 'true', { timeout: 30_000 });
    await drawing.getByRole('link', { name: /^Internal links, \d+ links$/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Internal links');
  } finally {
    rmSync(join(vault, '..'), { recursive: true, force: true });
  }
});
