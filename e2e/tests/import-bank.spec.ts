import { expect, test } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// An OFX 1.0.2 statement as banks send it (SGML, unclosed elements, an empty MEMO), one account.
const OFX = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'CHARSET:1252',
  '',
  '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD',
  '<BANKACCTFROM><BANKID>121099999<ACCTID>999988776<ACCTTYPE>CHECKING</BANKACCTFROM>',
  '<BANKTRANLIST>',
  '<STMTTRN><TRNTYPE>ATM<DTPOSTED>20250305<TRNAMT>-60.00<FITID>F1<NAME>ATM WITHDRAWAL MAIN ST<MEMO></STMTTRN>',
  '<STMTTRN><TRNTYPE>POS<DTPOSTED>20250306<TRNAMT>-4.50<FITID>F2<NAME>Corner Coffee<MEMO>Card 1234</STMTTRN>',
  '<STMTTRN><TRNTYPE>DIRECTDEP<DTPOSTED>20250315<TRNAMT>2500.00<FITID>F3<NAME>ACME PAYROLL<MEMO>March salary</STMTTRN>',
  '</BANKTRANLIST>',
  '<LEDGERBAL><BALAMT>2435.50<DTASOF>20250315</LEDGERBAL>',
  '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  '',
].join('\n');

const file = { name: 'statement.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(OFX, 'latin1') };

test('import an OFX file: a rule applied, a duplicate skipped, saved once', async ({ page }) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);

  // A rule on the Rules page: ATM withdrawals are Cash.
  await page.goto('/rules');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const form = page.getByRole('form', { name: 'New rule' });
  await form.getByLabel('Text').fill('atm');
  // The category is picked from the user's list; a new one is named only after choosing to create it.
  const category = form.getByLabel('Set category');
  await expect(category.locator('option', { hasText: 'Groceries' })).toHaveCount(1);
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(form.getByText('Please select a category')).toBeVisible();
  await category.selectOption({ label: 'New category…' });
  await form.getByLabel('New category name').fill('Cash');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Payee contains "atm"')).toBeVisible();
  await snapshot(page, 'rules-light');

  // The coffee is already saved by hand: the import must skip it.
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Add Transaction' }).click();
  const add = page.getByRole('dialog', { name: 'Add Expense' });
  await add.getByLabel(/^Name/).fill('Corner Coffee');
  await add.getByLabel('Category').selectOption('Food');
  await add.getByLabel(/^Amount/).fill('4.50');
  await add.getByLabel('Date').fill('2025-03-06');
  await add.getByRole('button', { name: 'Add Expense' }).click();
  // A new account has no balance yet: the app asks before saving an expense larger than it.
  await page.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(1);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('2 new, 1 already present, 0 rejected')).toBeVisible();
  // The statement's account is not known yet: its rows go where the user saw them, or into a new account.
  const into = dialog.getByLabel('Into account');
  await expect(into).toHaveValue(/.+/);
  await expect(into.locator('option', { hasText: 'New account: Checking ••••8776' })).toHaveCount(1);
  await expect(dialog.getByText('The statement’s account ••••8776 is not one of yours yet')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /ATM WITHDRAWAL MAIN ST.*Cash\s*Rule 1.*New/ })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Corner Coffee.*Already present/ })).toBeVisible();
  // The bank's closing balance: the coffee typed by hand and the two new rows make it exactly.
  await expect(dialog.getByRole('status').filter({ hasText: 'Balance matches the bank' })).toContainText(
    '$2,435.50',
  );
  await snapshot(page, 'import-ofx-preview-light');

  // The preview can be changed before saving: another category for a row, a row left out and taken back.
  await dialog.getByLabel('Category of ATM WITHDRAWAL MAIN ST').selectOption('Transportation');
  await expect(dialog.getByText('Chosen by you (was Cash)')).toBeVisible();
  await dialog.getByLabel('Import ACME PAYROLL').uncheck();
  await expect(dialog.getByText('2 new, 1 already present, 0 rejected, 1 left out by you')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 1 transaction', exact: true })).toBeVisible();
  await dialog.getByLabel('Import ACME PAYROLL').check();

  await dialog.getByRole('button', { name: 'Import 2 transactions' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Imported 2, skipped 1 already present')).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('tbody tr').filter({ hasText: 'ATM WITHDRAWAL MAIN ST' })).toContainText(
    'Transportation',
  );
  await expect(page.locator('tbody tr').filter({ hasText: 'ACME PAYROLL' })).toHaveCount(1);

  // The same file again adds nothing: its account number now leads to the account it was imported into.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('0 new, 3 already present, 0 rejected')).toBeVisible();
  await expect(dialog.getByText('Found by the statement’s account number.')).toBeVisible();
  await expect(dialog.getByLabel('Into account').locator('option', { hasText: 'New account' })).toHaveCount(
    0,
  );
  await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(3);

  await setTheme(page, 'dark');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('0 new, 3 already present, 0 rejected')).toBeVisible();
  await snapshot(page, 'import-ofx-again-dark');
  await page.goto('/rules');
  await expect(page.getByText('Payee contains "atm"')).toBeVisible();
  await snapshot(page, 'rules-dark');

  // Giving an imported row another category offers a rule that does it on the next import.
  await setTheme(page, 'light');
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Edit ATM WITHDRAWAL MAIN ST' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Expense' });
  await edit.getByLabel('Category').selectOption('Shopping');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Put every "ATM WITHDRAWAL MAIN ST" in Shopping from now on?')).toBeVisible();
  await page.getByRole('button', { name: 'Make a rule' }).click();
  await expect(page).toHaveURL(/\/rules\?/);
  const offered = page.getByRole('form', { name: 'New rule' });
  await expect(offered.getByLabel('Text')).toHaveValue('ATM WITHDRAWAL MAIN ST');
  await expect(offered.getByLabel('Set category')).toHaveValue('Shopping');
  await offered.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('Payee contains "ATM WITHDRAWAL MAIN ST"')).toBeVisible();
  await expect(page).toHaveURL(/\/rules$/);
});
