import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot, waitUntilInteractive } from '../support/helpers';

/** Adds a transaction through the REST API with the page's own session (the original client's route). */
async function addTransaction(page: Page, fields: { name: string; cost: number; category: string }) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/transactions', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...fields, addedOn: '2025-03-14', isIncome: false },
  });
  expect(response.ok()).toBe(true);
}

test('download all my data, then restore it into a new account', async ({ page, browser }) => {
  await registerAndSetup(page);
  await addTransaction(page, { name: 'Bookshop', cost: 23.47, category: 'Shopping' });
  await addTransaction(page, { name: 'Bakery', cost: 4.2, category: 'Food' });

  await page.goto('/settings');
  await waitUntilInteractive(page);
  const section = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download all my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^paisable-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-e2e-download-')), 'backup.zip');
  await download.saveAs(zipPath);
  await snapshot(page, 'settings-account-data-light');

  // The same download into an account that has data already: refused, nothing changed.
  await section.getByLabel('Download to restore').setInputFiles(zipPath);
  await expect(section.getByText('A restore goes into an empty account')).toBeVisible();

  // A new account, in another browser: restored, the rows are there.
  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await registerAndSetup(newcomer);
  await newcomer.goto('/settings');
  await waitUntilInteractive(newcomer);
  const target = newcomer.getByRole('region', { name: 'Your data' });
  await target.getByLabel('Download to restore').setInputFiles(zipPath);
  await expect(
    target.getByText('Restored: 2 transactions and everything else from the download.'),
  ).toBeVisible();
  await newcomer.goto('/transactions');
  await expect(newcomer.getByText('Bookshop').first()).toBeVisible();
  await expect(newcomer.getByText('Bakery').first()).toBeVisible();
  await other.close();
  fs.rmSync(path.dirname(zipPath), { recursive: true, force: true });
});

test('your data: the Settings section at phone width and in dark mode', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/settings');
  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('button', { name: 'Restore from a download' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await snapshot(page, 'settings-account-data-phone-dark');
});
