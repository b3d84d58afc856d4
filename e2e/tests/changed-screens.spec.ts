import { expect, test, type Page } from '@playwright/test';

import { dayFromToday } from '../support/dates';
import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

test.describe.configure({ timeout: 180_000 });

const WIDTHS = [390, 1280] as const;
const THEMES = ['light', 'dark'] as const;

/** The same screen at a phone's and a laptop's width, in both themes, for a person to look at. */
async function everyWay(page: Page, name: string, show: () => Promise<void>, hide?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await show();
      await snapshot(page, `${name}-${width}-${theme}`);
      if (hide) await hide();
      else await page.keyboard.press('Escape');
    }
  }
}

test('screens of the budget, recurring and rule forms, the budgets list and the signed-in landing', async ({
  page,
}) => {
  await registerAndSetup(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  for (const [category, cost] of [
    ['Food', 30],
    ['Groceries', 85],
    ['Entertainment', 45.5],
  ] as const) {
    const response = await page.request.post('/api/transactions', {
      data: { name: category, category, cost, addedOn: '2025-03-05', isIncome: false },
      headers,
    });
    expect(response.status()).toBe(201);
  }
  for (const [category, amount] of [
    ['Food', 200],
    ['Groceries', 100],
    ['Entertainment', 40],
  ] as const) {
    const response = await page.request.post('/api/budgets', {
      data: { category, amount, month: 3, year: 2025 },
      headers,
    });
    expect(response.status()).toBe(201);
  }

  await page.goto('/budgets');
  await everyWay(page, 'screen-budgets', async () => {
    await expect(page.locator('text=March 2025 >> visible=true').first()).toBeVisible();
  });
  await everyWay(page, 'screen-budget-form', async () => {
    await page.getByRole('button', { name: 'Add Budget' }).click();
    const form = page.getByRole('dialog', { name: 'Add Budget' });
    await form.getByLabel('Month').fill('5.5');
    await form.getByRole('button', { name: 'Add Budget' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
  });

  await page.goto('/recurring-transactions');
  await everyWay(page, 'screen-recurring-form', async () => {
    await page.getByRole('button', { name: 'Add Recurring Transaction' }).click();
    const form = page.getByRole('dialog', { name: 'Add Recurring Transaction' });
    await form.getByLabel('Name').fill('Cleaner');
    await form.getByLabel('Frequency').selectOption('weekly');
    await form.getByLabel('Start Date').fill(dayFromToday(-14));
    await expect(form.getByText(/This adds 3 transactions/)).toBeVisible();
  });

  await page.goto('/rules');
  await everyWay(
    page,
    'screen-rule-form',
    async () => {
      await page.getByRole('button', { name: 'Add rule' }).click();
      const form = page.getByRole('form', { name: 'New rule' });
      await form.getByLabel('Text').fill('atm');
      await form.getByLabel('Set category').selectOption({ label: 'New category…' });
      await form.getByLabel('New category name').fill('Cash');
    },
    async () => {
      await page.getByRole('form', { name: 'New rule' }).getByRole('button', { name: 'Cancel' }).click();
    },
  );

  await page.goto('/');
  await everyWay(page, 'screen-landing-signed-in', async () => {
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });
});
