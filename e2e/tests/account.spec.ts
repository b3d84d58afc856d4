import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, registerAndSetup, setTheme, snapshot, waitUntilInteractive } from '../support/helpers';

const BANNER = "Thank you for reaching out! We'll get back to you within 24 hours.";

async function fillContactForm(page: Page) {
  await page.getByLabel('Name').fill('Asha Rao');
  await page.getByLabel('Email').fill('asha@paisable.dev');
  await page.getByLabel('Inquiry Type').selectOption({ label: 'Feature Request' });
  await page.getByLabel('Subject').fill('Dark charts');
  await page.getByLabel('Message').fill('Could the charts follow the dark theme?');
}

test('contact: required fields are named, a sent message shows the banner, and the form resets after 5 s', async ({
  page,
}) => {
  await page.goto('/contact');
  await waitUntilInteractive(page);
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Inquiry Type').locator('option')).toHaveText([
    'General Inquiry',
    'Technical Support',
    'Billing Question',
    'Feature Request',
    'Partnership',
  ]);

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter a subject.')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await fillContactForm(page);
  await page.getByLabel('Email').fill('asha@');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill('asha@paisable.dev');

  const stored = page.waitForResponse((response) => response.url().includes('/trpc/contact.send'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect((await stored).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Dark charts');
  await snapshot(page, 'contact-sent-light');

  // After 5 seconds the banner goes and the form is empty again.
  await expect(page.getByText(BANNER)).toBeHidden({ timeout: 8_000 });
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Inquiry Type')).toHaveValue('general');
});

test('contact: a refused message is explained and the form keeps what was typed', async ({ page }) => {
  await page.goto('/contact');
  await waitUntilInteractive(page);
  await page.route('**/trpc/contact.send**', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          message:
            'You have sent several messages in the last hour. Please wait a while before sending another.',
          code: -32029,
          data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
        },
      }),
    }),
  );
  await fillContactForm(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toContainText('Please wait a while before sending another.');
  await expect(page.getByLabel('Message')).toHaveValue('Could the charts follow the dark theme?');
});

test('contact: the FAQ keeps one answer open at a time, by mouse and keyboard', async ({ page }) => {
  await page.goto('/contact');
  await waitUntilInteractive(page);
  const first = page.getByRole('button', { name: 'Is Paisable free to use?' });
  const second = page.getByRole('button', { name: 'Is my financial data secure?' });
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Paisable is open source')).toBeHidden();

  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Paisable is open source')).toBeVisible();

  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Paisable is open source')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Is my financial data secure?' })).toBeVisible();

  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(0);
});

test('settings: shows the e-mail, and a new currency and time zone are saved', async ({ page }) => {
  const { email } = await registerAndSetup(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(email);

  const currency = page.getByLabel('Display currency', { exact: true }).last();
  await page.getByRole('region', { name: 'Preferences' }).getByLabel('Display currency').selectOption('EUR');
  await page.getByLabel('Time zone').selectOption('America/New_York');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  // The navigation's currency menu follows, and both survive a reload.
  await expect(page.getByRole('banner').getByLabel('Display currency')).toHaveValue('EUR');
  await page.reload();
  await expect(currency).toHaveValue('EUR');
  await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');
  await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeDisabled();

  // A currency picked in the navigation shows in Settings too.
  await page.getByRole('banner').getByLabel('Display currency').selectOption('INR');
  await expect(page.getByRole('region', { name: 'Preferences' }).getByLabel('Display currency')).toHaveValue(
    'INR',
  );
});

test('settings: deleting the account asks first, logs out, and the account is gone', async ({ page }) => {
  const { email } = await registerAndSetup(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.goto('/settings');

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete your account? This action cannot be undone.',
  );
  await snapshot(page, 'settings-delete-confirm-light');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);

  // The password is asked for: without it, or with a wrong one, nothing is deleted.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const password = dialog.getByLabel('Your password');
  await expect(password).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toContainText('Enter your password to delete your account.');
  await password.fill('Wrong#123');
  await password.press('Enter');
  await expect(dialog).toContainText('That is not your password. Your account was not deleted.');
  await expect(page).toHaveURL(/\/settings$/);
  await snapshot(page, 'settings-delete-wrong-password-light');
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old token is refused and the credentials no longer sign in.
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid email or password');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('settings: a failed deletion says so inline and keeps the user signed in', async ({ page }) => {
  await registerAndSetup(page);
  await page.goto('/settings');
  await page.route('**/trpc/users.deleteAccount**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to delete account. Please try again.');
  await expect(page).toHaveURL(/\/settings$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});

test('screenshots of contact and settings: light, dark and phone', async ({ page }) => {
  await page.goto('/contact');
  await waitUntilInteractive(page);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.getByRole('button', { name: 'Is Paisable free to use?' }).click();
    await snapshot(page, `contact-${theme}`);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await snapshot(page, 'contact-phone-dark');
  await page.setViewportSize({ width: 1280, height: 800 });

  await registerAndSetup(page);
  await page.goto('/settings');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `settings-${theme}`);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await snapshot(page, 'settings-phone-dark');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await snapshot(page, 'settings-delete-confirm-phone-dark');
});
