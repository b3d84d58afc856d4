import { expect, test, type Page } from '@playwright/test';

import { dayFromToday, monthName } from '../support/dates';
import { registerAndSetup, setTheme, snapshot, typeRate } from '../support/helpers';

// A long journey (accounts, a rate, the dashboard twice), on a machine shared with other test runs.
test.describe.configure({ timeout: 180_000 });

/** Adds an account in the given currency through the Accounts page's form. */
async function addAccount(page: Page, name: string, currency: string) {
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add Account' }).click();
  const add = page.getByRole('dialog', { name: 'Add Account' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Currency').selectOption(currency);
  await add.getByRole('button', { name: 'Add Account' }).click();
  await expect(add).toBeHidden();
}

/** Opens the Add Expense form on the transactions page with the fields filled, not saved yet. */
async function fillExpense(page: Page, entry: { name: string; amount: string; account: string }) {
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill(entry.name);
  await form.getByLabel('Category').selectOption('Groceries');
  await form.getByLabel('Account', { exact: true }).selectOption({ label: entry.account });
  await form.getByLabel(/^Amount/).fill(entry.amount);
  await form.getByLabel('Date').fill(dayFromToday(0));
  return form;
}

function card(page: Page, title: string) {
  return page.getByRole('group', { name: title });
}

test('a USD user with a euro account sees the dashboard converted at the typed rate, then in euros', async ({
  page,
}) => {
  await registerAndSetup(page);
  await addAccount(page, 'Euro card', 'EUR');

  // 50 euros spent from the euro card, shown in euros where the row is listed.
  const form = await fillExpense(page, { name: 'Museum', amount: '50', account: 'Euro card' });
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form).toBeHidden();
  await expect(page.locator('tbody tr').filter({ hasText: 'Museum' })).toContainText('€50.00');

  // No rate yet: the dashboard says so instead of counting a euro as a dollar, and shows no number that
  // would read as a real zero where every amount lacked a rate.
  await page.goto('/dashboard');
  await expect(page.getByText('Figures in United States Dollar (USD)')).toBeVisible();
  await expect(card(page, 'Total Expense')).toContainText('Not known: no exchange rate');
  await expect(card(page, 'Total Expense')).not.toContainText('$0.00');
  await expect(card(page, 'Total Expense').getByRole('button', { name: '≈ rate missing' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Expenses by Category/ })).toContainText(
    'No EUR to USD rate for these amounts.',
  );

  // 1 EUR buys 1.25 USD today, typed in Settings.
  await page.goto('/settings');
  const rates = page.getByRole('region', { name: 'Exchange rates' });
  await rates.getByLabel('Day').fill(dayFromToday(0));
  await rates.getByLabel('One of').fill('EUR');
  await rates.getByLabel('Buys').fill('1.25');
  await rates.getByLabel('Of', { exact: true }).fill('USD');
  await rates.getByRole('button', { name: 'Save rate' }).click();
  await expect(rates.getByRole('table')).toContainText('1 EUR = 1.25 USD');

  // 50 € at 1.25 is $62.50, marked as converted, the rate and its day on hover.
  await page.goto('/dashboard');
  const expense = card(page, 'Total Expense');
  await expect(expense).toContainText('$62.50');
  const mark = expense.getByRole('button', { name: '≈ converted' });
  await mark.hover();
  await expect(expense.getByRole('tooltip')).toBeVisible();
  await expect(expense.getByRole('tooltip')).toContainText('latest 1 EUR = 1.25 USD');
  await expect(expense.getByRole('tooltip')).toContainText('typed by you');
  await expect(card(page, 'Total Income')).toContainText('$0.00');
  await expect(card(page, 'Total Income').getByRole('button', { name: /≈/ })).toHaveCount(0);
  await expect(card(page, 'Current Balance')).toContainText('-$62.50');
  await expect(page.getByRole('region', { name: 'Net worth' })).toContainText('-$62.50');
  // Each account's own balance stays in its currency: only the sums over accounts are converted.
  const euroCard = page
    .getByRole('region', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ hasText: 'Euro card' });
  await expect(euroCard).toContainText('-€50.00');
  await snapshot(page, 'currencies-dashboard-usd');

  // From the keyboard too: the mark takes the focus and its rate shows; the same in the dark theme.
  await setTheme(page, 'dark');
  await page.mouse.move(0, 0);
  await card(page, 'Total Expense').getByRole('button', { name: '≈ converted' }).focus();
  await expect(card(page, 'Total Expense').getByRole('tooltip')).toBeVisible();
  await expect(card(page, 'Total Expense').getByRole('tooltip')).toContainText('latest 1 EUR = 1.25 USD');
  await snapshot(page, 'currencies-dashboard-usd-dark');
  await setTheme(page, 'light');

  // The display currency becomes EUR: everything is converted, not relabelled.
  await page.getByLabel('Display currency').selectOption('EUR');
  await expect(page.getByText('Figures in Euro (EUR)')).toBeVisible();
  await expect(card(page, 'Total Expense')).toContainText('€50.00');
  await expect(card(page, 'Total Expense').getByRole('button', { name: /≈/ })).toHaveCount(0);
  await expect(card(page, 'Current Balance')).toContainText('-€50.00');
  await expect(page.getByRole('region', { name: 'Net worth' })).toContainText('-€50.00');
  await snapshot(page, 'currencies-dashboard-eur');
});

