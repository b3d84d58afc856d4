import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot, typeRate } from '../support/helpers';

const RECEIPT = path.join(import.meta.dirname, '../../apps/api/test/fixtures/receipts/receipt.png');

/** Uploads a receipt the server reads for real and waits for its review page (it cannot be saved at once). */
async function uploadForReview(page: Page, name: string, png: Buffer, paidFrom?: string) {
  await page.goto('/receipts');
  await page.getByLabel('Receipt file').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  if (paidFrom) await page.getByLabel('Paid from').selectOption({ label: paidFrom });
  await page.getByRole('button', { name: 'Upload & Create Transaction' }).click();
  await expect(page).toHaveURL(/\/receipts\/[0-9a-f-]{36}$/, { timeout: 90_000 });
}

/** A receipt whose total is torn off: Chromium renders it, the server's OCR reads it for real. */
async function receiptWithoutTotal(page: Page): Promise<Buffer> {
  const scratch = await page.context().newPage();
  await scratch.setViewportSize({ width: 560, height: 420 });
  await scratch.setContent(
    `<pre style="font: 22px/1.6 'DejaVu Sans Mono', monospace; margin: 32px; color: #000; background: #fff">` +
      'CORNER BAKERY\n12 Harbour Road\nDate: 02/05/2025 10:41\n\nSourdough loaf\nCinnamon bun\n\nThank you!</pre>',
  );
  const png = await scratch.screenshot({ type: 'png' });
  await scratch.close();
  return png;
}

