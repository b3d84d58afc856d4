import { expect, test, type Page } from '@playwright/test';

import { dayFromToday, firstOfLastMonth, monthName } from '../support/dates';
import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// A long journey, on a machine shared with other test runs.
test.describe.configure({ timeout: 180_000 });

async function addExpense(page: Page, name: string, amount: string, date: string) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel(/^Amount/).fill(amount);
  await form.getByLabel('Date').fill(date);
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  // A new account has no income yet, so every expense takes the balance below zero: confirm it.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit anyway' }).click();
  await expect(form).toBeHidden();
}

test('budget month: a rolling-over budget, copied into the next month, carries what was left; the dashboard sums it up', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await addExpense(page, 'Market', '30', firstOfLastMonth());
  await addExpense(page, 'Lunch', '20', dayFromToday(0));

  await page.goto('/budgets');
  const month = page.getByRole('region', { name: monthName(0) });
  await expect(month).toContainText(`No budgets for ${monthName(0)} yet`);
  // Spending with no budget this month is named, not lost.
  await expect(month).toContainText('Spending without a budget');

  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(/month=/);
  const last = page.getByRole('region', { name: monthName(-1) });
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const form = page.getByRole('dialog', { name: 'Add Budget' });
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel('Amount').fill('100');
  await form.getByRole('checkbox', { name: /^Roll over/ }).check();
  await form.getByRole('button', { name: 'Add Budget' }).click();
  await expect(form).toBeHidden();
  const lastFood = last.getByRole('table').getByRole('row', { name: /Food/ });
  await expect(lastFood).toContainText('$100.00');
  await expect(lastFood).toContainText('$30.00');
  await expect(lastFood).toContainText('$70.00');

  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Copy last month’s budgets' }).click();
  await expect(page.getByText(`Copied 1 budget from ${monthName(-1)}`)).toBeVisible();
  const food = month.getByRole('table').getByRole('row', { name: /Food/ });
  // 100 budgeted + 70 carried in − 20 spent.
  await expect(food).toContainText('$70.00');
  await expect(food).toContainText('$20.00');
  await expect(food).toContainText('$150.00');
  await expect(month).toContainText('$170.00');

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `budget-month-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, `budget-month-phone-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const card = page.getByRole('region', { name: `Budget, ${monthName(0)}` });
  await expect(card).toContainText('$20.00 spent of $170.00');
  await expect(card).toContainText('$150.00 left');
  await snapshot(page, 'dashboard-budget-card-light');
});
