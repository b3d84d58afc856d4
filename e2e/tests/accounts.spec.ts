import { expect, test, type Page } from '@playwright/test';

import { dayFromToday, shown } from '../support/dates';
import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// A long journey, on a machine shared with other test runs.
test.describe.configure({ timeout: 180_000 });

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

type Expense = { name: string; category: string; amount: string; date: string; account: string };

/** Adds an expense through the transactions page's form, in the account named. */
async function addExpense(page: Page, entry: Expense) {
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const form = page.getByRole('dialog', { name: 'Add Expense' });
  await form.getByLabel(/^Name/).fill(entry.name);
  await form.getByLabel('Category').selectOption(entry.category);
  await form.getByLabel(/^Amount/).fill(entry.amount);
  await form.getByLabel('Date').fill(entry.date);
  await form.getByLabel('Account', { exact: true }).selectOption({ label: entry.account });
  await form.getByRole('button', { name: 'Add Expense' }).last().click();
  await expect(form).toBeHidden();
}

function accountRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Accounts' }).locator('tbody tr').filter({ hasText: name });
}

function transactionRow(page: Page, name: string) {
  return page.locator('tbody tr').filter({ hasText: name });
}

function card(page: Page, title: string) {
  return page.getByRole('group', { name: title });
}

test('accounts: a second account, a transfer, a scheduled expense and a reconciliation', async ({ page }) => {
  await registerAndSetup(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(accountRow(page, 'Main account')).toContainText('Checking');
  await expect(accountRow(page, 'Main account')).toContainText('$0.00');

  // A savings account with money already in it; on budget by default for its kind.
  await page.getByRole('button', { name: 'Add Account' }).click();
  const add = page.getByRole('dialog', { name: 'Add Account' });
  await add.getByRole('button', { name: 'Add Account' }).click();
  await expect(add.getByRole('alert')).toHaveText('Please give the account a name.');
  await add.getByLabel('Name').fill('Savings');
  await add.getByLabel('Kind').selectOption('loan');
  await expect(add.getByLabel('On budget')).not.toBeChecked();
  await add.getByLabel('Kind').selectOption('savings');
  await expect(add.getByLabel('On budget')).toBeChecked();
  await add.getByLabel('Opening balance').fill('1000');
  await snapshot(page, 'accounts-form-light');
  await add.getByRole('button', { name: 'Add Account' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Account added.')).toBeVisible();
  await expect(accountRow(page, 'Savings')).toContainText('$1,000.00');
  const netWorth = page.getByRole('region', { name: 'Net worth' });
  await expect(netWorth).toContainText('$1,000.00');

  // An expense in Main account.
  await page.goto('/transactions');
  await addExpense(page, {
    name: 'Groceries',
    category: 'Groceries',
    amount: '40',
    date: dayFromToday(0),
    account: 'Main account',
  });
  await expect(transactionRow(page, 'Groceries')).toContainText('Main account');

  // A transfer to Savings from the transactions page; the same account twice is refused first.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer between accounts' });
  await transfer.getByLabel('From account').selectOption({ label: 'Main account' });
  await transfer.getByLabel('To account').selectOption({ label: 'Main account' });
  await transfer.getByLabel('Amount').fill('100');
  await transfer.getByRole('button', { name: 'Record transfer' }).click();
  await expect(transfer.getByRole('alert')).toHaveText(
    'A transfer moves money between two different accounts.',
  );
  await snapshot(page, 'accounts-transfer-form-light');
  await transfer.getByLabel('To account').selectOption({ label: 'Savings' });
  await transfer.getByLabel('Note (Optional)').fill('Monthly saving');
  await transfer.getByRole('button', { name: 'Record transfer' }).click();
  await expect(transfer).toBeHidden();
  await expect(page.getByText('Transfer recorded.')).toBeVisible();
  await expect(transactionRow(page, 'Transfer to Savings')).toContainText('To Savings');
  await expect(transactionRow(page, 'Transfer to Savings')).toContainText('-$100.00');
  await expect(transactionRow(page, 'Transfer from Main account')).toContainText('From Main account');
  await expect(transactionRow(page, 'Transfer from Main account')).toContainText('Savings');

  // Either side opens the transfer itself, both accounts in place; a change reaches both sides.
  await page.getByRole('button', { name: 'Edit Transfer from Main account' }).click();
  const editTransfer = page.getByRole('dialog', { name: 'Edit transfer' });
  await expect(editTransfer.getByLabel('From account').locator('option:checked')).toHaveText('Main account');
  await expect(editTransfer.getByLabel('To account').locator('option:checked')).toHaveText('Savings');
  await expect(editTransfer.getByLabel('Amount')).toHaveValue('100');
  await editTransfer.getByLabel('Note (Optional)').fill('Monthly saving, November');
  await snapshot(page, 'accounts-transfer-edit-light');
  await editTransfer.getByRole('button', { name: 'Save changes' }).click();
  await expect(editTransfer).toBeHidden();
  await expect(page.getByText('Transfer saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Details of Transfer to Savings' }).click();
  await expect(page.getByRole('dialog', { name: 'Transaction details' })).toContainText(
    'Monthly saving, November',
  );
  await page.keyboard.press('Escape');

  // Both balances moved; the dashboard's expenses did not (a transfer is neither income nor expense).
  await page.goto('/accounts');
  await expect(accountRow(page, 'Main account')).toContainText('-$140.00');
  await expect(accountRow(page, 'Savings')).toContainText('$1,100.00');
  await expect(netWorth).toContainText('$960.00');
  await page.goto('/dashboard');
  await expect(card(page, 'Total Expense')).toContainText('$40.00');
  await expect(card(page, 'Total Income')).toContainText('$0.00');
  await expect(card(page, 'Current Balance')).toContainText('$960.00');
  const balances = page.getByRole('region', { name: 'Accounts' });
  await expect(balances.getByRole('listitem').filter({ hasText: 'Main account' })).toContainText('-$140.00');
  await expect(balances.getByRole('listitem').filter({ hasText: 'Savings' })).toContainText('$1,100.00');

  // An expense dated ten days ahead is shown as scheduled and counted nowhere yet.
  await page.goto('/transactions');
  const rentDay = dayFromToday(10);
  await addExpense(page, {
    name: 'Rent',
    category: 'Bills',
    amount: '500',
    date: rentDay,
    account: 'Main account',
  });
  await expect(transactionRow(page, 'Rent')).toContainText('Scheduled');
  await expect(transactionRow(page, 'Rent')).toContainText(shown(rentDay));
  await expect(transactionRow(page, 'Groceries')).not.toContainText('Scheduled');
  await page.goto('/dashboard');
  await expect(card(page, 'Current Balance')).toContainText('$960.00');
  await expect(card(page, 'Total Expense')).toContainText('$40.00');
  await expect(page.getByRole('region', { name: 'Recent Transactions' })).not.toContainText('Rent');
  // It is listed under Upcoming instead, with its day.
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Rent' })).toContainText(shown(rentDay));
  await page.goto('/accounts');
  await expect(accountRow(page, 'Main account')).toContainText('-$140.00');

  // Reconcile Main account: a wrong statement balance first, then the right one, confirmed.
  await page.getByRole('button', { name: 'Reconcile Main account' }).click();
  const reconcile = page.getByRole('dialog', { name: 'Reconcile Main account' });
  await expect(reconcile.getByLabel('Statement date')).toHaveValue(dayFromToday(0));
  await reconcile.getByLabel('Statement balance').fill('-100');
  await reconcile.getByRole('button', { name: 'Compare' }).click();
  await expect(reconcile).toContainText('Does not match');
  await expect(reconcile).toContainText('Difference: $40.00');
  await reconcile.getByLabel('Statement balance').fill('-140');
  await reconcile.getByRole('button', { name: 'Compare' }).click();
  await expect(reconcile).toContainText('Matches');
  await expect(reconcile).toContainText('Both say -$140.00');
  await snapshot(page, 'accounts-reconcile-light');
  await reconcile.getByRole('button', { name: 'Confirm and mark cleared' }).click();
  // The expense and the transfer's way out; the scheduled rent is after the statement's day.
  await expect(reconcile).toContainText('2 transactions marked cleared');
  await reconcile.getByRole('button', { name: 'Done' }).click();
  await expect(reconcile).toBeHidden();

  // The account filter (kept in the URL) shows Main account's rows, cleared ones marked.
  await page.goto('/transactions');
  await page.getByRole('combobox', { name: 'Account', exact: true }).selectOption({ label: 'Main account' });
  await expect(page).toHaveURL(/account=[0-9a-f-]{36}/);
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.getByLabel('Active filters')).toContainText('Account: Main account');
  await expect(transactionRow(page, 'Groceries')).toContainText('Cleared');
  await expect(transactionRow(page, 'Rent')).not.toContainText('Cleared');
  await page.reload();
  await expect(page.locator('tbody tr')).toHaveCount(3);

  // A cleared row asks before it opens for editing.
  await page.getByRole('button', { name: 'Edit Groceries' }).click();
  const askEdit = page.getByRole('alertdialog', { name: 'Edit a reconciled transaction?' });
  await expect(askEdit).toContainText('This transaction was reconciled with your bank');
  await askEdit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete Groceries' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('This transaction was reconciled with your bank');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  // A saved row can change its type: the scheduled rent becomes a scheduled income.
  await page.getByRole('button', { name: 'Edit Rent' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await edit.getByText('Income', { exact: true }).click();
  const income = page.getByRole('dialog', { name: 'Edit Income' });
  await expect(income.getByLabel('Category')).toHaveValue('');
  await income.getByLabel('Category').selectOption('Salary');
  await snapshot(page, 'accounts-edit-type-light');
  await income.getByRole('button', { name: 'Save changes' }).click();
  await expect(income).toBeHidden();
  await expect(transactionRow(page, 'Rent')).toContainText('+$500.00');
  await expect(transactionRow(page, 'Rent')).toContainText('Scheduled');

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `accounts-transactions-${theme}`);
  }

  // Every account's rows, and the dashboard, at each screen size.
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/transactions');
      await setTheme(page, theme);
      await expect(page.getByText('Transfer from Main account')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await snapshot(page, `accounts-journey-transactions-${screen.name}-${theme}`);
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: 'Net worth' })).toContainText('$960.00');
      await expect(
        page.getByRole('region', { name: 'Recent Activity' }).locator('svg').first(),
      ).toBeVisible();
      await snapshot(page, `accounts-journey-dashboard-${screen.name}-${theme}`);
    }
  }
  await setTheme(page, 'light');
});

