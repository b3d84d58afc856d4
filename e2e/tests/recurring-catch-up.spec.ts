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

test('recurring: the past-occurrences choice comes back when the cap allows it again, and Save does what it says', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/recurring-transactions');

  const start = dayFromToday(-14);
  const form = await openNewRule(page, 'Cleaner', 'weekly', start);
  const addThem = form.getByLabel(`This adds 3 transactions from ${shown(start)} to today`);
  await expect(addThem).toBeChecked();

  // Over the cap: only "from today" can be saved, and the form says so.
  await form.getByLabel('Frequency').selectOption('daily');
  await form.getByLabel('Start Date').fill('1990-01-01');
  await expect(form.getByLabel(/Start from today instead/)).toBeChecked();

  // Back under the cap: the user's own choice returns, and saving records the three past ones.
  await form.getByLabel('Frequency').selectOption('weekly');
  await form.getByLabel('Start Date').fill(start);
  await expect(addThem).toBeChecked();
  await form.getByRole('button', { name: 'Add Recurring Transaction' }).click();
  await expect(form).toBeHidden();
  await expectTransactions(page, 3);

  // A "from today" the user picked stays picked through the same round trip.
  await page.goto('/recurring-transactions');
  const gym = await openNewRule(page, 'Gym', 'weekly', start);
  await gym.getByLabel(/Start from today instead/).check();
  await gym.getByLabel('Frequency').selectOption('daily');
  await gym.getByLabel('Start Date').fill('1990-01-01');
  await expect(gym.getByRole('alert')).toContainText('more than 1,000 past transactions');
  await gym.getByLabel('Frequency').selectOption('weekly');
  await gym.getByLabel('Start Date').fill(start);
  await expect(gym.getByLabel(/Start from today instead/)).toBeChecked();
});
