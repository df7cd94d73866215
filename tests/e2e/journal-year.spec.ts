import { expect, test } from '@playwright/test';
import { appReady } from './appReady';

test('the year view: stats and a heatmap whose cells name their date and count; a cell opens its day', async ({
  page,
}) => {
  await page.goto('/#/journal');
  await appReady(page);
  const heading = page.getByRole('heading', { name: /^Today, \d{4}-\d{2}-\d{2}$/ });
  const today = ((await heading.textContent()) ?? '').replace('Today, ', '');
  const year = today.slice(0, 4);

  await page.getByRole('textbox', { name: 'Journal entry' }).fill('Three short words');
  await page.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByRole('region', { name: 'Entry' }).getByRole('status')).toHaveText('Saved');

  await page.getByRole('link', { name: `Year ${year}` }).click();
  await expect(page.getByRole('heading', { name: year, exact: true })).toBeVisible();
  const stats = page.getByRole('definition');
  await expect(stats.first()).toHaveText('1');
  await expect(page.getByText('3', { exact: true })).toBeVisible();

  const heatmap = page.getByRole('group', { name: `Journal entries in ${year}` });
  const leap = Number(year) % 4 === 0 && (Number(year) % 100 !== 0 || Number(year) % 400 === 0);
  await expect(heatmap.locator('.heat-cell:not(.blank)')).toHaveCount(leap ? 366 : 365);
  const cell = heatmap.getByRole('link', { name: `${today}: 1 entry, 3 words` });
  await expect(cell).toBeVisible();
  await expect(heatmap.getByRole('link')).toHaveCount(1);
  const other = today.endsWith('-01-01') ? `${year}-01-02` : `${year}-01-01`;
  await expect(heatmap.getByRole('img', { name: `${other}: no entry` })).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('group', { name: `Journal entries in ${year}` }).getByRole('link')).toHaveCount(
    1,
  );
  await page
    .getByRole('group', { name: `Journal entries in ${year}` })
    .getByRole('link')
    .click();
  await expect(page.getByRole('textbox', { name: 'Journal entry' })).toHaveValue('Three short words');

  await page.goto(`/#/journal/year/${Number(year) - 1}`);
  await expect(
    page.getByRole('group', { name: `Journal entries in ${Number(year) - 1}` }).getByRole('link'),
  ).toHaveCount(0);
});
