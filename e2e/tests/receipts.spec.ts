import { expect, test } from '@playwright/test';
import path from 'node:path';

import { registerAndSetup, setTheme, snapshot } from '../support/helpers';

const RECEIPT = path.join(import.meta.dirname, '../../apps/api/test/fixtures/receipts/receipt.png');

test('upload a receipt: refusals with the reason, then an expense with its image', async ({ page }) => {
  test.setTimeout(90_000);
  await registerAndSetup(page);
  await page.goto('/receipts');
  await expect(page.getByRole('heading', { name: 'Upload Receipt' })).toBeVisible();
  await snapshot(page, 'receipts-idle-light');

  const submit = page.getByRole('button', { name: 'Upload & Create Transaction' });
  await submit.click();
  await expect(page.getByText('Please select a file to upload.')).toBeVisible();

  // Named like an image, but the bytes are text: the server says why it refuses.
  await page.getByLabel('Receipt file').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from('TOTAL 12.00\n'),
  });
  await submit.click();
  await expect(page.getByText('Upload failed. Please try again.')).toBeVisible();
  await expect(page.getByText('Only JPEG, PNG or PDF receipts can be read.')).toBeVisible();
  await snapshot(page, 'receipts-failed-light');

  await page.getByLabel('Receipt file').setInputFiles(RECEIPT);
  await submit.click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  await expect(page.getByText('Receipt processed successfully and transaction created!')).toBeVisible();

  await page.goto('/transactions');
  const row = page.locator('tbody tr').filter({ hasText: 'GREEN LEAF MARKET' });
  await expect(row).toContainText('23.47');
  await expect(row).toContainText('Groceries');
  await page.getByRole('button', { name: 'Details of GREEN LEAF MARKET' }).click();
  const details = page.getByRole('dialog', { name: 'Transaction details' });
  const image = details.getByRole('img', { name: 'The uploaded receipt' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await snapshot(page, 'receipts-details-light');
  await details.getByRole('button', { name: 'Close' }).click();

  await page.goto('/receipts');
  await setTheme(page, 'dark');
  await snapshot(page, 'receipts-idle-dark');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Upload & Create Transaction' }).click();
  await expect(page.getByText('Please select a file to upload.')).toBeVisible();
  await snapshot(page, 'receipts-phone-dark');
});
