import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, registerAndSetup, setTheme, snapshot, waitUntilInteractive } from '../support/helpers';

const NEW_PASSWORD = 'Better#456';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('sessions: a second browser is listed, signed out from Settings, and a password change signs out the rest', async ({
  page,
  browser,
}) => {
  const { email } = await registerAndSetup(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, PASSWORD);

  await page.goto('/settings');
  await waitUntilInteractive(page);
  const list = page.getByRole('table', { name: 'Where you are signed in' });
  await expect(list.getByRole('row')).toHaveCount(3); // header, this browser, the other one
  await expect(list.getByText('This device')).toBeVisible();
  await snapshot(page, 'settings-sessions-light');

  // "Sign out everywhere else": the other browser's next request is refused and it lands on /login.
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Every other session was signed out.')).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(2);
  await otherPage.goto('/settings');
  await expect(otherPage).toHaveURL(/\/login$/);

  // Sign in there again, then change the password here: the other browser is signed out once more.
  await signIn(otherPage, email, PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password').fill('Wrong#123');
  await dialog.getByLabel('New password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('That is not your current password. Nothing was changed.')).toBeVisible();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByLabel('New password').fill('letters1');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Password must contain an alphabet, a digit, and a symbol.')).toBeVisible();
  await dialog.getByLabel('New password').fill(NEW_PASSWORD);
  await snapshot(page, 'settings-change-password-light');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Every other session was signed out.')).toBeVisible();
  await otherPage.goto('/transactions');
  await expect(otherPage).toHaveURL(/\/login$/);

  // Logging out ends this session on the server too; the new password signs in, the old one does not.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await other.close();
});

test('sessions: the Settings list at phone width and in dark mode', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/settings');
  await setTheme(page, 'dark');
  await expect(page.getByText('This device').first()).toBeVisible();
  await snapshot(page, 'settings-sessions-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Where you are signed in' })).toBeVisible();
  await snapshot(page, 'settings-sessions-phone-dark');
  await setTheme(page, 'light');
  await snapshot(page, 'settings-sessions-phone-light');
});
