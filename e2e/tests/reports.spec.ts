import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';

import { dayFromToday, firstOfLastMonth, monthName, monthsAfter, shown } from '../support/dates';
import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// A long journey, on a machine shared with other test runs.
test.describe.configure({ timeout: 240_000 });

async function authorization(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

async function addRows(page: Page, rows: Record<string, unknown>[]) {
  const headers = await authorization(page);
  for (const row of rows) {
    const response = await page.request.post('/trpc/transactions.create', { headers, data: row });
    expect(response.status()).toBe(200);
  }
}

/** Seeds through the API the web app uses, to keep the journey on the reports themselves. */
async function seed(page: Page) {
  const headers = await authorization(page);
  await addRows(page, [
    { name: 'Payroll', category: 'Salary', amount: '3000', date: dayFromToday(-40), isIncome: true },
    { name: 'Groceries', category: 'Food', amount: '120', date: dayFromToday(-35), isIncome: false },
    { name: 'Electricity', category: 'Bills', amount: '80', date: dayFromToday(-20), isIncome: false },
    { name: 'Cinema', category: 'Entertainment', amount: '30', date: dayFromToday(-5), isIncome: false },
  ]);
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

test('reports over the last 12 months: drill into a category, download its CSV, carry a budget into this month, see the next rent coming and record it early', async ({
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
  await readTheBars(page, incomeVsExpense);
  await expect(report(page, 'Top payees').getByRole('row').filter({ hasText: 'Groceries' })).toContainText(
    '$120.00',
  );
  await expect(report(page, 'Net worth over time').getByRole('img')).toBeVisible();

  // One account chosen: spending by category is that account's (every row here is in it).
  await page.getByLabel('Accounts').selectOption({ index: 1 });
  await expect(page).toHaveURL(/account=/);
  await expect(byCategory).not.toContainText('on-budget accounts. Pick');
  await expect(table.getByRole('row').filter({ hasText: 'Food' })).toContainText('$120.00');
  // The category trend follows the same account.
  await expect(report(page, 'Category trend')).toContainText(
    'Food per month against its budget, Main account;',
  );
  await page.getByLabel('Accounts').selectOption({ index: 0 });
  await expect(page).not.toHaveURL(/account=/);

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
  const point = { x: box.width / 2 + radius * 0.8, y: box.height / 2 };
  // The ring grows in again after the reload: click once the slice under the point has stopped moving.
  const sliceAt = () =>
    pie.evaluate((element, { x, y }) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + x, rect.top + y);
      return hit instanceof SVGPathElement ? hit.getAttribute('d') : null;
    }, point);
  let drawn: string | null = null;
  await expect
    .poll(
      async () => {
        const now = await sliceAt();
        const still = now !== null && now === drawn;
        drawn = now;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
  await pie.click({ position: point });
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

  // The budget month: a rolling-over Food budget last month, copied into this one, carries what was left.
  await addRows(page, [
    { name: 'Market', category: 'Food', amount: '30', date: firstOfLastMonth(), isIncome: false },
    { name: 'Lunch', category: 'Food', amount: '20', date: dayFromToday(0), isIncome: false },
  ]);
  await page.goto('/budgets');
  await page.getByRole('button', { name: 'Previous month' }).click();
  const last = page.getByRole('region', { name: monthName(-1) });
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const form = page.getByRole('dialog', { name: 'Add Budget' });
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel('Amount').fill('200');
  await form.getByRole('checkbox', { name: /^Roll over/ }).check();
  await form.getByRole('button', { name: 'Add Budget' }).click();
  await expect(form).toBeHidden();
  // Last month's Food is at least Market's 30 (Groceries may fall in it too, depending on today's date).
  await expect(last.getByRole('table').getByRole('row', { name: /Food/ })).toContainText('$200.00');
  const leftLastMonth =
    200 - 30 - (firstOfLastMonth().slice(0, 7) === dayFromToday(-35).slice(0, 7) ? 120 : 0);
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Copy last month’s budgets' }).click();
  await expect(page.getByText(`Copied 1 budget from ${monthName(-1)}`)).toBeVisible();
  const food = page
    .getByRole('region', { name: monthName(0) })
    .getByRole('table')
    .getByRole('row', { name: /Food/ });
  // 200 budgeted plus what last month left, less Lunch's 20.
  await expect(food).toContainText(money(leftLastMonth));
  await expect(food).toContainText(money(200 + leftLastMonth - 20));
  await snapshot(page, 'reports-journey-budget-month');

  // Upcoming: the next rent, with the balance it leaves (3,000 in, 250 out so far).
  await page.goto('/dashboard');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const rent = upcoming.getByRole('listitem').filter({ hasText: 'Rent' });
  await expect(rent).toContainText(shown(dayFromToday(10)));
  await expect(rent).toContainText('$1,520.00');
  await expect(upcoming).toContainText('$2,720.00');
  await snapshot(page, 'reports-upcoming-dashboard');
  // Skip and Record now ask first, naming the occurrence; cancelled, nothing changes.
  await upcoming.getByRole('button', { name: `Skip Rent of ${shown(dayFromToday(10))}` }).click();
  const skipFirst = page.getByRole('alertdialog', { name: 'Skip this occurrence?' });
  await expect(skipFirst).toContainText(
    `Rent of ${shown(dayFromToday(10))} ($1,200.00) will not be recorded`,
  );
  await snapshot(page, 'reports-upcoming-skip-confirm-light');
  await skipFirst.getByRole('button', { name: 'Cancel' }).click();
  await expect(skipFirst).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await setTheme(page, 'dark');
  await upcoming.getByRole('button', { name: `Record Rent of ${shown(dayFromToday(10))} now` }).click();
  const recordFirst = page.getByRole('alertdialog', { name: 'Record it now?' });
  await expect(recordFirst).toContainText('is added to your transactions now');
  await snapshot(page, 'reports-upcoming-record-confirm-phone-dark');
  await recordFirst.getByRole('button', { name: 'Cancel' }).click();
  await expect(recordFirst).toBeHidden();
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(rent).toContainText(shown(dayFromToday(10)));
  await expect(upcoming).toContainText('$2,720.00');

  // Paid early: the rent recorded now from the recurring list, which then shows the next one due.
  const headers = await authorization(page);
  await page.goto('/recurring-transactions');
  const rentRule = page.getByRole('row').filter({ hasText: 'Rent' });
  await expect(rentRule).toContainText('Not yet');
  await expect(rentRule).toContainText(shown(dayFromToday(10)));
  await page.getByRole('button', { name: `Record Rent now (due ${shown(dayFromToday(10))})` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Record now' });
  await expect(confirm).toContainText(`due on ${shown(dayFromToday(10))}, today (${shown(dayFromToday(0))})`);
  await snapshot(page, 'recurring-record-now-confirm');
  await confirm.getByRole('button', { name: 'Record now' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `Next due: ${shown(monthsAfter(dayFromToday(10), 1))}` }),
  ).toBeVisible();
  await expect(rentRule).toContainText(shown(monthsAfter(dayFromToday(10), 1)));
  // Last Recorded: today.
  await expect(rentRule).toContainText(shown(dayFromToday(0)));

  // Away next month: that rent skipped, nothing recorded for it, the list moves on to the month after.
  const following = monthsAfter(dayFromToday(10), 1);
  await page.getByRole('button', { name: `Skip next Rent (${shown(following)})` }).click();
  const skip = page.getByRole('alertdialog', { name: 'Skip next occurrence' });
  await expect(skip).toContainText(`Skip Rent due on ${shown(following)}?`);
  await skip.getByRole('button', { name: `Skip ${shown(following)}` }).click();
  await expect(skip).toBeHidden();
  await expect(rentRule).toContainText(shown(monthsAfter(dayFromToday(10), 2)));
  await expect(rentRule).toContainText(shown(dayFromToday(0)));

  // Another device skips that one while the dialog is open here: this click is refused, the list catches up.
  const inThreeMonths = monthsAfter(dayFromToday(10), 2);
  await page.getByRole('button', { name: `Skip next Rent (${shown(inThreeMonths)})` }).click();
  const [rule] = (await (await page.request.get('/api/recurring', { headers })).json()) as { _id: string }[];
  const elsewhere = await page.request.post(`/api/recurring/${rule?._id}/skip`, {
    headers,
    data: { date: inThreeMonths },
  });
  expect(elsewhere.status()).toBe(200);
  await skip.getByRole('button', { name: `Skip ${shown(inThreeMonths)}` }).click();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'This occurrence was already skipped or recorded.' }),
  ).toBeVisible();
  await expect(rentRule).toContainText(shown(monthsAfter(dayFromToday(10), 3)));
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `recurring-list-actions-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByRole('button', { name: /^Skip next Rent/ })).toHaveText('Skip next');
    await snapshot(page, `recurring-list-actions-phone-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Recorded today; the next one is more than 30 days away, so nothing is coming up.
  await page.goto('/transactions');
  await expect(page.getByRole('row').filter({ hasText: 'Rent' })).toContainText(shown(dayFromToday(0)));
  await page.goto('/dashboard');
  await expect(page.getByRole('group', { name: 'Current Balance' })).toContainText('$1,520.00');
  await expect(page.getByRole('region', { name: 'Upcoming' })).toHaveCount(0);
});

/**
 * The income vs expense bars: a bar's exact figure on hover and from the keyboard (one tab stop, the arrow
 * keys from bar to bar), and the chart as a standalone SVG file that draws as the page does.
 */
async function readTheBars(page: Page, incomeVsExpense: Locator) {
  const chart = incomeVsExpense.getByRole('img');
  const tooltip = incomeVsExpense.getByRole('tooltip');
  const thisMonth = dayFromToday(0).slice(0, 7);
  const spentThisMonth = (
    [
      [-35, 120],
      [-20, 80],
      [-5, 30],
    ] as const
  )
    .filter(([days]) => dayFromToday(days).slice(0, 7) === thisMonth)
    .reduce((sum, [, amount]) => sum + amount, 0);

  await chart.focus();
  await page.keyboard.press('End');
  await expect(tooltip).toHaveText(`${monthName(0)}Expense${money(spentThisMonth)}`);
  await page.keyboard.press('ArrowLeft');
  await expect(tooltip).toHaveText(`${monthName(0)}Income$0.00`);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  // The mouse anywhere in the last bar's column, above the bar too.
  const box = await chart.boundingBox();
  if (!box) throw new Error('The income vs expense chart is not drawn.');
  await page.mouse.move(box.x + box.width - 12, box.y + 20);
  await expect(tooltip).toHaveText(`${monthName(0)}Expense${money(spentThisMonth)}`);
  await page.mouse.move(box.x + box.width / 2, box.y - 40);
  await expect(tooltip).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await incomeVsExpense.getByRole('button', { name: /Image/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^paisable-income-vs-expense-.*\.svg$/);
  const svg = fs.readFileSync(await download.path(), 'utf8');
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  // Payroll's 3,000 is the highest bar: the axis ends at $3K, income green, expenses red.
  expect(svg).toContain('>$3K</text>');
  expect(svg).toContain('fill="#16a34a"');
  expect(svg).toContain('fill="#dc2626"');
  const file = await page.context().newPage();
  await file.setContent(svg);
  await expect(file.getByText('$3K')).toBeVisible();
  await expect(file.getByText('Expense')).toBeVisible();
  await snapshot(file, 'reports-income-vs-expense-image');
  await file.close();
}

function money(amount: number) {
  const text = `$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  return amount < 0 ? `-${text}` : text;
}

test('opened from its address, the first report is asked for once, while the app’s code downloads', async ({
  page,
}) => {
  await registerAndSetup(page);
  await seed(page);
  const monthlyCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('reports.monthly')) monthlyCalls.push(new URL(request.url()).pathname);
  });
  await page.goto('/reports');
  const incomeVsExpense = report(page, 'Income vs expense');
  await expect(incomeVsExpense.getByRole('img')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page's inline script asked for it alone (not in a batch of the app's), and the app used that answer.
  expect(monthlyCalls).toEqual(['/trpc/reports.monthly']);
});
