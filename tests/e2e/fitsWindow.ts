import { expect, type Page } from '@playwright/test';

/**
 * What sticks out of the window (a 390 px phone's above all): the page's and the section pane's
 * scroll widths (the pane scrolls on its own, so the page's width alone misses what widens it)
 * and every visible control whose box leaves the window sideways. A control inside a container
 * that scrolls sideways on purpose (tabs, board columns, the heatmap) counts only if that
 * container itself sticks out.
 */
export async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsSideways = (el: Element) => {
      const x = getComputedStyle(el).overflowX;
      return x === 'auto' || x === 'scroll';
    };
    const outside = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > width + 0.5);
    };
    const clipped: string[] = [];
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea, summary')) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box: Element = el;
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (up.classList.contains('section-pane')) break;
        if (scrollsSideways(up)) {
          box = up;
          break;
        }
      }
      if (outside(box)) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        clipped.push(`${el.tagName.toLowerCase()} "${name}"`);
      }
    }
    const pane = document.querySelector('.section-pane');
    return {
      page: Math.max(0, (document.scrollingElement ?? document.documentElement).scrollWidth - width),
      pane: pane ? Math.max(0, pane.scrollWidth - pane.clientWidth) : 0,
      clipped,
    };
  });
}

/** Asserts that nothing widens the page or its section pane and no control is cut off sideways. */
export async function expectFitsWindow(page: Page, where: string) {
  expect(await overflowOf(page), where).toEqual({ page: 0, pane: 0, clipped: [] });
}
