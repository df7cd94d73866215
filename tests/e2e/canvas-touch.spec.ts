import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { appReady } from './appReady';
import { canvasTool } from './canvasTools';

// Issue 5 part 6: the canvas editor "usable with touch". Real touch input (Chromium's touch
// events, which the browser turns into touch pointer events), on the phone project only.
type Finger = { x: number; y: number; id: number };

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', fingers: Finger[]) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: fingers });
}

/** Moves `fingers` from their places by (dx, dy) each, in `steps` moves, then lifts them. */
async function gesture(cdp: CDPSession, start: Finger[], moves: { dx: number; dy: number }[], steps = 6) {
  await touch(cdp, 'touchStart', start);
  for (let s = 1; s <= steps; s++)
    await touch(
      cdp,
      'touchMove',
      start.map((f, i) => ({
        ...f,
        x: f.x + (moves[i]!.dx * s) / steps,
        y: f.y + (moves[i]!.dy * s) / steps,
      })),
    );
  await touch(cdp, 'touchEnd', []);
}

async function view(page: Page) {
  const t = (await page.locator('svg.canvas-surface > g').getAttribute('transform')) ?? '';
  const m = /translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.]+)\)/.exec(t);
  return { x: Number(m?.[1]), y: Number(m?.[2]), zoom: Number(m?.[3]) };
}

test('a finger draws a shape, pans the view and two fingers pinch-zoom it; undo and redo by tap', {
  tag: '@phone-only',
}, async ({ page }) => {
  await page.goto('/#/canvas');
  await appReady(page);
  await page.getByRole('textbox', { name: 'New canvas name (Folder/Title)' }).fill('Touch/Board');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Touch/Board' })).toBeVisible();
  const surface = page.getByRole('application', { name: 'Canvas' });
  await surface.scrollIntoViewIfNeeded();
  const box = (await surface.boundingBox())!;
  const at = (x: number, y: number, id = 1): Finger => ({ x: box.x + x, y: box.y + y, id });
  const cdp = await page.context().newCDPSession(page);

  // Draw: the Rectangle tool, then a finger dragged across the surface.
  await canvasTool(page, 'Rectangle', 'tap');
  await gesture(cdp, [at(30, 30)], [{ dx: 120, dy: 80 }]);
  const rect = page.getByRole('button', { name: 'Rectangle 1', exact: true });
  await expect(rect).toBeVisible();
  const drawn = (await rect.boundingBox())!;
  expect(drawn.width).toBeGreaterThan(100);

  // Pan: one finger on the empty background moves the view, not the shape.
  const before = await view(page);
  await gesture(cdp, [at(250, 250)], [{ dx: -60, dy: 40 }]);
  const panned = await view(page);
  expect(panned.x).toBeCloseTo(before.x - 60, 0);
  expect(panned.y).toBeCloseTo(before.y + 40, 0);
  expect(panned.zoom).toBe(before.zoom);

  // Pinch: two fingers spread apart zoom in; the rectangle grows on screen.
  await gesture(
    cdp,
    [at(150, 200, 1), at(200, 200, 2)],
    [
      { dx: -50, dy: 0 },
      { dx: 50, dy: 0 },
    ],
  );
  const zoomed = await view(page);
  expect(zoomed.zoom).toBeGreaterThan(1.5);
  expect((await rect.boundingBox())!.width).toBeGreaterThan(drawn.width * 1.5);

  // Undo and redo by tap: the rectangle goes and comes back, and stays over a reload.
  await page.getByRole('button', { name: 'Undo' }).tap();
  await expect(rect).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo' }).tap();
  await expect(rect).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('button', { name: 'Rectangle 1', exact: true })).toBeVisible();
});
