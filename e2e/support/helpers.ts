import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Secret#123';

export function uniqueEmail(label = 'e2e') {
  return `${label}-${randomUUID().slice(0, 8)}@paisable.dev`;
}

/**
 * The public pages are prerendered: their form shows before React attaches, and what is typed before
 * then is reset by hydration. Wait for the app's ready mark before typing.
 */
export async function waitUntilInteractive(page: Page) {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** Registers through the UI and completes setup with the given currency; ends on /dashboard. */
export async function registerAndSetup(page: Page, options: { currency?: string } = {}) {
  const email = uniqueEmail();
  await page.goto('/register');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  if (options.currency) await page.getByText(options.currency, { exact: true }).click();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email };
}

/** Saves a full-page screenshot under e2e/screenshots for a person to look at. */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({
    path: path.join(import.meta.dirname, '../screenshots', `${name}.png`),
    fullPage: true,
  });
}

export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

/** Types in Settings how many units of `quote` one unit of `base` buys on `day` (YYYY-MM-DD). */
export async function typeRate(page: Page, base: string, rate: string, quote: string, day: string) {
  await page.goto('/settings');
  const rates = page.getByRole('region', { name: 'Exchange rates' });
  await rates.getByLabel('Day').fill(day);
  await rates.getByLabel('One of').fill(base);
  await rates.getByLabel('Buys').fill(rate);
  await rates.getByLabel('Of', { exact: true }).fill(quote);
  await rates.getByRole('button', { name: 'Save rate' }).click();
  await expect(rates.getByRole('table')).toContainText(`1 ${base} = ${rate} ${quote}`);
}
