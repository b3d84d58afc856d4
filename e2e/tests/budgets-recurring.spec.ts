import { expect, test, type Page } from '@playwright/test';

import { dayFromToday, shown } from '../support/dates';
import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// Long journeys, on a machine shared with other test runs.
test.describe.configure({ timeout: 180_000 });

function rows(page: Page) {
  return page.locator('tbody tr');
}

async function addExpense(page: Page, name: string, category: string, amount: string, date: string) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel('Category').selectOption(category);
  await form.getByLabel(/^Amount/).fill(amount);
  await form.getByLabel('Date').fill(date);
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  // A new account has no income yet, so every expense takes the balance below zero: confirm it.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit anyway' }).click();
  await expect(form).toBeHidden();
}

async function addBudget(
  page: Page,
  budget: { category: string; amount: string; month: string; year: string },
) {
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const form = page.getByRole('dialog', { name: 'Add Budget' });
  await expect(form).toBeVisible();
  await form.getByLabel('Category').selectOption(budget.category);
  await form.getByLabel('Amount').fill(budget.amount);
  await form.getByLabel('Month').fill(budget.month);
  await form.getByLabel('Year').fill(budget.year);
  await form.getByRole('button', { name: 'Add Budget' }).click();
  return form;
}

test('budgets: the first one from an empty list, spent from real expenses, duplicates refused, edit and delete', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await addExpense(page, 'Market', 'Groceries', '85', '2025-03-05');
  await addExpense(page, 'Takeaway', 'Food', '30', '2025-03-31');
  await addExpense(page, 'Cinema', 'Entertainment', '45.5', '2025-03-12');
  await addExpense(page, 'Old dinner', 'Food', '999', '2025-02-28');

  await page.goto('/budgets');
  await expect(page.getByText('No budgets found')).toBeVisible();

  // The form opens on the current month, with no category chosen.
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const blank = page.getByRole('dialog', { name: 'Add Budget' });
  // No category is chosen for the user: an untouched form saves nothing.
  await expect(blank.getByLabel('Category')).toHaveValue('');
  await expect(blank.getByLabel('Month')).toHaveValue(String(new Date().getMonth() + 1));
  await expect(blank.getByLabel('Year')).toHaveValue(String(new Date().getFullYear()));
  await blank.getByLabel('Amount').fill('50');
  await blank.getByRole('button', { name: 'Add Budget' }).click();
  await expect(blank.getByRole('alert')).toHaveText('Please select a category');
  // Out-of-range whole months snap into 1–12 as they are typed.
  await blank.getByLabel('Month').fill('13');
  await expect(blank.getByLabel('Month')).toHaveValue('12');
  await blank.getByLabel('Month').fill('0');
  await expect(blank.getByLabel('Month')).toHaveValue('1');
  // An empty month is not January, and 5.5 is not May: both are refused.
  await blank.getByLabel('Category').selectOption('Bills');
  await blank.getByLabel('Month').fill('');
  await blank.getByRole('button', { name: 'Add Budget' }).click();
  await expect(blank.getByRole('alert')).toHaveText('Please enter a month (1 to 12).');
  await blank.getByLabel('Month').fill('5.5');
  await blank.getByRole('button', { name: 'Add Budget' }).click();
  await expect(blank.getByRole('alert')).toHaveText('Month must be a whole number from 1 to 12.');
  await blank.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No budgets found')).toBeVisible();

  await expect(
    await addBudget(page, { category: 'Groceries', amount: '100', month: '3', year: '2025' }),
  ).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  const groceries = rows(page).filter({ hasText: 'Groceries' });
  await expect(groceries).toContainText('Groceries');
  await expect(groceries).toContainText('March 2025');
  await expect(groceries).toContainText('$100.00');
  await expect(groceries).toContainText('$85.00');
  await expect(groceries).toContainText('$15.00');
  await expect(groceries.getByRole('progressbar')).toHaveAttribute('data-status', 'warning');
  await expect(groceries).toContainText('85%');

  await expect(
    await addBudget(page, { category: 'Food', amount: '200', month: '3', year: '2025' }),
  ).toBeHidden();
  await expect(
    await addBudget(page, { category: 'Entertainment', amount: '40', month: '3', year: '2025' }),
  ).toBeHidden();
  await expect(rows(page)).toHaveCount(3);
  const food = rows(page).filter({ hasText: 'Food' });
  // Only March's Food expenses count, not February's.
  await expect(food).toContainText('$30.00');
  await expect(food.getByRole('progressbar')).toHaveAttribute('data-status', 'ok');
  const fun = rows(page).filter({ hasText: 'Entertainment' });
  await expect(fun).toContainText('-$5.50');
  await expect(fun).toContainText('100%');
  await expect(fun.getByRole('progressbar')).toHaveAttribute('data-status', 'exceeded');
  // Spent takes its bar's colour: green, yellow, red (not red for every budget).
  const spent = (row: typeof food) => row.locator('td').nth(3).locator('span');
  await expect(spent(food)).toHaveClass(/text-green-700/);
  await expect(spent(groceries)).toHaveClass(/text-amber-700/);
  await expect(spent(fun)).toHaveClass(/text-red-700/);

  // One budget per category and month.
  const duplicate = await addBudget(page, { category: 'Food', amount: '5', month: '3', year: '2025' });
  await expect(duplicate.getByRole('alert')).toHaveText('A budget for Food in March 2025 already exists.');
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page)).toHaveCount(3);

  // All three colours on screen: green, yellow and red.
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `budgets-${theme}`);
  }
  await page.getByRole('button', { name: 'Add Budget' }).click();
  await snapshot(page, 'budget-form-dark');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await setTheme(page, 'light');
  await snapshot(page, 'budgets-phone-light');
  await setTheme(page, 'dark');
  await snapshot(page, 'budgets-phone-dark');
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Edit Groceries March 2025' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Budget' });
  await expect(edit.getByLabel('Amount')).toHaveValue('100');
  await edit.getByLabel('Amount').fill('80');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(groceries).toContainText('-$5.00');
  await expect(groceries.getByRole('progressbar')).toHaveAttribute('data-status', 'exceeded');

  await page.getByRole('button', { name: 'Delete Food March 2025' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this budget?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'Food' })).toHaveCount(0);
});

