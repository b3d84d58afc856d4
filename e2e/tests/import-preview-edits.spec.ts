import { expect, test, type Page } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// A Mint export (its documented columns) of one card: it opens the card's account under its Mint name.
const mint = Buffer.from(
  [
    '"Date","Description","Original Description","Amount","Transaction Type","Category","Account Name","Labels","Notes"',
    '"1/02/2025","Starbucks","STARBUCKS STORE 1234","5.75","debit","Coffee Shops","Visa Signature","",""',
    '"1/05/2025","Amazon","AMAZON MKTPLACE PMTS","42.17","debit","Shopping","Visa Signature","",""',
    '"1/20/2025","Credit Card Payment","PAYMENT THANK YOU","300.00","credit","Credit Card Payment","Visa Signature","",""',
    '',
  ].join('\n'),
);
// The bank's statement of the main account: the card paid off, and a grocery shop.
const bank = Buffer.from(
  'Date,Description,Amount\n2025-01-25,CARD PAYMENT VISA,-120.00\n2025-01-26,WHOLE FOODS MKT #10234,-54.10\n',
);

async function openImport(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await dialog.getByLabel('Bank file').setInputFiles({ name, mimeType: 'text/csv', buffer });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  return dialog;
}

test('switching from Mint, then a bank file: a row marked as a transfer by hand, a rule made from a row applies to the preview', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);
  await page.goto('/transactions');

  let dialog = await openImport(page, 'transactions.csv', mint);
  await expect(dialog.getByText('Mint export file')).toBeVisible();
  await expect(dialog.getByText('“Visa Signature” is not one of your accounts yet')).toBeVisible();
  await dialog.getByLabel('Into account').selectOption({ label: 'New account: Visa Signature' });
  await expect(dialog.getByText('From the file').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(page.getByText('Imported 3, skipped 0 already present')).toBeVisible();

  dialog = await openImport(page, 'bank.csv', bank);
  await expect(dialog.getByText('2 new, 0 already present, 0 rejected')).toBeVisible();
  await dialog
    .getByLabel('Transfer account of CARD PAYMENT VISA')
    .selectOption({ label: 'Transfer to Visa Signature' });

  await dialog.getByRole('button', { name: 'Make a rule from WHOLE FOODS MKT #10234' }).click();
  const form = dialog.getByRole('form', { name: 'New rule' });
  await expect(form.getByLabel('Text')).toHaveValue('WHOLE FOODS MKT #10234');
  await form.getByLabel('Text').fill('whole foods');
  await form.getByLabel('Set category').selectOption('Groceries');
  await snapshot(page, 'import-rule-from-row-light');
  await form.getByRole('button', { name: 'Add rule' }).click();
  // The new rule decides the row's category at once; the transfer marked before stays marked.
  await expect(dialog.getByLabel('Category of WHOLE FOODS MKT #10234')).toHaveValue('Groceries');
  await expect(dialog.getByText('Rule 1')).toBeVisible();
  await expect(dialog.getByLabel('Transfer account of CARD PAYMENT VISA')).toHaveValue(/.+/);
  await snapshot(page, 'import-preview-edits-1280-light');

  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  dialog = await openImport(page, 'bank.csv', bank);
  await dialog
    .getByLabel('Transfer account of CARD PAYMENT VISA')
    .selectOption({ label: 'Transfer to Visa Signature' });
  await expect(dialog.getByLabel('Category of WHOLE FOODS MKT #10234')).toHaveValue('Groceries');
  await snapshot(page, 'import-preview-edits-390-dark');
  await dialog.getByRole('button', { name: 'Import 2 transactions' }).click();
  await expect(page.getByText('Imported 2 (1 as transfers), skipped 0 already present')).toBeVisible();

  // The card's balance has the payment (a leg written there); the payment is a transfer, not an expense.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/accounts');
  const table = page.getByRole('table', { name: 'Accounts' });
  await expect(table.locator('tbody tr').filter({ hasText: 'Visa Signature' })).toContainText('$372.08');
  await page.goto('/transactions');
  const legs = page.locator('tbody tr').filter({ hasText: 'CARD PAYMENT VISA' });
  await expect(legs.filter({ hasText: 'To Visa Signature' })).toContainText('-$120.00');
  await expect(legs.filter({ hasText: 'From Main account' })).toContainText('+$120.00');
  await snapshot(page, 'import-marked-transfer-saved-1280-dark');
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 390, height: 844 });
  dialog = await openImport(page, 'bank.csv', bank);
  await expect(dialog.getByText('0 new, 2 already present, 0 rejected')).toBeVisible();
  await snapshot(page, 'import-again-390-light');
});
