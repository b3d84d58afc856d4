import { expect, test, type Page } from '@playwright/test';

import { authenticatorApp } from '../support/authenticator';
import { PASSWORD, registerAndSetup, setTheme, snapshot, waitUntilInteractive } from '../support/helpers';

const NEW_PASSWORD = 'Better#456';

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Enter the 6-digit code from your authenticator app')).toBeVisible();
}

test('two-factor sign-in: turned on with a QR code, asked at sign-in, asked to change the password, turned off', async ({
  page,
}) => {
  test.setTimeout(300_000); // a long journey: two sign-ins, four dialogs, both themes, codes of later 30-s steps
  const { email } = await registerAndSetup(page);
  await page.goto('/settings');
  await waitUntilInteractive(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible({
    timeout: 20_000,
  });
  const secret = ((await setup.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const app = authenticatorApp(secret);

  await setup.getByLabel('6-digit code from the app').fill('000000');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    setup.getByText('That code is not right, or it was already used. Nothing was changed.'),
  ).toBeVisible();
  await setup.getByLabel('6-digit code from the app').fill(await app());
  await snapshot(page, 'two-factor-setup-light');
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const saved = page.getByRole('alertdialog', { name: 'Save your recovery codes' });
  await expect(saved.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const codes = (await saved.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map(
    (code) => code.trim(),
  );
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await saved.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('paisable-recovery-codes.txt');
  await snapshot(page, 'two-factor-recovery-codes-light');
  await saved.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // Sign out, then in again: the password alone is not enough.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await passwordStep(page, email, PASSWORD);
  await snapshot(page, 'two-factor-sign-in-light');
  await setTheme(page, 'dark');
  await passwordStep(page, email, PASSWORD);
  await page.getByLabel('Enter the 6-digit code from your authenticator app').fill('111111');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code is not right, or it was already used.')).toBeVisible();
  await snapshot(page, 'two-factor-sign-in-dark');
  await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(await app());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await setTheme(page, 'light');

  // A recovery code signs in once, from another browser's point of view: the same as a code.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await passwordStep(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Changing the password asks for a code too.
  await page.goto('/settings');
  await waitUntilInteractive(page);
  await expect(section.getByText('9 of 10 recovery codes left.')).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await change.getByLabel('Current password').fill(PASSWORD);
  await change.getByLabel('New password').fill(NEW_PASSWORD);
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    change.getByText('Enter the 6-digit code from your authenticator app, or a recovery code.'),
  ).toBeVisible();
  await change.getByLabel('Enter the 6-digit code from your authenticator app').fill(await app());
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Every other session was signed out.')).toBeVisible();

  // Turning it off asks for the password and a code; then the password alone signs in again.
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await off.getByLabel('Your password').fill(NEW_PASSWORD);
  await off.getByLabel('Enter the 6-digit code from your authenticator app').fill(await app());
  await snapshot(page, 'two-factor-turn-off-light');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.goto('/login');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
