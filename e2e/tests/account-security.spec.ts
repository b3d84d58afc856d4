import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

import { authenticatorApp } from '../support/authenticator';
import { PASSWORD, registerAndSetup, waitUntilInteractive } from '../support/helpers';

const NEW_PASSWORD = 'Better#456';

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Adds an expense through the REST API with the page's own session (the original client's route). */
async function addExpense(page: Page, fields: { name: string; cost: number; category: string }) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/transactions', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...fields, addedOn: '2025-03-14', isIncome: false },
  });
  expect(response.ok()).toBe(true);
}

test('account security: two-factor sign-in, a password change that signs out the other browser, then all the data moved to a new account', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // three codes of successive 30-s steps, and two more browsers
  const { email } = await registerAndSetup(page);
  await addExpense(page, { name: 'Bookshop', cost: 23.47, category: 'Shopping' });
  await addExpense(page, { name: 'Bakery', cost: 4.2, category: 'Food' });

  // A second browser (a laptop, say) signed in with the password alone.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await passwordStep(laptopPage, email, PASSWORD);
  await expect(laptopPage).toHaveURL(/\/dashboard$/);

  // Two-factor sign-in turned on with the authenticator app.
  await page.goto('/settings');
  await waitUntilInteractive(page);
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible({
    timeout: 20_000,
  });
  const secret = ((await setup.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  const app = authenticatorApp(secret);
  await setup.getByLabel('6-digit code from the app').fill(await app());
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const saved = page.getByRole('alertdialog', { name: 'Save your recovery codes' });
  await expect(saved.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await saved.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoFactor.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // Signed out, the password alone is not enough: the code signs in.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await passwordStep(page, email, PASSWORD);
  const codeField = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await codeField.fill(await app());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Changing the password asks the current one and a code, and signs the laptop out.
  await page.goto('/settings');
  await waitUntilInteractive(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await change.getByLabel('Current password').fill(PASSWORD);
  await change.getByLabel('New password').fill(NEW_PASSWORD);
  await change.getByRole('button', { name: 'Change Password' }).click();
  await change.getByLabel('Enter the 6-digit code from your authenticator app').fill(await app());
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Every other session was signed out.')).toBeVisible();
  await laptopPage.goto('/transactions');
  await expect(laptopPage).toHaveURL(/\/login$/);
  await laptop.close();

  // Download all the data, then restore it into a new account in a third browser.
  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download all my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^paisable-\d{4}-\d{2}-\d{2}\.zip$/);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-e2e-security-'));
  const zipPath = path.join(folder, 'backup.zip');
  await download.saveAs(zipPath);

  const newDevice = await browser.newContext();
  const newcomer = await newDevice.newPage();
  await registerAndSetup(newcomer);
  await newcomer.goto('/settings');
  await waitUntilInteractive(newcomer);
  await newcomer
    .getByRole('region', { name: 'Your data' })
    .getByLabel('Download to restore')
    .setInputFiles(zipPath);
  await expect(
    newcomer.getByText('Restored: 2 transactions and everything else from the download.'),
  ).toBeVisible();
  await newcomer.goto('/transactions');
  await expect(newcomer.getByText('Bookshop').first()).toBeVisible();
  await expect(newcomer.getByText('Bakery').first()).toBeVisible();
  await expect(newcomer.getByText('23.47').first()).toBeVisible();
  await newDevice.close();
  fs.rmSync(folder, { recursive: true, force: true });
});