test('upload a receipt: refusals with the reason, then review and correct the total before it is saved', async ({
  page,
}) => {
  // Two receipts are read by the default engine (PaddleOCR), the first loading its models.
  test.setTimeout(240_000);
  await registerAndSetup(page);
  await page.goto('/receipts');
  await expect(page.getByRole('heading', { name: 'Upload Receipt' })).toBeVisible();
  await expect(page.getByText('No receipts uploaded yet.')).toBeVisible();
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
  await expect(page.getByText('Only JPEG, PNG, WEBP, HEIC or PDF receipts can be read.')).toBeVisible();
  await snapshot(page, 'receipts-failed-light');

  // A receipt read with confidence follows the spec: "Processing..." with what is happening, then the
  // message and the dashboard, with an Undo that deletes the expense it recorded.
  await page.getByLabel('Receipt file').setInputFiles(RECEIPT);
  await submit.click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  const steps = page.getByRole('status').filter({ hasText: 'Checking the total' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'Reading the receipt' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(steps.getByRole('listitem').filter({ hasText: 'Uploading the file' })).toContainText('(done)');
  await expect(steps.getByRole('listitem').filter({ hasText: 'Checking the total' })).not.toHaveAttribute(
    'aria-current',
    'step',
  );
  await snapshot(page, 'receipts-processing-light');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  const recorded = page.locator('[data-sonner-toast]').filter({ hasText: 'Receipt processed successfully' });
  await expect(recorded).toContainText(
    'Receipt processed successfully and transaction created! Redirecting to dashboard...',
  );
  await expect(recorded).toContainText('Undo deletes the expense this receipt created.');
  // Dated 2025, outside the dashboard's 30 days: the toast says so.
  await expect(recorded).toContainText("Dated Mar 14, 2025, outside the dashboard's last 30 days.");
  const recent = page.getByRole('region', { name: 'Recent Transactions' });
  await expect(recent).toContainText(/GREEN LEAF MARKET/i);
  await expect(recent).toContainText('23.47');
  await page.screenshot({
    path: path.join(import.meta.dirname, '../screenshots/receipts-recorded-light.png'),
  });

  await recorded.getByRole('button', { name: 'Undo' }).click();
  const undone = page.locator('[data-sonner-toast]').filter({ hasText: 'Expense deleted.' });
  await expect(undone).toContainText('The receipt is kept under Receipts');
  await expect(recent).not.toContainText(/GREEN LEAF MARKET/i);
  await expect(page.getByRole('group', { name: 'Total Expense' })).toContainText('$0.00');

  // The receipt waits for review again: the user corrects the total and saves it.
  await undone.getByRole('button', { name: 'Open receipt' }).click();
  await expect(page).toHaveURL(/\/receipts\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Needs review').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'The uploaded receipt' })).toBeVisible();
  await expect(page.getByLabel('Merchant')).toHaveValue(/GREEN LEAF MARKET/i);
  await expect(page.getByLabel('Total')).toHaveValue('23.47');
  await expect(page.getByLabel('Date')).toHaveValue('2025-03-14');
  await snapshot(page, 'receipts-review-light');
  await page.getByLabel('Total').fill('24.47');
  await page.getByRole('button', { name: 'Save expense' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Expense saved' });
  await expect(saved).toBeVisible();
  await expect(page.getByText('Receipt processed successfully')).toHaveCount(0);
  // Followed at once: the toast closes after 5 seconds.
  await saved.getByRole('link', { name: 'See it in Transactions' }).click();
  await expect(page).toHaveURL(/\/transactions\?.*from=2025-03-14.*to=2025-03-14/);
  await expect(page.getByLabel('Active filters')).toContainText('From Mar 14, 2025');
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Recent Transactions' })).toContainText('24.47');
  await page.goForward();
  const row = page.locator('tbody tr').filter({ hasText: /GREEN LEAF MARKET/i });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('24.47');
  await expect(row).toContainText('Groceries');

  // A receipt without a total is in doubt: its review opens with the doubts, nothing is recorded until
  // the user types the total. On a phone, in the dark theme.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/receipts');
  await setTheme(page, 'dark');
  await page.getByLabel('Receipt file').setInputFiles({
    name: 'bakery.png',
    mimeType: 'image/png',
    buffer: await receiptWithoutTotal(page),
  });
  await page.getByRole('button', { name: 'Upload & Create Transaction' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Reading the receipt' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await snapshot(page, 'receipts-processing-phone-dark');
  await expect(page).toHaveURL(/\/receipts\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByText('Receipt processed successfully')).toHaveCount(0);
  await expect(page.getByText('Needs review').first()).toBeVisible();
  await expect(page.getByText('Some of this receipt could not be read with confidence.')).toBeVisible();
  await expect(page.getByText('No total could be read.')).toBeVisible();
  await expect(page.getByLabel('Total')).toHaveValue('');
  await expect(page.getByLabel('Total')).toBeFocused();
  await expect(page.getByText('Check this against the receipt').first()).toBeVisible();
  await snapshot(page, 'receipts-needs-review-phone-dark');
  await page.getByRole('button', { name: 'Save expense' }).click();
  await expect(page.getByText('Amount is required.')).toBeVisible();
  await snapshot(page, 'receipts-review-problem-phone-dark');
  await page.getByLabel('Total').fill('7.80');
  // The problem goes as soon as the field is fixed.
  await expect(page.getByText('Amount is required.')).toHaveCount(0);
  await page.getByLabel('Date').fill('2025-05-02');
  await page.getByLabel('Category').selectOption('Food');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Expense saved' })).toBeVisible();
  await page.screenshot({
    path: path.join(import.meta.dirname, '../screenshots/receipts-saved-toast-phone-dark.png'),
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/receipts');
  const list = page.getByRole('list', { name: 'Recent receipts' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await expect(list.getByRole('link').filter({ hasText: 'Saved' })).toHaveCount(2);
  await expect(list).toContainText('7.80');
  await snapshot(page, 'receipts-list-dark');
  await list.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Saved expense' })).toBeVisible();
  await snapshot(page, 'receipts-saved-dark');

  // Saving a receipt's expense again corrects it, and says so.
  await page.getByLabel('Total').fill('7.90');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Expense updated' })).toBeVisible();
  await expect(page.getByText('Expense saved')).toHaveCount(0);
  await expect(page).toHaveURL(/\/receipts\/[0-9a-f-]{36}$/);
  await page.goto('/transactions');
  await expect(page.locator('tbody tr').filter({ hasText: 'CORNER BAKERY' })).toContainText('7.90');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/receipts');
  await page.getByRole('button', { name: 'Upload & Create Transaction' }).click();
  await expect(page.getByText('Please select a file to upload.')).toBeVisible();
  await snapshot(page, 'receipts-phone-dark');

  // On a phone the success message and its Undo sit at the bottom, clear of the summary cards.
  await page.getByLabel('Receipt file').setInputFiles(RECEIPT);
  await page.getByRole('button', { name: 'Upload & Create Transaction' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  const again = page.locator('[data-sonner-toast]').filter({ hasText: 'Receipt processed successfully' });
  await expect(again.getByRole('button', { name: 'Undo' })).toBeVisible();
  // Once it has slid in, all of it is on the screen.
  await expect
    .poll(async () => {
      const box = await again.boundingBox();
      return box ? box.y + box.height : Infinity;
    })
    .toBeLessThanOrEqual(844);
  await page.screenshot({
    path: path.join(import.meta.dirname, '../screenshots/receipts-recorded-phone-dark.png'),
  });
  await again.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Expense deleted.' })).toBeVisible();
  // Both receipts' expenses are dated 2025: a period that covers them counts both, the undone one included.
  await page.goto('/dashboard?period=custom&from=2025-01-01&to=2025-12-31');
  await expect(page.getByRole('group', { name: 'Total Expense' })).toContainText('$32.37');
});

/** A till receipt typed as monospace text: Chromium renders it, the server's OCR reads it for real. */
async function renderedReceipt(page: Page, text: string, height: number): Promise<Buffer> {
  const scratch = await page.context().newPage();
  await scratch.setViewportSize({ width: 560, height });
  await scratch.setContent(
    `<pre style="font: 22px/1.6 'DejaVu Sans Mono', monospace; margin: 32px; color: #000; background: #fff">${text}</pre>`,
  );
  const png = await scratch.screenshot({ type: 'png' });
  await scratch.close();
  return png;
}

/** A German till receipt in euros without a date. */
const euroReceiptWithoutDate = (page: Page) =>
  renderedReceipt(
    page,
    'BACKSTUBE MEIER\nMarktplatz 4, Bonn\n\nBrezel           0,95\nKaffee           2,80\n' +
      'SUMME EUR        3,75\nGeg. BAR         5,00\nRückgeld         1,25',
    460,
  );

test('a receipt in another currency: saved in the user’s, with the receipt’s own total kept on the expense', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);
  // The user's rate, typed days before the receipt's date: the nearest earlier one converts it.
  await typeRate(page, 'EUR', '1.0832', 'USD', '2025-03-10');
  await uploadForReview(page, 'backstube.png', await euroReceiptWithoutDate(page));
  // The euros read stay euros; the dollars charged are the user's to give.
  await expect(page.getByLabel('Total on the receipt (EUR)')).toHaveValue('3.75');
  const charged = page.getByLabel('Total in USD');
  await expect(charged).toHaveValue('');
  const note = page.getByRole('note').filter({ hasText: 'This receipt is in' });
  await expect(note).toContainText('This receipt is in EUR; Main account is kept in USD.');
  // The currency read can be corrected: said to be the account's, the receipt's total is what was charged;
  // back in euros, it is the printed total again.
  const currency = page.getByLabel('Currency on the receipt');
  await expect(currency).toHaveValue('EUR');
  await expect(page.getByText(/Printed in Euro \(EUR, €\)/)).toBeVisible();
  await currency.selectOption('USD');
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue('3.75');
  await expect(page.getByLabel('Total on the receipt (EUR)')).toHaveCount(0);
  await expect(note).toHaveCount(0);
  await expect(page.getByText('Read as EUR')).toBeVisible();
  await currency.selectOption('EUR');
  await expect(page.getByLabel('Total on the receipt (EUR)')).toHaveValue('3.75');
  await expect(charged).toHaveValue('');
  // Once the date is known, the rate in force that day converts the printed total, offered in one click.
  const converted = page.getByRole('group', { name: 'The total converted' });
  await expect(converted).toHaveCount(0);
  await page.getByLabel('Date').fill('2025-03-14');
  await expect(converted).toContainText('At 1 EUR = 1.0832 USD (Mar 10, 2025): 4.06 USD');
  await snapshot(page, 'receipts-foreign-currency-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await setTheme(page, 'dark');
  await expect(note).toBeVisible();
  await page.getByLabel('Date').fill('2025-03-14');
  await expect(converted).toBeVisible();
  await snapshot(page, 'receipts-foreign-currency-phone-dark');

  await converted.getByRole('button', { name: 'Use 4.06' }).click();
  await expect(charged).toHaveValue('4.06');
  await page.getByRole('button', { name: 'Save expense' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/transactions?from=2025-03-01&to=2025-03-31');
  const row = page.locator('tbody tr').filter({ hasText: 'BACKSTUBE MEIER' });
  await expect(row).toContainText('$4.06');
  await expect(row).toContainText('paid 3.75 EUR');
  await snapshot(page, 'transactions-paid-in-euros-dark');
  // The receipts list shows what the expense recorded; opened again, the receipt shows both totals.
  await page.goto('/receipts');
  const list = page.getByRole('list', { name: 'Recent receipts' });
  await expect(list).toContainText('$4.06');
  await snapshot(page, 'receipts-list-after-foreign-dark');
  await list.getByRole('link', { name: /BACKSTUBE MEIER/ }).click();
  await expect(page.getByLabel('Total on the receipt (EUR)')).toHaveValue('3.75');
  await expect(page.getByLabel('Total in USD')).toHaveValue('4.06');
  await expect(page.getByLabel('Currency on the receipt')).toHaveValue('EUR');
});

test('a euro receipt paid with the user’s euro card goes there with nothing to convert, and moves when the user says', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add Account' }).click();
  const add = page.getByRole('dialog', { name: 'Add Account' });
  await add.getByLabel('Name').fill('Travel card');
  await add.getByLabel('Currency').selectOption('EUR');
  await add.getByRole('button', { name: 'Add Account' }).click();
  await expect(add).toBeHidden();

  // With two accounts the upload asks which one paid: the first, until the user picks another.
  await page.goto('/receipts');
  await expect(page.getByLabel('Paid from').locator('option:checked')).toHaveText('Main account');
  await snapshot(page, 'receipts-upload-paid-from-light');
  await uploadForReview(page, 'backstube.png', await euroReceiptWithoutDate(page), 'Travel card');
  // The review opens on the card: the receipt's total is what the card was charged.
  const paidFrom = page.getByLabel('Paid from');
  await expect(paidFrom.locator('option:checked')).toHaveText('Travel card');
  await expect(page.getByLabel('Total', { exact: true })).toHaveValue('3.75');
  await expect(page.getByRole('note').filter({ hasText: 'This receipt is in' })).toHaveCount(0);
  await page.getByLabel('Date').fill('2025-03-14');
  await snapshot(page, 'receipts-euro-card-light');
  await page.getByRole('button', { name: 'Save expense' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/transactions?from=2025-03-01&to=2025-03-31');
  const row = page.locator('tbody tr').filter({ hasText: 'BACKSTUBE MEIER' });
  await expect(row).toContainText('€3.75');
  await expect(row).toContainText('Travel card');
  await expect(row).not.toContainText('paid');
  // The next upload starts on the card the user last paid with; the receipt says where it went.
  await page.goto('/receipts');
  await expect(page.getByLabel('Paid from').locator('option:checked')).toHaveText('Travel card');
  await expect(page.getByRole('list', { name: 'Recent receipts' })).toContainText(
    'Mar 14, 2025 · €3.75 · Travel card',
  );
  await setTheme(page, 'dark');
  await snapshot(page, 'receipts-upload-paid-from-dark');
  await setTheme(page, 'light');

  // Reopened, the user says the dollar account paid it: the euros become the printed total, the dollars
  // charged are asked for, and the expense moves.
  await page.goto('/receipts');
  await page
    .getByRole('list', { name: 'Recent receipts' })
    .getByRole('link', { name: /BACKSTUBE MEIER/ })
    .click();
  await page.setViewportSize({ width: 390, height: 844 });
  await setTheme(page, 'dark');
  await expect(paidFrom.locator('option:checked')).toHaveText('Travel card');
  await paidFrom.selectOption({ label: 'Main account' });
  await expect(page.getByLabel('Total on the receipt (EUR)')).toHaveValue('3.75');
  await expect(page.getByRole('note').filter({ hasText: 'This receipt is in' })).toContainText(
    'This receipt is in EUR; Main account is kept in USD.',
  );
  await snapshot(page, 'receipts-moved-to-dollars-phone-dark');
  await page.getByLabel('Total in USD').fill('4.10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Expense updated')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/transactions?from=2025-03-01&to=2025-03-31');
  await expect(row).toContainText('$4.10');
  await expect(row).toContainText('paid 3.75 EUR');
  await expect(row).toContainText('Main account');
});

test('an iPhone HEIC photo is read like a JPEG; a browser that cannot show it offers the file', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);
  await page.goto('/receipts');
  await page
    .getByLabel('Receipt file')
    .setInputFiles(path.join(import.meta.dirname, '../../apps/api/test/fixtures/receipts/receipt.heic'));
  await page.getByRole('button', { name: 'Upload & Create Transaction' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 90_000 });
  await expect(page.getByRole('region', { name: 'Recent Transactions' })).toContainText('23.47');
  await page.goto('/receipts');
  await page.getByRole('list', { name: 'Recent receipts' }).getByRole('link').first().click();
  await expect(page.getByRole('link', { name: /Download the receipt photo/ })).toBeVisible();
  await snapshot(page, 'receipts-heic-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await setTheme(page, 'dark');
  await expect(page.getByRole('link', { name: /Download the receipt photo/ })).toBeVisible();
  await snapshot(page, 'receipts-heic-phone-dark');
});

/**
 * A hardware shop's receipt without a date, whose items add up to its total.
 * The items name their kind of spending ("Tools", "Tea"): the OCR may run the shop's name together.
 */
const receiptWithItems = (page: Page) =>
  renderedReceipt(
    page,
    'HARBOUR HARDWARE\n12 Quay Street\n\nGarden Tools         24.90\nIced Lemon Tea        2.40\n' +
      'Hardware Screws       6.20\nTOTAL                33.50\nCash                 50.00\nChange               16.50',
    480,
  );

test('a receipt whose items add up offers a split by category, which the user checks and saves', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);
  // Without a date the receipt waits for review.
  await uploadForReview(page, 'hardware.png', await receiptWithItems(page));
  await expect(page.getByLabel('Total')).toHaveValue('33.50');
  // A total the items no longer make offers nothing; the one they make offers the split again.
  await page.getByLabel('Total').fill('33.60');
  await expect(page.getByRole('button', { name: 'Split by items' })).toHaveCount(0);
  await page.getByLabel('Total').fill('33.50');
  await page.getByRole('button', { name: 'Split by items' }).click();

  const lines = page.getByRole('group', { name: 'Split lines' });
  await expect(lines.getByLabel('Line 1 category')).toHaveValue('Shopping');
  await expect(lines.getByLabel('Line 1 amount')).toHaveValue('31.10');
  await expect(lines.getByLabel('Line 1 note')).toHaveValue(/Garden\s?Tools, Hardware\s?Screws/);
  await expect(lines.getByLabel('Line 2 category')).toHaveValue('Food');
  await expect(lines.getByLabel('Line 2 amount')).toHaveValue('2.40');
  await expect(lines.getByRole('status')).toHaveText('Left to assign: $0.00');
  await snapshot(page, 'receipts-split-by-items-light');
  await page.getByLabel('Date').fill('2025-06-01');
  await page.getByRole('button', { name: 'Save expense' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/transactions?from=2025-06-01&to=2025-06-01');
  const row = page.locator('tbody tr').filter({ hasText: /HARBOUR\s?HARDWARE/i });
  await expect(row).toContainText('33.50');
  await row.locator('summary', { hasText: 'Split (2)' }).click();
  await expect(row).toContainText('Shopping');
  await expect(row).toContainText('Food');
});

/** A bookshop's receipt printing two totals that disagree, and nothing that says which was paid. */
const receiptWithTwoTotals = (page: Page) =>
  renderedReceipt(
    page,
    'KEDAI BUKU ILMU\n3 Rose Lane\nDate: 2025-09-11 16:05\n\nBuku Latihan          9.20\nPensel 2B             7.50\n' +
      'TOTAL                18.40\nTOTAL                16.40',
    440,
  );

test('a receipt with two totals asks which, and offers the other one in one click', async ({ page }) => {
  test.setTimeout(180_000);
  await registerAndSetup(page);
  await uploadForReview(page, 'bookshop.png', await receiptWithTwoTotals(page));
  await expect(page.getByLabel('Total')).toHaveValue('16.40');
  await expect(page.getByText('The receipt prints more than one total')).toBeVisible();
  const offered = page.getByRole('group', { name: 'Other amounts the receipt may mean' });
  await snapshot(page, 'receipts-other-totals-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await setTheme(page, 'dark');
  await expect(offered).toBeVisible();
  await snapshot(page, 'receipts-other-totals-phone-dark');
  await offered.getByRole('button', { name: 'Use 18.40' }).click();
  await expect(page.getByLabel('Total')).toHaveValue('18.40');
  // The total picked is no longer offered.
  await expect(offered).toHaveCount(0);
  await page.getByLabel('Category').selectOption('Shopping');
  await page.getByRole('button', { name: 'Save expense' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/transactions?from=2025-09-11&to=2025-09-11');
  await expect(page.locator('tbody tr').filter({ hasText: /KEDAI\s?BUKU/i })).toContainText('18.40');
});
