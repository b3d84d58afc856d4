import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

type Entry = {
  name: string;
  category: string;
  amount: string;
  date: string;
  note?: string;
  income?: boolean;
};

async function addTransaction(page: Page, entry: Entry) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(dialog).toBeVisible();
  if (entry.income) {
    await dialog.getByRole('button', { name: 'Add Income' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Income' })).toBeVisible();
  }
  const form = page.getByRole('dialog', { name: entry.income ? 'Add Income' : 'Add Expense' });
  await form.getByLabel(/^Name/).fill(entry.name);
  await form.getByLabel('Category').selectOption(entry.category);
  await form.getByLabel(/^Amount/).fill(entry.amount);
  await form.getByLabel('Date').fill(entry.date);
  if (entry.note) await form.getByLabel('Notes (Optional)').fill(entry.note);
  await form
    .getByRole('button', { name: entry.income ? 'Add Income' : 'Add Expense' })
    .last()
    .click();
  await expect(form).toBeHidden();
}

function rows(page: Page) {
  return page.locator('tbody tr');
}

test('add, edit with the note kept, see details, and delete with undo', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await expect(page.getByText('No Transaction done')).toBeVisible();

  await addTransaction(page, {
    name: 'Salary',
    category: 'Salary',
    amount: '3000',
    date: '2025-03-01',
    income: true,
  });
  await addTransaction(page, {
    name: 'Lunch',
    category: 'Food',
    amount: '12.5',
    date: '2025-03-02',
    note: 'with Sam',
  });
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText('Lunch');
  await expect(rows(page).first()).toContainText('-$12.50');
  await expect(rows(page).nth(1)).toContainText('+$3,000.00');

  await page.getByRole('button', { name: 'Edit Lunch' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await expect(edit.getByLabel('Notes (Optional)')).toHaveValue('with Sam');
  await edit.getByLabel(/^Amount/).fill('14.25');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(rows(page).first()).toContainText('-$14.25');

  await page.getByRole('button', { name: 'Details of Lunch' }).click();
  const details = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(details).toContainText('with Sam');
  await details.getByRole('button', { name: 'Close' }).click();
  // A row without a note offers no "Details" under Note; its open button still shows everything.
  await expect(page.getByRole('button', { name: 'Details of Salary' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open Salary' }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction details' })).toContainText('No note provided.');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Delete Lunch' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'Are you sure you want to delete this transaction?',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rows(page)).toHaveCount(1);
  await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Transaction restored')).toBeVisible();
});

test('the save checks, the nameless income rule, a new category and the overspend warning', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a name for the transaction');
  await form.getByLabel(/^Name/).fill('Bus');
  await form.getByLabel(/^Amount/).fill('0');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid cost greater than 0');
  await form.getByLabel(/^Amount/).fill('2.40');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please select a category');

  await form.getByLabel('Category').selectOption('-- Add New Category --');
  const prompt = page.getByRole('dialog', { name: 'New category' });
  await prompt.getByLabel('Enter new category name:').fill('Commute');
  await prompt.getByRole('button', { name: 'Add category' }).click();
  await expect(form.getByLabel('Category')).toHaveValue('Commute');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  // Nothing earned yet, so spending anything takes the balance below zero: the user is asked first.
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('exceeds your current balance ($0.00)');
  await warning.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(rows(page).first()).toContainText('Commute');

  await page.getByRole('button', { name: 'Add Transaction' }).click();
  await page.getByRole('dialog', { name: 'Add Expense' }).getByRole('button', { name: 'Add Income' }).click();
  const income = page.getByRole('dialog', { name: 'Add Income' });
  await income.getByLabel('Category').selectOption('Gifts');
  await income.getByLabel(/^Amount/).fill('50');
  await income.getByRole('button', { name: 'Add Income' }).last().click();
  await expect(page.getByRole('cell', { name: 'Gifts Income', exact: true })).toBeVisible();

  // The new category stays in the list, sorted, and can be managed.
  await page.getByRole('button', { name: 'Manage Categories' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Categories' });
  await expect(manage).toContainText('Commute');
  await manage.getByRole('button', { name: 'Delete Commute' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'Are you sure you want to delete the category "Commute"? All associated transactions will be moved to "Miscellaneous".',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete category' }).click();
  await expect(manage).toContainText("You haven't added any custom categories yet.");
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: 'Bus' })).toContainText('Miscellaneous');
});

test('filters, chips, paging, bulk delete of a page and export', async ({ page }) => {
  await registerAndSetup(page);
  // Seed 23 rows through the API to keep the journey short; the UI paths are covered above.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (let day = 1; day <= 23; day++) {
    const response = await page.request.post('/api/transactions', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: day % 2 ? `Coffee ${day}` : `Book ${day}`,
        category: day % 2 ? 'Food' : 'Shopping',
        cost: '3.10',
        addedOn: `2025-04-${String(day).padStart(2, '0')}`,
        isIncome: false,
        note: day === 7 ? 'the =SUM(A1) trick' : '',
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/transactions');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('coffee');
  await expect(page).toHaveURL(/search=coffee/);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByLabel('Active filters')).toContainText('Search: “coffee”');
  await page.getByRole('searchbox', { name: 'Search' }).fill('SUM(A1');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Coffee 7');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

  await page.getByRole('combobox', { name: 'Category' }).selectOption('Shopping');
  await page.getByLabel('From', { exact: true }).fill('2025-04-10');
  await page.getByLabel('To', { exact: true }).fill('2025-04-14');
  await expect(rows(page)).toHaveCount(3); // 10, 12 and 14: both bounds included
  await expect(page.getByText(/Page \d of/)).toBeHidden();

  // With filters set the spec's "Export to CSV" stays, and the filtered export is offered beside it.
  await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export 3 filtered rows' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('paisable_transactions.csv');
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('date,name,category,type,amount,note,tags,split_of');
  expect(csv).toContain('2025-04-12,Book 12,Shopping,expense,3.10,');
  expect(csv).not.toContain('Coffee');

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('button', { name: /filtered rows/ })).toBeHidden();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 3 of 3')).toBeVisible();
  await page.getByLabel('Select all transactions on this page').check();
  await page.getByRole('button', { name: 'Delete (3)' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('delete these 3 transactions');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `transactions-${theme}`);
  }
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  await snapshot(page, 'transaction-form-dark');
});

test('sort by a column, search without accents, and bulk edit a category with undo', async ({ page }) => {
  // Two theme reloads and a dozen list refetches: more than the default minute on a busy machine.
  test.slow();
  await registerAndSetup(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const seed = [
    ['Café Central', 'Food', '4.20', '2025-05-01'],
    ['Über ride', 'Transport', '18.00', '2025-05-02'],
    ['Soap', 'Food', '2.50', '2025-05-03'],
    ['Detergent', 'Food', '9.90', '2025-05-04'],
    ['Cinema', 'Entertainment', '12.00', '2025-05-05'],
  ] as const;
  for (const [name, category, cost, addedOn] of seed) {
    const response = await page.request.post('/api/transactions', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, category, cost, addedOn, isIncome: false },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/transactions');
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).first()).toContainText('Cinema');

  // Largest first on the first click, smallest on the second; the sort is in the URL and survives a reload.
  await page.getByRole('button', { name: 'Amount' }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(rows(page).first()).toContainText('Über ride');
  await page.getByRole('button', { name: 'Amount' }).click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(rows(page).first()).toContainText('Soap');
  await page.reload();
  await expect(rows(page).first()).toContainText('Soap');
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');

  // Search ignores accents: "cafe" finds "Café", "uber" finds "Über".
  await page.getByRole('searchbox', { name: 'Search' }).fill('cafe');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Café Central');
  await page.getByRole('searchbox', { name: 'Search' }).fill('uber');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Über ride');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(page).toHaveURL(/sort=amount/);

  // Two household items bought with the groceries: moved to Bills together, then undone. The form is
  // photographed in both themes (a theme change reloads the page, so the selection is made for each).
  const dialog = page.getByRole('dialog', { name: 'Edit 2 transactions' });
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.getByLabel('Select Soap').check();
    await page.getByLabel('Select Detergent').check();
    await page.getByRole('button', { name: 'Edit (2)' }).click();
    await expect(dialog.getByRole('status')).toHaveText('0 transactions will change');
    await dialog.getByLabel('Category').selectOption('Bills');
    await expect(dialog.getByRole('status')).toHaveText('2 transactions will change');
    await snapshot(page, `transactions-bulk-edit-${theme}`);
  }
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: 'Bills' })).toHaveCount(2);
  await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Changes to 2 transactions undone')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Bills' })).toHaveCount(0);
  await expect(rows(page).filter({ hasText: 'Food' })).toHaveCount(3);
});

