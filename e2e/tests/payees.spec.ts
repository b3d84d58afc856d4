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