test('recurring: due occurrences recorded on their dates at once, next due shown, edit, delete keeps them', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/recurring-transactions');
  await expect(page.getByText('No recurring transactions')).toBeVisible();

  const start = dayFromToday(-14);
  await page.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Recurring Transaction' });
  await expect(form.getByLabel('Frequency')).toHaveValue('monthly');
  await expect(form.getByLabel('Start Date')).toHaveValue(dayFromToday(0));
  await form.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a name for the recurring transaction');
  await form.getByLabel('Name').fill('Cleaner');
  await form.getByLabel('Category').selectOption('Bills');
  await form.getByLabel('Amount').fill('60');
  await form.getByLabel('Frequency').selectOption('weekly');
  await form.getByLabel('Start Date').fill(start);
  await form.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  await expect(form).toBeHidden();

  const cleaner = rows(page).filter({ hasText: 'Cleaner' });
  await expect(cleaner).toContainText('Bills');
  await expect(cleaner).toContainText('-$60.00');
  await expect(cleaner).toContainText('Expense');
  await expect(cleaner).toContainText('Weekly');
  await expect(cleaner).toContainText(shown(dayFromToday(7)));

  // An income rule starting next month: nothing recorded yet, its start is the next due date.
  const payday = dayFromToday(20);
  await page.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  const income = page.getByRole('dialog', { name: 'Add Recurring Transaction' });
  await income.getByLabel('Name').fill('Salary');
  await income.getByLabel('Income').check();
  await income.getByLabel('Category').selectOption('Salary');
  await income.getByLabel('Amount').fill('3000');
  await income.getByLabel('Start Date').fill(payday);
  await income.getByLabel('End Date (Optional)').fill(dayFromToday(400));
  await income.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  await expect(income).toBeHidden();
  const salary = rows(page).filter({ hasText: 'Salary' }).first();
  await expect(salary).toContainText('+$3,000.00');
  await expect(salary).toContainText('Income');
  await expect(salary).toContainText('Monthly');
  await expect(salary).toContainText(shown(payday));

  // The weekly rule recorded three occurrences, each on its own date.
  await page.getByRole('link', { name: 'Transactions', exact: true }).first().click();
  await expect(rows(page)).toHaveCount(3);
  for (const days of [0, -7, -14]) {
    await expect(rows(page).filter({ hasText: shown(dayFromToday(days)) })).toContainText('Cleaner');
  }

  await page.goto('/recurring-transactions');
  await page.getByRole('button', { name: 'Edit Cleaner' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Recurring Transaction' });
  await expect(edit.getByLabel('Frequency')).toHaveValue('weekly');
  await edit.getByLabel('Amount').fill('65');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(cleaner).toContainText('-$65.00');
  await expect(cleaner).toContainText(shown(dayFromToday(7)));

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `recurring-${theme}`);
  }
  await page.getByRole('button', { name: 'Edit Salary' }).click();
  await snapshot(page, 'recurring-form-dark');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 740 });
  await snapshot(page, 'recurring-phone-dark');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Delete Cleaner' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this recurring transaction?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cleaner).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);

  await page.goto('/transactions');
  await expect(rows(page)).toHaveCount(3);
});