test('on a 360 px phone the toast opens below the page actions, which stay usable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerAndSetup(page);
  await page.goto('/transactions');
  await addTransaction(page, {
    name: 'Pay',
    category: 'Salary',
    amount: '2000',
    date: '2025-05-04',
    income: true,
  });

  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Income added' });
  await expect(toast).toBeVisible();
  const actions = ['Manage Categories', /^Export/, 'Import', 'Add Transaction'].map((name) =>
    page.getByRole('button', { name, exact: typeof name === 'string' }),
  );
  // The actions wrap onto several lines here: the toast (once it has slid in) must not cover any of them.
  const gapBelowActions = async () => {
    const toastBox = await toast.boundingBox();
    const boxes = await Promise.all(actions.map((action) => action.boundingBox()));
    const lowestAction = Math.max(...boxes.map((box) => (box ? box.y + box.height : Infinity)));
    return toastBox ? toastBox.y - lowestAction : -Infinity;
  };
  await expect.poll(gapBelowActions).toBeGreaterThanOrEqual(8);
  await snapshot(page, 'transactions-toast-phone');
  // A tap on an action reaches it while the toast is open.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /Import/ })).toBeVisible();
  await expect(toast).toBeVisible();
});

test('an empty list says whether nothing matches; a reversed range and bad dates in a link are pointed out', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await expect(page.getByText('No Transaction done')).toBeVisible();
  await addTransaction(page, {
    name: 'Pay',
    category: 'Salary',
    amount: '900',
    date: '2025-02-28',
    income: true,
  });
  await addTransaction(page, { name: 'Lunch', category: 'Food', amount: '12.5', date: '2025-03-02' });

  // A filter that matches nothing says so, with a way back; it never reads as "you have nothing".
  await page.getByRole('searchbox', { name: 'Search' }).fill('zebra');
  await expect(page.getByText('No transaction matches these filters.')).toBeVisible();
  await expect(page.getByText('No Transaction done')).toBeHidden();
  // The empty list's own Clear Filters, after the one beside the chips.
  await page.getByRole('button', { name: 'Clear Filters' }).last().click();
  await expect(rows(page)).toHaveCount(2);

  // From after To: pointed out, and one click swaps them.
  await page.goto('/transactions?from=2025-03-31&to=2025-03-01');
  await expect(page.getByRole('status').filter({ hasText: '“From” is after “To”' })).toBeVisible();
  await page.getByRole('button', { name: 'Swap the dates' }).click();
  await expect(page).toHaveURL(/from=2025-03-01&to=2025-03-31/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Lunch');

  // A day that does not exist is dropped with a notice, never rolled over into another date.
  await page.goto('/transactions?from=2026-13-45&to=2026-02-30&category=Food');
  const notice = page.getByRole('status').filter({ hasText: 'left out' });
  await expect(notice).toContainText('From date “2026-13-45”');
  await expect(notice).toContainText('To date “2026-02-30”');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Active filters')).not.toContainText('From');
  await expect(rows(page)).toHaveCount(1);
  await snapshot(page, 'transactions-link-notice');
});

