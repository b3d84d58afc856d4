import { expect, test, type Page } from '@playwright/test';

import { registerAndSetup, setTheme, snapshot, waitUntilInteractive } from '../support/helpers';
import { linkIn, waitForMail } from '../support/mailbox';

const NEW_PASSWORD = 'Fresh#789';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('forgot password: the e-mailed link sets a new password, and the old session is signed out', async ({
  page,
  browser,
}) => {
  // The owner is signed in here; the reset happens in another browser.
  const { email } = await registerAndSetup(page);
  const other = await browser.newContext();
  const visitor = await other.newPage();

  await visitor.goto('/login');
  await waitUntilInteractive(visitor);
  await visitor.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(visitor).toHaveURL(/\/forgot-password$/);
  // The address changes before the page's code has arrived: the login form (with its own Email field) is
  // still on screen until then, so wait for the page a user would see.
  await expect(visitor.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await visitor.getByLabel('Email').fill(email);
  await snapshot(visitor, 'forgot-password-light');
  await visitor.getByRole('button', { name: 'Send the link' }).click();
  await expect(visitor.getByText('If an account uses this e-mail address, a link')).toBeVisible();

  const mail = await waitForMail(email, 'Choose a new Paisable password');
  const link = linkIn(mail);
  expect(link).toContain('/reset-password#token=');

  await visitor.goto(link);
  await waitUntilInteractive(visitor);
  await visitor.getByLabel('New password').fill('letters1');
  await visitor.getByRole('button', { name: 'Set the new password' }).click();
  await expect(visitor.getByText('Password must contain an alphabet, a digit, and a symbol.')).toBeVisible();
  await visitor.getByLabel('New password').fill(NEW_PASSWORD);
  await snapshot(visitor, 'reset-password-light');
  await visitor.getByRole('button', { name: 'Set the new password' }).click();
  await expect(
    visitor.getByText('Your password was changed and every session was signed out.'),
  ).toBeVisible();
  await expect(visitor).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await signIn(visitor, email, 'Secret#123');
  await expect(visitor.getByText('Invalid email or password').first()).toBeVisible();
  await signIn(visitor, email, NEW_PASSWORD);
  await expect(visitor).toHaveURL(/\/dashboard$/);

  // The link works once only.
  await visitor.goto(link);
  await waitUntilInteractive(visitor);
  await visitor.getByLabel('New password').fill('Another#123');
  await visitor.getByRole('button', { name: 'Set the new password' }).click();
  await expect(visitor.getByText('This link does not work any more')).toBeVisible();

  // The owner's first browser was signed out by the reset.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await other.close();
});

test('forgot password: the pages at phone width and in dark mode', async ({ page }) => {
  await page.goto('/forgot-password');
  await setTheme(page, 'dark');
  await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
  await snapshot(page, 'forgot-password-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, 'forgot-password-phone-dark');
  await page.goto('/reset-password');
  await expect(page.getByText('This page needs the link from the e-mail.')).toBeVisible();
  await snapshot(page, 'reset-password-phone-dark');
  await setTheme(page, 'light');
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await snapshot(page, 'login-forgot-link-phone-light');
});
