import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';

import { PASSWORD, registerAndSetup, setTheme, snapshot, waitUntilInteractive } from '../support/helpers';

async function turnOnTwoFactor(page: Page) {
  await page.goto('/settings');
  await waitUntilInteractive(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  const secretBox = setup.getByTestId('two-factor-secret');
  await expect(secretBox).toBeVisible({ timeout: 20_000 });
  const secret = ((await secretBox.textContent()) ?? '').replace(/\s+/g, '');
  await setup.getByLabel('6-digit code from the app').fill(await generate({ secret }));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  return { section, codes: await savedCodes(page) };
}

/** The codes of the "Save your recovery codes" dialog, which is then closed. */
async function savedCodes(page: Page) {
  const saved = page.getByRole('alertdialog', { name: 'Save your recovery codes' });
  const items = saved.getByTestId('recovery-codes').getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = (await items.allTextContents()).map((code) => code.trim());
  await saved.getByRole('button', { name: 'I have saved them' }).click();
  return codes;
}

async function signInWithCode(page: Page, email: string, code: string) {
  await page.goto('/login');
  await waitUntilInteractive(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

test('two-factor sign-in: new recovery codes ask the password and a code, and the old codes stop working', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email } = await registerAndSetup(page);
  const { section, codes: oldCodes } = await turnOnTwoFactor(page);

  await section.getByRole('button', { name: 'New recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recovery codes' });
  await dialog.getByLabel('Your password').fill('Wrong#123');
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill(oldCodes[0] ?? '');
  await dialog.getByRole('button', { name: 'Make new codes' }).click();
  await expect(dialog.getByText('That is not your current password. Nothing was changed.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await snapshot(page, 'two-factor-new-codes-light');
  await dialog.getByRole('button', { name: 'Make new codes' }).click();
  const newCodes = await savedCodes(page);
  expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
  await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();

  // An old code no longer signs in; a new one does.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithCode(page, email, oldCodes[1] ?? '');
  await expect(page.getByText('That code is not right, or it was already used.')).toBeVisible();
  await signInWithCode(page, email, newCodes[0] ?? '');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dialog at phone width, in dark mode.
  await page.goto('/settings');
  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  await expect(dialog.getByLabel('Your password')).toBeVisible();
  await snapshot(page, 'two-factor-new-codes-phone-dark');
});
