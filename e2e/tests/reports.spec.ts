import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

import { dayFromToday, shown } from '../support/dates';
import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// A long journey, on a machine shared with other test runs.
test.describe.configure({ timeout: 180_000 });

/** Seeds through the API the web app uses, to keep the journey on the reports themselves. */
async function seed(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const rows = [
    { name: 'Payroll', category: 'Salary', amount: '3000', date: dayFromToday(-40), isIncome: true },
    { name: 'Groceries', category: 'Food', amount: '120', date: dayFromToday(-35), isIncome: false },
    { name: 'Electricity', category: 'Bills', amount: '80', date: dayFromToday(-20), isIncome: false },
    { name: 'Cinema', category: 'Entertainment', amount: '30', date: dayFromToday(-5), isIncome: false },
  ];
  for (const row of rows) {
    const response = await page.request.post('/trpc/transactions.create', { headers, data: row });
    expect(response.status()).toBe(200);
  }
  const rent = await page.request.post('/trpc/recurring.create', {
    headers,
    data: {
      name: 'Rent',
      category: 'Bills',
      amount: '1200',
      frequency: 'monthly',
      startDate: dayFromToday(10),
    },
  });
  expect(rent.status()).toBe(200);
}

function report(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

test('reports over the last 12 months: drill into a category, download its CSV, and see the next rent coming', async ({
  page,
}) => {
  await registerAndSetup(page);
  await seed(page);
  await page.goto('/reports');
  await page.getByLabel('Period').selectOption({ label: 'Last 12 months' });
  await expect(page).toHaveURL(/period=last-12-months/);

  const byCategory = report(page, 'Spending by category');
  // The figures as a table, for a screen reader and the keyboard.
  await byCategory.getByText('Show the figures as a table').click();
  const table = byCategory.getByRole('table', { name: 'Spending by category' });
  await expect(table.getByRole('row').filter({ hasText: 'Food' })).toContainText('$120.00');
  await expect(table.getByRole('link', { name: 'Bills' })).toBeVisible();
  const incomeVsExpense = report(page, 'Income vs expense');
  await expect(incomeVsExpense.getByRole('img')).toBeVisible();
  await expect(report(page, 'Top payees').getByRole('row').filter({ hasText: 'Groceries' })).toContainText(
    '$120.00',
  );
  await expect(report(page, 'Net worth over time').getByRole('img')).toBeVisible();

  for (const [width, name] of [
    [1280, 'desktop'],
    [768, 'tablet'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await expect(report(page, 'Year over year').getByRole('img')).toBeVisible();
      await snapshot(page, `reports-${name}-${theme}`);
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The largest slice is Food: a click on it opens Food's expenses of the period.
  // Slices run clockwise from the top, so Food (more than half) covers the ring's right-hand side.
  const pie = byCategory.getByTestId('category-pie');
  const box = await pie.boundingBox();
  if (!box) throw new Error('The category ring is not drawn.');
  const radius = Math.min(box.width, box.height) / 2 - 8;
  await pie.click({ position: { x: box.width / 2 + radius * 0.8, y: box.height / 2 } });
  await expect(page).toHaveURL(/\/transactions\?.*category=Food/);
  await expect(page.getByRole('row').filter({ hasText: 'Groceries' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Electricity' })).toHaveCount(0);
  await page.goBack();

  // The same figures as a file.
  const downloading = page.waitForEvent('download');
  await report(page, 'Spending by category').getByRole('button', { name: /CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^paisable-spending-by-category-.*\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toBe('Category,Spent\r\nFood,120.00\r\nBills,80.00\r\nEntertainment,30.00\r\n');

  // Upcoming: the next rent, with the balance it leaves.
  await page.goto('/dashboard');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const rent = upcoming.getByRole('listitem').filter({ hasText: 'Rent' });
  await expect(rent).toContainText(shown(dayFromToday(10)));
  await expect(rent).toContainText('$1,570.00');
  await expect(upcoming).toContainText('$2,770.00');
  await snapshot(page, 'reports-upcoming-dashboard');
});