/** "Nov 2026": how the reports' tables name the month `offset` months from this one. */
function shortMonth(offset: number): string {
  const [month = '', year = ''] = monthName(offset).split(' ');
  return `${month.slice(0, 3)} ${year}`;
}

test('a budget month and the reports show euro spending converted into dollars and marked', async ({
  page,
}) => {
  // 40 € spent today and 1 EUR = 1.25 USD typed for today, the month's only rate: the same figures
  // whether a month is converted at its last rate or each row at its own day's.
  const EUROS = 40;
  const RATE = 1.25;
  const dollars = (amount: number) => `${amount < 0 ? '-' : ''}$${Math.abs(amount).toFixed(2)}`;
  const spent = dollars(EUROS * RATE);
  await registerAndSetup(page);
  await addAccount(page, 'Euro card', 'EUR');
  const form = await fillExpense(page, { name: 'Market', amount: String(EUROS), account: 'Euro card' });
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form).toBeHidden();

  // A budget of $100 for groceries this month.
  await page.goto('/budgets');
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const add = page.getByRole('dialog', { name: 'Add Budget' });
  await add.getByLabel('Category').selectOption('Groceries');
  await add.getByLabel('Amount').fill('100');
  await add.getByRole('button', { name: 'Add Budget' }).click();
  await expect(add).toBeHidden();
  const month = page.getByRole('region', { name: monthName(0) });
  const groceries = month.getByRole('table').getByRole('row', { name: /Groceries/ });

  // No rate yet: the spending is not known, never a $0.00 that reads as nothing spent.
  await expect(groceries.getByRole('button', { name: '≈ rate missing' })).toBeVisible();
  await expect(groceries).toContainText('Not known: no exchange rate');
  await expect(groceries.getByRole('cell').nth(3)).not.toContainText('$0.00');
  // Nor is what is left: not the whole $100.00 as if nothing had been spent.
  await expect(groceries.getByRole('cell').nth(4)).toContainText('Not known: no exchange rate');
  await expect(groceries.getByRole('cell').nth(4)).not.toContainText('$100.00');

  // With the rate: 40 € at 1.25 is $50.00 spent, marked, the rate on hover.
  await typeRate(page, 'EUR', String(RATE), 'USD', dayFromToday(0));
  await page.goto('/budgets');
  await expect(groceries).toContainText(spent);
  const mark = groceries.getByRole('button', { name: '≈ converted' });
  await mark.hover();
  await expect(groceries.getByRole('tooltip')).toContainText(
    'EUR converted at each day’s rate: latest 1 EUR = 1.25 USD',
  );
  await expect(month.getByRole('button', { name: '≈ converted' }).first()).toBeVisible();
  await snapshot(page, 'currencies-budget-month-usd');

  // The reports: spending by category in dollars, the report and its row marked as converted.
  await page.goto('/reports');
  const byCategory = page.getByRole('region', { name: 'Spending by category' });
  await expect(byCategory.getByRole('button', { name: '≈ converted' }).first()).toBeVisible();
  await byCategory.getByText('Show the figures as a table').click();
  const row = byCategory
    .getByRole('table', { name: 'Spending by category' })
    .getByRole('row', { name: /Groceries/ });
  await expect(row).toContainText(spent);
  await row.getByRole('button', { name: '≈ converted' }).hover();
  await expect(row.getByRole('tooltip')).toContainText('1 EUR = 1.25 USD');

  // This month's row of the monthly report: the converted expense, and the net it leaves.
  const incomeExpense = page.getByRole('region', { name: 'Income vs expense' });
  await expect(incomeExpense.getByRole('button', { name: '≈ converted' }).first()).toBeVisible();
  await incomeExpense.getByText('Show the figures as a table').click();
  const thisMonth = incomeExpense
    .getByRole('table', { name: 'Income vs expense per month' })
    .getByRole('row', { name: new RegExp(shortMonth(0)) });
  await expect(thisMonth.getByRole('cell')).toHaveText([
    new RegExp(shortMonth(0)),
    '$0.00',
    spent,
    dollars(-EUROS * RATE),
    '—',
  ]);

  // The groceries trend: this month's converted spending beside its $100 budget.
  const trend = page.getByRole('region', { name: 'Category trend' });
  await expect(trend.getByRole('button', { name: '≈ converted' }).first()).toBeVisible();
  await trend.getByText('Show the figures as a table').click();
  await expect(
    trend
      .getByRole('table', { name: 'Category trend per month' })
      .getByRole('row', { name: new RegExp(shortMonth(0)) })
      .getByRole('cell'),
  ).toHaveText([shortMonth(0), new RegExp(`${spent.replace('$', '\\$')}$`), '$100.00']);

  const years = page.getByRole('region', { name: 'Year over year' });
  await expect(years.getByRole('button', { name: '≈ converted' }).first()).toBeVisible();
  await snapshot(page, 'currencies-reports-usd');
});

