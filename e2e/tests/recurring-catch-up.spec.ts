import { expect, test, type Page } from '@playwright/test';

import { dayFromToday, shown } from '../support/dates';
import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

test.describe.configure({ timeout: 90_000 });

async function openNewRule(page: Page, name: string, frequency: string, start: string) {
  await page.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Recurring Transaction' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Category').selectOption('Bills');
  await form.getByLabel('Amount').fill('15');
  await form.getByLabel('Frequency').selectOption(frequency);
  await form.getByLabel('Start Date').fill(start);
  return form;
}

async function expectTransactions(page: Page, count: number) {
  await page.goto('/transactions');
  await expect(page.locator('tbody tr')).toHaveCount(count);
}

test('recurring: a past start says how many it adds, can start from today, and delete can take its transactions', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/recurring-transactions');
  await setTheme(page, 'dark');

  // Decades of daily occurrences: over the cap, so only "from today" can be saved.
  const gym = await openNewRule(page, 'Gym', 'daily', '2000-01-01');
  await expect(gym.getByRole('alert')).toContainText('more than 1,000 past transactions');
  await expect(gym.getByLabel(/Start from today instead/)).toBeChecked();
  await expect(gym.getByLabel('Add every past occurrence')).toBeDisabled();
  await snapshot(page, 'recurring-catch-up-too-many-dark');
  await gym.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  await expect(gym).toBeHidden();

  await setTheme(page, 'light');

  // Two weeks back, weekly: three occurrences, shown before saving, added when kept.
  const start = dayFromToday(-14);
  const cleaner = await openNewRule(page, 'Cleaner', 'weekly', start);
  const addThem = cleaner.getByLabel(`This adds 3 transactions from ${shown(start)} to today`);
  await expect(addThem).toBeChecked();
  await snapshot(page, 'recurring-catch-up-light');
  await cleaner.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  await expect(cleaner).toBeHidden();
  await expectTransactions(page, 4);

  // Deleting the rule offers its three transactions; Undo brings them back.
  await page.goto('/recurring-transactions');
  await page.getByRole('button', { name: 'Delete Cleaner' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByLabel(/Also delete the 3 transactions it recorded/).check();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const toast = page.getByText('Recurring transaction and its 3 transactions deleted');
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('3 transactions restored')).toBeVisible();
  await expectTransactions(page, 4);

  // Without the box ticked, the transactions stay.
  await page.goto('/recurring-transactions');
  await page.getByRole('button', { name: 'Delete Gym' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Recurring transaction deleted')).toBeVisible();
  await expectTransactions(page, 4);
});
