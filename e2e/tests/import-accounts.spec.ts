import { expect, test, type Page } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

/** An OFX 1.0.2 statement of one account, with its rows and the bank's closing balance. */
function statement(account: string, type: string, rows: string[], closing: string) {
  return Buffer.from(
    [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD',
      `<BANKACCTFROM><BANKID>121099999<ACCTID>${account}<ACCTTYPE>${type}</BANKACCTFROM>`,
      '<BANKTRANLIST>',
      ...rows,
      '</BANKTRANLIST>',
      `<LEDGERBAL><BALAMT>${closing}<DTASOF>20250331</LEDGERBAL>`,
      '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '',
    ].join('\n'),
    'latin1',
  );
}

const row = (fitid: string, date: string, amount: string, name: string) =>
  `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`;

// Checking: salary in, 500 moved to savings on the 10th, groceries. Savings gets the 500 on the 12th.
const checking = statement(
  '111122223333',
  'CHECKING',
  [
    row('C1', '20250301', '3000.00', 'ACME PAYROLL'),
    row('C2', '20250310', '-500.00', 'ONLINE TRANSFER'),
    row('C3', '20250314', '-82.40', 'FRESH MARKET'),
  ],
  '2417.60',
);
const savings = statement(
  '444455556666',
  'SAVINGS',
  [row('S1', '20250312', '500.00', 'TRANSFER IN'), row('S2', '20250331', '1.25', 'INTEREST')],
  '1501.25',
);

async function importFile(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await dialog.getByLabel('Bank file').setInputFiles({ name, mimeType: 'application/x-ofx', buffer });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  return dialog;
}

test('two statements of two accounts: each gets its account, the transfer between them is found, balances match the bank', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);
  await page.goto('/transactions');

  // The checking statement opens its own account, with the opening balance that makes the bank's closing one.
  let dialog = await importFile(page, 'checking.ofx', checking);
  await expect(dialog.getByText('3 new, 0 already present, 0 rejected')).toBeVisible();
  await dialog.getByLabel('Into account').selectOption({ label: 'New account: Checking ••••3333' });
  await expect(
    dialog.getByText('“Checking ••••3333” is opened with the statement’s opening balance'),
  ).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Balance matches the bank' })).toContainText(
    '$2,417.60',
  );
  // One row re-categorised by hand before saving.
  await dialog.getByLabel('Category of FRESH MARKET').selectOption('Groceries');
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(page.getByText('Imported 3, skipped 0 already present')).toBeVisible();

  // The savings statement: its deposit is the checking account's withdrawal two days before.
  dialog = await importFile(page, 'savings.ofx', savings);
  await dialog.getByLabel('Into account').selectOption({ label: 'New account: Savings ••••6666' });
  await expect(dialog.getByLabel('TRANSFER IN is a transfer')).toBeChecked();
  // A transfer has no category to pick: it is neither spending nor income. Declined, it gets one again.
  const transferRow = dialog.getByRole('row').filter({ hasText: 'TRANSFER IN' });
  await expect(transferRow).toContainText('TransferNot spending or income');
  await expect(dialog.getByLabel('Category of TRANSFER IN')).toHaveCount(0);
  await dialog.getByLabel('TRANSFER IN is a transfer').uncheck();
  await expect(dialog.getByLabel('Category of TRANSFER IN')).toBeVisible();
  await dialog.getByLabel('TRANSFER IN is a transfer').check();
  // (The other rows offer the same account in their "mark as a transfer" list: the label is the match's.)
  await expect(dialog.locator('label', { hasText: 'matches ONLINE TRANSFER, 2025-03-10' })).toContainText(
    'Transfer from Checking ••••3333',
  );
  await expect(dialog.getByRole('status').filter({ hasText: 'Balance matches the bank' })).toContainText(
    '$1,501.25',
  );
  await snapshot(page, 'import-transfer-found-light');
  // The interest is left out and taken back: both rows are imported.
  await dialog.getByLabel('Import INTEREST').uncheck();
  await dialog.getByLabel('Import INTEREST').check();
  await dialog.getByRole('button', { name: 'Import 2 transactions' }).click();
  await expect(page.getByText('Imported 2 (1 as transfers), skipped 0 already present')).toBeVisible();

  // The balances equal the statements', and the transfer is neither income nor expense.
  await page.goto('/accounts');
  const table = page.getByRole('table', { name: 'Accounts' });
  await expect(table.locator('tbody tr').filter({ hasText: 'Checking ••••3333' })).toContainText('$2,417.60');
  await expect(table.locator('tbody tr').filter({ hasText: 'Savings ••••6666' })).toContainText('$1,501.25');
  await page.goto('/transactions');
  await expect(page.locator('tbody tr').filter({ hasText: 'TRANSFER IN' })).toContainText(
    'From Checking ••••3333',
  );
  await expect(page.locator('tbody tr').filter({ hasText: 'ONLINE TRANSFER' })).toContainText(
    'To Savings ••••6666',
  );

  // The same savings file again: found by its number, nothing new.
  await setTheme(page, 'dark');
  dialog = await importFile(page, 'savings.ofx', savings);
  await expect(dialog.getByText('0 new, 2 already present, 0 rejected')).toBeVisible();
  await expect(dialog.getByLabel('Into account')).toHaveValue(/.+/);
  await expect(dialog.getByText('Found by the statement’s account number.')).toBeVisible();
  await snapshot(page, 'import-again-found-by-number-dark');
});
