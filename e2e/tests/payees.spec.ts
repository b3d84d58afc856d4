import { expect, test } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

// A statement where the bank writes one shop two ways: "AMZN Mktp US*2K4" and "Amazon".
const OFX = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'CHARSET:1252',
  '',
  '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD',
  '<BANKACCTFROM><BANKID>121099999<ACCTID>555511112<ACCTTYPE>CHECKING</BANKACCTFROM>',
  '<BANKTRANLIST>',
  '<STMTTRN><TRNTYPE>DIRECTDEP<DTPOSTED>20250301<TRNAMT>2500.00<FITID>P1<NAME>ACME PAYROLL<MEMO></STMTTRN>',
  '<STMTTRN><TRNTYPE>POS<DTPOSTED>20250305<TRNAMT>-12.00<FITID>P2<NAME>AMZN Mktp US*2K4<MEMO></STMTTRN>',
  '<STMTTRN><TRNTYPE>POS<DTPOSTED>20250306<TRNAMT>-20.00<FITID>P3<NAME>Amazon<MEMO></STMTTRN>',
  '</BANKTRANLIST>',
  '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  '',
].join('\n');

const file = { name: 'statement.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(OFX, 'latin1') };

test('merge two payees of one shop: one payee left, the bank’s text still on the row', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerAndSetup(page);

  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(dialog).toBeHidden();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);

  // Each imported row has the payee of its bank text: two payees for one shop.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Payees' });
  await expect(section.getByRole('row')).toHaveCount(4);
  await snapshot(page, 'payees-before-merge-1280-light');
  // The theme is set by a reload, which closes a dialog: it is chosen before the dialog opens.
  await setTheme(page, 'dark');
  await section.getByRole('button', { name: 'Merge payee AMZN Mktp US*2K4' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge “AMZN Mktp US*2K4”' });
  await merge.getByLabel('Merge into').selectOption({ label: 'Amazon' });
  await expect(merge.getByLabel(/Also for later imports/)).toBeChecked();
  await snapshot(page, 'payees-merge-1280-dark');
  await merge.getByRole('button', { name: 'Merge payees' }).click();
  await expect(merge).toBeHidden();
  await expect(
    page.getByText('Merged “AMZN Mktp US*2K4” into “Amazon”; later imports follow.'),
  ).toBeVisible();

  // One payee left for the shop, named on both rows.
  await expect(section.getByRole('row')).toHaveCount(3);
  await expect(section.getByRole('row', { name: /Amazon\s*2 transactions/ })).toBeVisible();
  await expect(section).not.toContainText('AMZN');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `payees-settings-1280-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(section.getByRole('list', { name: 'Your payees' })).toContainText('Amazon');
    await snapshot(page, `payees-settings-390-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The row still shows the bank's text, with the payee it now has under it; the payee filter finds both.
  await page.goto('/transactions');
  const amzn = rows.filter({ hasText: 'AMZN Mktp US*2K4' });
  await expect(amzn).toHaveCount(1);
  await expect(amzn).toContainText('Amazon');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `payees-list-1280-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByText('AMZN Mktp US*2K4')).toBeVisible();
    await snapshot(page, `payees-list-390-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The form shows the row's payee and completes payees as they are typed.
  await rows.filter({ hasText: 'ACME PAYROLL' }).getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Income' });
  await expect(edit.getByLabel('Payee (Optional)')).toHaveValue('ACME PAYROLL');
  await edit.getByLabel('Payee (Optional)').fill('ama');
  await edit
    .getByRole('list', { name: 'Matching payees' })
    .getByRole('button', { name: /Amazon/ })
    .click();
  await expect(edit.getByLabel('Payee (Optional)')).toHaveValue('Amazon');
  await snapshot(page, 'payees-form-1280-light');
  await edit.getByRole('button', { name: 'Cancel' }).click();
});

// One shop written three ways by the bank, and a salary.
const BULK_OFX = OFX.replace(
  '<STMTTRN><TRNTYPE>POS<DTPOSTED>20250306',
  '<STMTTRN><TRNTYPE>POS<DTPOSTED>20250304<TRNAMT>-4.00<FITID>P4<NAME>AMZN Digital<MEMO></STMTTRN>\n' +
    '<STMTTRN><TRNTYPE>POS<DTPOSTED>20250306',
);

test('merge several payees at once and undo it, keep bank text with payee rules, filter the list by payee', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerAndSetup(page);

  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await dialog.getByLabel('Bank file').setInputFiles({ ...file, buffer: Buffer.from(BULK_OFX, 'latin1') });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(dialog).toBeHidden();

  // Three payees of one shop, chosen together and merged into the name to keep: one request.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Payees', exact: true });
  const rulesSection = page.getByRole('region', { name: 'Payee rules' });
  await expect(section.getByRole('row')).toHaveCount(5);
  await expect(rulesSection).toContainText('No payee rules yet.');
  for (const name of ['AMZN Mktp US*2K4', 'AMZN Digital', 'Amazon'])
    await section.getByRole('checkbox', { name: `Select payee ${name}` }).check();
  await section.getByRole('button', { name: 'Merge selected (3)' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge 3 payees' });
  await merge.getByLabel('Name to keep').selectOption({ label: 'Amazon' });
  await snapshot(page, 'payees-bulk-merge-1280-light');
  await merge.getByRole('button', { name: 'Merge payees' }).click();
  await expect(merge).toBeHidden();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Merged' });
  await expect(toast).toContainText(
    'Merged “AMZN Digital” and “AMZN Mktp US*2K4” into “Amazon”; later imports follow.',
  );
  await expect(section.getByRole('row')).toHaveCount(3);
  await expect(section.getByRole('row', { name: /Amazon\s*3 transactions/ })).toBeVisible();
  await expect(rulesSection.getByRole('row')).toHaveCount(3);

  // Undo, while the toast shows: the three payees and their rows are back, and the rules the merge made go.
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Merge undone: “AMZN Digital” and “AMZN Mktp US*2K4” back')).toBeVisible();
  await expect(section.getByRole('row')).toHaveCount(5);
  for (const name of ['AMZN Digital', 'AMZN Mktp US*2K4', 'Amazon'])
    await expect(
      section.getByRole('row', { name: new RegExp(`${escape(name)}\\s*1 transaction`) }),
    ).toBeVisible();
  await expect(rulesSection).toContainText('No payee rules yet.');

  // A rule typed on the screen: checked as a merge's rules are, its payee completed from the user's payees.
  await expect(rulesSection).toContainText('Rules apply to future imports only');
  await rulesSection.getByRole('button', { name: 'Add rule' }).click();
  const add = page.getByRole('dialog', { name: 'Add payee rule' });
  await add.getByLabel('Bank text contains').fill('x');
  await add.getByLabel('Payee', { exact: true }).fill('ama');
  await add
    .getByRole('list', { name: 'Matching payees' })
    .getByRole('button', { name: /Amazon/ })
    .click();
  await expect(add.getByLabel('Payee', { exact: true })).toHaveValue('Amazon');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(add.getByRole('alert')).toContainText('A rule looks for at least 2 characters of bank text.');
  await add.getByLabel('Bank text contains').fill('AMZN');
  await add.getByRole('button', { name: 'Add rule' }).click();
  await expect(add).toBeHidden();
  await expect(rulesSection.getByRole('row', { name: /amzn\s*Amazon/ })).toBeVisible();

  await rulesSection.getByRole('button', { name: 'Edit rule for “amzn”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit payee rule' });
  await expect(edit.getByLabel('Bank text contains')).toHaveValue('amzn');
  await edit.getByLabel('Bank text contains').fill('AMZN Mktp');
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit).toBeHidden();
  await expect(rulesSection.getByRole('row', { name: /amzn mktp\s*Amazon/ })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await rulesSection.scrollIntoViewIfNeeded();
    await snapshot(page, `payee-rules-1280-${theme}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(rulesSection.getByRole('list', { name: 'Your payee rules' })).toContainText('amzn mktp');
    await snapshot(page, `payee-rules-390-${theme}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await rulesSection.getByRole('button', { name: 'Delete rule for “amzn mktp”' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete rule' }).click();
  await expect(rulesSection).toContainText('No payee rules yet.');

  // The list by payee: the rows and their count follow, the URL keeps it, and clearing brings all back.
  await page.goto('/transactions');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await page.getByLabel('Payee', { exact: true }).selectOption({ label: 'AMZN Digital (1)' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('AMZN Digital');
  await expect(page).toHaveURL(/payee=AMZN(\+|%20)Digital/);
  await expect(page.getByRole('button', { name: 'Export 1 filtered row' })).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel('Payee', { exact: true })).toHaveValue('AMZN Digital');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `payee-filter-1280-${theme}`);
  }
  await page.getByRole('button', { name: 'Remove filter Payee: AMZN Digital' }).click();
  await expect(rows).toHaveCount(4);
  await expect(page).not.toHaveURL(/payee=/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Filters (0)' }).click();
  await page.getByLabel('Payee', { exact: true }).selectOption({ label: 'Amazon (1)' });
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `payee-filter-390-${theme}`);
  }
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).not.toHaveURL(/payee=/);
  await expect(page.getByRole('button', { name: 'Filters (0)' })).toBeVisible();
});

/** A name as a regular expression matching it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
