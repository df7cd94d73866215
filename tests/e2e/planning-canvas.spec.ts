import { expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { canvasTool } from './canvasTools';

/** Drags on the canvas surface between two points given relative to its top-left corner. */
async function dragOnCanvas(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByRole('application', { name: 'Canvas' }).boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + (from[0] + to[0]) / 2, box.y + (from[1] + to[1]) / 2, { steps: 4 });
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
  await page.mouse.up();
}

/** A new canvas named `name` holding "Rectangle 1" (top left) and "Ellipse 1" (below right of it). */
async function canvasWithTwoShapes(page: Page, name: string) {
  await page.goto('/#/canvas');
  await appReady(page);
  await page.getByRole('textbox', { name: 'New canvas name (Folder/Title)' }).fill(name);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await canvasTool(page, 'Rectangle');
  await dragOnCanvas(page, [30, 40], [150, 120]);
  await canvasTool(page, 'Ellipse');
  await dragOnCanvas(page, [220, 220], [340, 300]);
}

test('draw two shapes, bind an arrow between them, reload: the binding holds and follows a move', async ({
  page,
}) => {
  await canvasWithTwoShapes(page, 'Work/Plan');
  const rect = page.getByRole('button', { name: 'Rectangle 1', exact: true });
  const oval = page.getByRole('button', { name: 'Ellipse 1', exact: true });
  await expect(rect).toBeVisible();
  await expect(oval).toBeVisible();

  await canvasTool(page, 'Arrow');
  await dragOnCanvas(page, [90, 80], [280, 260]);
  const arrow = page.getByRole('button', { name: 'Arrow from Rectangle 1 to Ellipse 1' });
  await expect(arrow).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Arrow from Rectangle 1 to Ellipse 1' })).toBeVisible();
  const endBefore = await page.locator('[data-type="arrow"] line').last().getAttribute('x2');
  const cxBefore = await page.locator('[data-type="ellipse"] ellipse').getAttribute('cx');

  // Move the ellipse with the keyboard: the arrow's end follows it, the binding stays.
  await page.getByRole('button', { name: 'Ellipse 1', exact: true }).focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Arrow from Rectangle 1 to Ellipse 1' })).toBeVisible();
  const endAfter = await page.locator('[data-type="arrow"] line').last().getAttribute('x2');
  const cxAfter = await page.locator('[data-type="ellipse"] ellipse').getAttribute('cx');
  expect(Number(cxAfter)).toBe(Number(cxBefore) + 100);
  expect(Number(endAfter)).toBeGreaterThan(Number(endBefore) + 20);

  // A free line (bound to nothing), and the rectangle filled red: both kept over a reload.
  await canvasTool(page, 'Line');
  await dragOnCanvas(page, [20, 340], [140, 400]);
  await expect(page.locator('[data-type="line"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Rectangle 1', exact: true }).click();
  await page.getByLabel('Fill colour').fill('#ff0000');
  await expect(page.locator('[data-type="rectangle"] rect').first()).toHaveAttribute('fill', '#ff0000');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-type="line"]')).toHaveCount(1);
  await expect(page.locator('[data-type="rectangle"] rect').first()).toHaveAttribute('fill', '#ff0000');

  // Undo brings the ellipse back.
  await page.getByRole('button', { name: 'Rectangle 1', exact: true }).click();
  await page.getByRole('button', { name: 'Delete element' }).click();
  await expect(page.getByRole('button', { name: 'Rectangle 1', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Arrow to Ellipse 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Arrow from Rectangle 1 to Ellipse 1' })).toBeVisible();

  // Redo deletes it again, and what redo did is what is saved.
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByRole('button', { name: 'Rectangle 1', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Arrow to Ellipse 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rectangle 1', exact: true })).toHaveCount(0);
});

// Lost edits: another tab's write to the canvas reads the scene again (new element objects), and the
// inspector's text box, bound to the element's text, lost what was being typed in it.
test('an element text being typed survives another tab changing the canvas @desktop-only', async ({
  context,
}) => {
  const a = await context.newPage();
  await canvasWithTwoShapes(a, 'Yard');
  await expect(a.getByRole('button', { name: 'Ellipse 1', exact: true })).toBeVisible();
  await expect(a.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  const b = await context.newPage();
  await b.goto(a.url());
  await appReady(b);
  await a.getByRole('button', { name: 'Rectangle 1', exact: true }).click();
  const text = a.getByRole('textbox', { name: 'Text of Rectangle 1' });
  await text.fill('Shed');
  await b.getByRole('button', { name: 'Ellipse 1', exact: true }).click();
  await b.getByLabel('Fill colour').fill('#00ff00');
  // A draws B's fill: A has read the scene again.
  await expect(a.locator('[data-type="ellipse"] ellipse')).toHaveAttribute('fill', '#00ff00');
  await expect(text).toHaveValue('Shed');

  await text.press('Enter');
  await expect(a.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await b.reload();
  await appReady(b);
  await b.getByRole('button', { name: /^Rectangle 1/ }).click();
  await expect(b.getByRole('textbox', { name: /^Text of Rectangle 1/ })).toHaveValue('Shed');
});
