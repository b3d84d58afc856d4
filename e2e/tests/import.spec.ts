import { expect, test } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

const BANK_CSV = [
  'Booking date;Payee;Amount;Reference',
  '02/03/2025;Bakery;-3,20;card',
  '02/03/2025;Bakery;-3,20;card',
  '15/03/2025;Employer;2.500,00;March',
  '31/02/2025;Nobody;-1,00;',
  '',
].join('\n');

const file = { name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(BANK_CSV) };

test('import a bank CSV with a preview, and importing it again adds nothing', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import transactions' });
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByLabel('Amounts use a decimal comma').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByText('3 new, 0 already present, 1 rejected')).toBeVisible();
  await expect(dialog.getByText(/Left out \(line 5\): Date "31\/02\/2025" is not a date/)).toBeVisible();
  await snapshot(page, 'import-preview-light');
  await setTheme(page, 'dark');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByLabel('Amounts use a decimal comma').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('3 new, 0 already present, 1 rejected')).toBeVisible();
  await snapshot(page, 'import-preview-dark');

  // A row that cannot be read holds the whole file back until the user says to leave it out.
  await expect(dialog.getByRole('button', { name: 'Import 3 transactions' })).toBeDisabled();
  await dialog.getByLabel('Import the other rows and leave out the row that could not be read').check();
  await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Imported 3, skipped 0 already present, rejected 1')).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(3);
  await expect(page.locator('tbody tr').filter({ hasText: 'Bakery' })).toHaveCount(2);

  // On a 360 px phone the page's actions wrap under its title; the toast moves below them.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByLabel('Bank file').setInputFiles(file);
  await dialog.getByLabel('Amounts use a decimal comma').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('0 new, 3 already present, 1 rejected')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await snapshot(page, 'import-again-phone');
});