test('details and receipt are reachable at every width', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await addTransaction(page, {
    name: 'Pay',
    category: 'Salary',
    amount: '900',
    date: '2025-02-28',
    income: true,
  });
  await addTransaction(page, {
    name: 'Lunch',
    category: 'Food',
    amount: '12.5',
    date: '2025-03-02',
    note: 'with Sam',
  });
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: 'Open Lunch' }).click();
    const details = page.getByRole('dialog', { name: 'Transaction details' });
    await expect(details).toContainText('with Sam');
    await snapshot(page, `transactions-details-${width}`);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
  }
});

test('the form says a date is required, drops a fixed problem at once, and refuses an exponent', async ({
  page,
}) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await addTransaction(page, {
    name: 'Pay',
    category: 'Salary',
    amount: '5000',
    date: '2025-02-28',
    income: true,
  });
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill('Lunch');
  await form.getByLabel('Category').selectOption('Food');
  await form.getByLabel(/^Amount/).fill('12');
  await form.getByLabel('Date').fill('');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByRole('alert')).toHaveText('Date is required.');
  await form.getByLabel('Date').fill('2025-03-02');
  await expect(form.getByRole('alert')).toBeHidden();
  await form.getByLabel(/^Amount/).fill('1e3');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid cost greater than 0');
  await form.getByLabel(/^Amount/).fill('1000');
  await form.getByRole('button', { name: 'Add Expense' }).click();
  await expect(form).toBeHidden();
  await expect(rows(page).first()).toContainText('-$1,000.00');
});
