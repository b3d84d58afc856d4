import { expect, test, type Page } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

type Entry = { name: string; category: string; amount: string; date: string; note?: string };

/** Fills the add form; `tag` runs on the form before saving (typing tags). */
async function addExpense(
  page: Page,
  entry: Entry,
  tag?: (form: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill(entry.name);
  await form.getByLabel('Category').selectOption(entry.category);
  await form.getByLabel(/^Amount/).fill(entry.amount);
  await form.getByLabel('Date').fill(entry.date);
  if (entry.note) await form.getByLabel('Notes (Optional)').fill(entry.note);
  if (tag) await tag(form);
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form).toBeHidden();
}

function rows(page: Page) {
  return page.locator('tbody tr');
}

test('type tags with completion, filter the list by a tag, and rename the tag everywhere', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerAndSetup(page);
  await page.goto('/transactions');

  // Pay first, so no expense goes below zero (that asks to confirm).
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  await page.getByRole('dialog', { name: 'Add Expense' }).getByRole('button', { name: 'Add Income' }).click();
  const income = page.getByRole('dialog', { name: 'Add Income' });
  await income.getByLabel(/^Name/).fill('Salary');
  await income.getByLabel('Category').selectOption('Salary');
  await income.getByLabel(/^Amount/).fill('3000');
  await income.getByLabel('Date').fill('2025-05-31');
  await income.getByRole('button', { name: 'Add Income' }).last().click();
  await expect(income).toBeHidden();

  // Typed and ended with Enter.
  await addExpense(
    page,
    { name: 'Hotel', category: 'Entertainment', amount: '120', date: '2025-06-01' },
    async (form) => {
      await form.getByLabel('Tags (Optional)').fill('holiday-2026');
      await form.getByLabel('Tags (Optional)').press('Enter');
      await expect(form.getByRole('list', { name: 'Chosen tags' })).toContainText('holiday-2026');
    },
  );
  // Completed from the user's tags: three letters offer the existing tag, a click takes it.
  await addExpense(
    page,
    { name: 'Dinner', category: 'Food', amount: '40', date: '2025-06-02' },
    async (form) => {
      await form.getByLabel('Tags (Optional)').fill('HOL');
      await form
        .getByRole('list', { name: 'Matching tags' })
        .getByRole('button', { name: /holiday-2026/ })
        .click();
      await expect(form.getByRole('list', { name: 'Chosen tags' })).toContainText('holiday-2026');
      await snapshot(page, 'tags-form-1280-light');
    },
  );
  // A #tag in the note is a tag too.
  await addExpense(page, {
    name: 'Train',
    category: 'Transportation',
    amount: '25',
    date: '2025-06-03',
    note: 'to the office #work',
  });
  await addExpense(page, { name: 'Bread', category: 'Food', amount: '3', date: '2025-06-04' });

  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).filter({ hasText: 'Train' })).toContainText('work');
  await expect(rows(page).filter({ hasText: 'Hotel' })).toContainText('holiday-2026');

  // Tag two rows at once in the bulk edit: the preview counts only the row that lacks the tag.
  await page.getByLabel('Select Bread').check();
  await page.getByLabel('Select Dinner').check();
  await page.getByRole('button', { name: 'Edit (2)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Edit 2 transactions' });
  await bulk.getByLabel('Add tags').fill('holi');
  await bulk
    .getByRole('list', { name: 'Matching tags' })
    .getByRole('button', { name: /holiday-2026/ })
    .click();
  await expect(bulk.getByRole('status')).toHaveText('1 transaction will change');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(bulk).toBeHidden();
  await expect(rows(page).filter({ hasText: 'Bread' })).toContainText('holiday-2026');
  // Undone from the toast: Bread is untagged again.
  await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page).filter({ hasText: 'Bread' })).not.toContainText('holiday-2026');

  // Filter by the tag: the URL keeps it, a reload shows the same rows.
  await page.getByLabel('Tag', { exact: true }).selectOption('holiday-2026');
  await expect(page).toHaveURL(/tags=holiday-2026/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Remove filter Tag: holiday-2026' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(rows(page)).toHaveCount(2);
    await snapshot(page, `tags-filtered-1280-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByText('Dinner')).toBeVisible();
    await snapshot(page, `tags-filtered-390-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Rename in Settings: every row shows the new name, and the old name filters nothing.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Tags' });
  await expect(section).toContainText('holiday-2026');
  await expect(section).toContainText('2 transactions');
  await section.getByRole('button', { name: 'Rename tag holiday-2026' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename “holiday-2026”' });
  await rename.getByLabel('New name').fill('trip-2026');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(section).toContainText('trip-2026');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `tags-settings-1280-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, 'tags-settings-390-dark');
  await setTheme(page, 'light');
  await snapshot(page, 'tags-settings-390-light');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/transactions?tags=trip-2026');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'Hotel' })).toContainText('trip-2026');
  await page.goto('/transactions?tags=holiday-2026');
  await expect(page.getByText('No transaction matches these filters.')).toBeVisible();
});