test('a dollar budget read in euros is converted at the month’s rate, marked, and $100.00 again in dollars', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/budgets');
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const add = page.getByRole('dialog', { name: 'Add Budget' });
  await add.getByLabel('Category').selectOption('Groceries');
  await add.getByLabel('Amount').fill('100');
  await add.getByRole('button', { name: 'Add Budget' }).click();
  await expect(add).toBeHidden();
  // 1 USD buys 0.80 EUR today: this month's $100 budget is €80.00 in euros, not €100.00.
  await typeRate(page, 'USD', '0.8', 'EUR', dayFromToday(0));
  await page.goto('/budgets');
  const picker = page.getByRole('navigation', { name: 'Main' }).getByLabel('Display currency');
  await picker.selectOption('EUR');
  const month = page.getByRole('region', { name: monthName(0) });
  const groceries = month.getByRole('table').getByRole('row', { name: /Groceries/ });
  await expect(groceries.getByRole('cell').nth(1)).toContainText('€80.00');
  await expect(groceries.getByRole('cell').nth(1)).not.toContainText('€100.00');
  const mark = groceries.getByRole('cell').nth(1).getByRole('button', { name: '≈ converted' });
  await mark.hover();
  await expect(groceries.getByRole('tooltip')).toContainText(
    'Budget set in USD, converted at 1 USD = 0.8 EUR',
  );
  await snapshot(page, 'currencies-budget-converted-eur');
  await setTheme(page, 'dark');
  await page.mouse.move(0, 0);
  await groceries.getByRole('cell').nth(1).getByRole('button', { name: '≈ converted' }).focus();
  await expect(groceries.getByRole('tooltip')).toContainText(
    'Budget set in USD, converted at 1 USD = 0.8 EUR',
  );
  await snapshot(page, 'currencies-budget-converted-eur-dark');
  await setTheme(page, 'light');
  // Its edit form names the currency it was set in and what saving does.
  await page.getByRole('button', { name: `Edit Groceries ${monthName(0)}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Budget' });
  await expect(edit).toContainText('Set in USD, shown converted. Saving keeps this amount in EUR.');
  await snapshot(page, 'currencies-budget-edit-converted');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // Back in dollars: exactly what was set, with no mark.
  await picker.selectOption('USD');
  await expect(groceries.getByRole('cell').nth(1)).toHaveText('$100.00');
  await expect(groceries.getByRole('button', { name: /≈/ })).toHaveCount(0);
});

test('a yen account refuses ¥12.5 with a clear message and records nothing', async ({ page }) => {
  await registerAndSetup(page);
  await addAccount(page, 'Tokyo wallet', 'JPY');
  const form = await fillExpense(page, { name: 'Tea', amount: '12.5', account: 'Tokyo wallet' });
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form.getByRole('alert')).toHaveText(
    'Amounts in Japanese Yen (JPY) are whole numbers, with no decimals.',
  );
  await form.getByLabel(/^Amount/).fill('1500');
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form).toBeHidden();
  await expect(page.locator('tbody tr').filter({ hasText: 'Tea' })).toContainText('¥1,500');
});

test('a yen account’s reports draw its yen against a yen axis, in both themes', async ({ page }) => {
  await registerAndSetup(page);
  await addAccount(page, 'Tokyo wallet', 'JPY');
  const form = await fillExpense(page, { name: 'Ryokan', amount: '150000', account: 'Tokyo wallet' });
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form).toBeHidden();

  // The account's own reports are in yen: ¥150,000 stands against a ¥150K axis (never ¥1.5K, which a
  // division by 100 drew), and the table writes whole yen.
  await page.goto('/reports');
  await page.getByLabel('Accounts').selectOption({ label: 'Tokyo wallet' });
  const incomeExpense = page.getByRole('region', { name: 'Income vs expense' });
  const chart = incomeExpense.getByRole('img', { name: /^Income and expense per month/ });
  await expect(chart.locator('text')).toContainText(['¥0', '¥50K', '¥100K', '¥150K']);
  await expect(chart).not.toContainText('¥1.5K');
  await chart.focus();
  await page.keyboard.press('End');
  await expect(incomeExpense.getByRole('tooltip')).toContainText('Expense¥150,000');
  await incomeExpense.getByText('Show the figures as a table').click();
  await expect(
    incomeExpense.getByRole('table', { name: 'Income vs expense per month' }).getByRole('row').last(),
  ).toContainText('¥150,000');
  await snapshot(page, 'currencies-reports-jpy');
  await setTheme(page, 'dark');
  await expect(chart.locator('text')).toContainText(['¥0', '¥50K', '¥100K', '¥150K']);
  await snapshot(page, 'currencies-reports-jpy-dark');
});