test('accounts: reorder from the keyboard, edit, close, and delete with or without rows', async ({
  page,
}) => {
  await registerAndSetup(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  for (const account of [
    { name: 'Savings', kind: 'savings', openingBalance: '2500.5', openingDate: dayFromToday(-30) },
    { name: 'Visa card', kind: 'credit_card', openingBalance: '-320.75', openingDate: dayFromToday(-30) },
    { name: 'Wallet', kind: 'cash', openingBalance: '60', openingDate: dayFromToday(-30) },
  ]) {
    const response = await page.request.post('/trpc/accounts.create', { headers, data: account });
    expect(response.status()).toBe(200);
  }
  await page.goto('/accounts');
  const names = page.getByRole('table', { name: 'Accounts' }).locator('tbody tr td:first-child');
  await expect(names).toHaveText(['Main account', 'Savings', 'Visa card', 'Wallet']);
  // A debt is red; the net worth counts it as a liability.
  await expect(accountRow(page, 'Visa card').getByText('-$320.75')).toHaveClass(/text-red-700/);
  const netWorth = page.getByRole('region', { name: 'Net worth' });
  await expect(netWorth).toContainText('$2,239.75');
  await expect(netWorth).toContainText('$2,560.50');
  await expect(netWorth).toContainText('$320.75');

  // Move Wallet to the top with the keyboard: the focus stays on its buttons.
  await page.getByRole('button', { name: 'Move Wallet up' }).focus();
  for (let step = 0; step < 3; step++) await page.keyboard.press('Enter');
  await expect(names).toHaveText(['Wallet', 'Main account', 'Savings', 'Visa card']);
  await expect(page.getByRole('button', { name: 'Move Wallet down' })).toBeFocused();
  // The order is saved by the last move's request: reloaded once it is answered.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(names).toHaveText(['Wallet', 'Main account', 'Savings', 'Visa card']);

  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await snapshot(page, `accounts-${screen.name}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme(page, 'light');

  // Edit: off budget and closed; the marks show beside the name.
  await page.getByRole('button', { name: 'Edit Savings' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Account' });
  await expect(edit.getByLabel('Opening balance')).toHaveValue('2500.50');
  await edit.getByLabel('On budget').uncheck();
  await edit.getByLabel('Closed').check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(accountRow(page, 'Savings')).toContainText('Closed');
  await expect(accountRow(page, 'Savings')).toContainText('Off budget');

  // A closed account is not offered for new transactions.
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const picker = page.getByRole('dialog', { name: 'Add Expense' }).getByLabel('Account', { exact: true });
  await expect(picker.locator('option')).toHaveText(['Wallet', 'Main account', 'Visa card']);
  await page.keyboard.press('Escape');

  // An expense in Wallet, then Wallet is deleted: it asks where the row goes.
  const expense = await page.request.post('/trpc/transactions.create', {
    headers,
    data: {
      name: 'Coffee',
      category: 'Food',
      amount: '3.5',
      isIncome: false,
      accountId: await idOf(page, 'Wallet'),
    },
  });
  expect(expense.status()).toBe(200);
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Delete Wallet' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete Wallet?' });
  await expect(remove).toContainText('It holds 1 transaction.');
  await remove.getByLabel('Move its transactions to').selectOption({ label: 'Visa card' });
  await snapshot(page, 'accounts-delete-light');
  await remove.getByRole('button', { name: 'Move and delete' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText('1 transaction moved to Visa card.')).toBeVisible();
  await expect(accountRow(page, 'Wallet')).toHaveCount(0);
  await expect(accountRow(page, 'Visa card')).toContainText('-$324.25');

  // The last open account cannot go: the API's reason is shown.
  await page.getByRole('button', { name: 'Edit Visa card' }).click();
  await page.getByRole('dialog', { name: 'Edit Account' }).getByLabel('Closed').check();
  await page
    .getByRole('dialog', { name: 'Edit Account' })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(accountRow(page, 'Visa card')).toContainText('Closed');
  await page.getByRole('button', { name: 'Edit Main account' }).click();
  const last = page.getByRole('dialog', { name: 'Edit Account' });
  await last.getByLabel('Closed').check();
  await last.getByRole('button', { name: 'Save changes' }).click();
  await expect(last.getByRole('alert')).toHaveText(
    'You need at least one open account: open another one before closing this.',
  );
});

async function idOf(page: Page, name: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/trpc/accounts.list', {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { result: { data: { accounts: { id: string; name: string }[] } } };
  const account = body.result.data.accounts.find((item) => item.name === name);
  if (!account) throw new Error(`no account named ${name}`);
  return account.id;
}
