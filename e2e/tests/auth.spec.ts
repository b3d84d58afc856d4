import { expect, test } from '@playwright/test';

import { PASSWORD, registerAndSetup, uniqueEmail, waitUntilInteractive } from '../support/helpers';

test('a new user signs up, picks a currency, reaches the dashboard, logs out and signs back in', async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('abc');
  const segments = page.locator('[role="meter"] > span[data-filled="true"]');
  await expect(segments).toHaveCount(1);
  await password.fill('abc12345');
  await expect(segments).toHaveCount(3);
  await expect(page.getByRole('listitem').filter({ hasText: 'At least one symbol' })).toHaveAttribute(
    'data-met',
    'false',
  );
  await password.fill(PASSWORD);
  await expect(segments).toHaveCount(4);

  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Signup successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Paisable!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(7);
  await expect(page.getByRole('radio', { name: /United States Dollar/ })).toBeChecked();
  await page.getByRole('radio', { name: /Euro/ }).check({ force: true });
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of [
    'Dashboard',
    'Transactions',
    'Receipts',
    'Settings',
    'Budgets',
    'Recurring Transactions',
  ]) {
    await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Display currency')).toHaveValue('EUR');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The session survives a reload: the stored token is checked and the user stays signed in.
  await page.reload();
  await expect(page.getByLabel('Display currency')).toHaveValue('EUR');
});

test('sign-up rules are checked before calling the server, with the spec texts', async ({ page }) => {
  await page.goto('/register');
  await waitUntilInteractive(page);
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Create Account' });
  const box = page.getByRole('alert');

  await email.fill('not-an-email');
  await password.fill(PASSWORD);
  await submit.click();
  await expect(box).toHaveText('Please enter a valid email address.');

  await email.fill('me@Example.com');
  await submit.click();
  await expect(box).toHaveText('This email domain is not allowed.');

  await email.fill(uniqueEmail());
  await password.fill('Ab1!');
  await submit.click();
  await expect(box).toHaveText('Password must be 8-16 characters long.');

  await password.fill('abcdefgh');
  await submit.click();
  await expect(box).toHaveText('Password must contain an alphabet, a digit, and a symbol.');
});

test('a second sign-up with the same e-mail shows the server message', async ({ page }) => {
  const { email } = await registerAndSetup(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  // Signing out ends on the sign-in page; opening the sign-up page before that could be overtaken by it.
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/register');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('User already exists');
});

test('a wrong password shows the server message in the form box and a toast', async ({ page }) => {
  const { email } = await registerAndSetup(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a user who has not finished setup is sent to /setup, and a bad stored token logs out silently', async ({
  page,
}) => {
  await page.goto('/register');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/setup$/);

  await page.evaluate(() => localStorage.setItem('token', 'expired.or.forged'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('after ten wrong passwords the form says to wait, instead of trying more', async ({ page }) => {
  const { email } = await registerAndSetup(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#1234');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  const formAlert = page.getByRole('alert').filter({ hasText: /Invalid email or password|Too many/ });
  for (let attempt = 1; attempt <= 10; attempt++) {
    await signIn.click();
    await expect(formAlert).toContainText('Invalid email or password');
    await expect(signIn).toBeEnabled();
  }
  await signIn.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Too many attempts. Please try again in' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
