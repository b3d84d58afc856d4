import { expect, test, type Page } from '@playwright/test';

import { dayFromToday, monthName } from '../support/dates';
import { registerAndSetup, snapshot } from '../support/helpers';

test.describe.configure({ timeout: 180_000 });

async function addBudget(page: Page, category: string, amount: string) {
  await page.getByRole('button', { name: 'Add Budget' }).click();
  const form = page.getByRole('dialog', { name: 'Add Budget' });
  await form.getByLabel('Category').selectOption(category);
  await form.getByLabel('Amount').fill(amount);
  await form.getByRole('button', { name: 'Add Budget' }).click();
  await expect(form).toBeHidden();
}

/** Both themes at the current width, switched in place: a reload would close the form and the open row. */
async function bothThemes(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', value);
      document.documentElement.classList.toggle('dark', value === 'dark');
    }, theme);
    await snapshot(page, `${name}-${theme}`);
  }
}

test('split a transaction into two categories: the budget of each moves by its line', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/budgets');
  await addBudget(page, 'Food', '100');
  await addBudget(page, 'Bills', '100');

  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill('Supermarket');
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel(/^Amount/).fill('50');
  await form.getByLabel('Date').fill(dayFromToday(0));
  await form.getByRole('button', { name: 'Split', exact: true }).click();
  // The whole amount starts on the first line (in the row's category): nothing left, a second line empty.
  await expect(form.getByLabel('Line 1 category')).toHaveValue('Food');
  await form.getByLabel('Line 1 amount').fill('30');
  await expect(form.getByRole('status')).toHaveText('Left to assign: $20.00');
  const save = form.getByRole('button', { name: 'Add Expense' }).last();
  await expect(save).toBeDisabled();
  await expect(form).toContainText('Assign the whole amount to the lines to save.');
  await form.getByLabel('Line 2 category').selectOption('Bills');
  await form.getByLabel('Line 2 amount').fill('20');
  await form.getByLabel('Line 2 note').fill('soap');
  await expect(form.getByRole('status')).toHaveText('Left to assign: $0.00');
  await expect(save).toBeEnabled();
  await bothThemes(page, 'splits-form');
  await page.setViewportSize({ width: 390, height: 844 });
  await bothThemes(page, 'splits-form-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await save.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit anyway' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: /Supermarket/ });
  await row.locator('summary', { hasText: 'Split (2)' }).click();
  await expect(row).toContainText('Food');
  await expect(row).toContainText('$30.00');
  await expect(row).toContainText('Bills · soap');
  await expect(row).toContainText('$20.00');
  await bothThemes(page, 'splits-row');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(/Split \(2\)/).first()).toBeVisible();
  await bothThemes(page, 'splits-row-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/budgets');
  const month = page.getByRole('region', { name: monthName(0) });
  const food = month.getByRole('table').getByRole('row', { name: /Food/ });
  const bills = month.getByRole('table').getByRole('row', { name: /Bills/ });
  await expect(food).toContainText('$30.00');
  await expect(food).toContainText('$70.00');
  await expect(bills).toContainText('$20.00');
  await expect(bills).toContainText('$80.00');
  await expect(month).not.toContainText('Split');
});
