import { expect, test, type Page, type Route } from '@playwright/test';

import { PASSWORD, uniqueEmail } from '../support/helpers';

/**
 * The public pages are prerendered, so their forms show before the app's code has arrived. On a slow
 * phone a person starts typing then; what they typed must still be there, and be what gets sent, once
 * the app has attached. The app's scripts are held back until the typing is done.
 */
async function holdAppScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

async function expectStillPrerendered(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-ready');
}

test('what is typed into the login form before the app attaches is kept, and signs the user in', async ({
  page,
}) => {
  const email = uniqueEmail('early');
  const signup = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(signup.status()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const setup = await page.request.put('/api/auth/setup', {
    data: { defaultCurrency: 'USD' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(setup.status()).toBe(200);

  const release = await holdAppScripts(page);
  // Only the HTML: the load event waits for the held scripts.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').pressSequentially(email);
  await page.getByLabel('Password', { exact: true }).pressSequentially(PASSWORD);
  // The caret sits in the password field, two characters before its end.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectStillPrerendered(page);

  await release();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  // Typing goes on where the caret was left.
  await page.keyboard.type('!');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(
    `${PASSWORD.slice(0, -2)}!${PASSWORD.slice(-2)}`,
  );
  await page.keyboard.press('Backspace');

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a new account typed into the register form before the app attaches is created as typed', async ({
  page,
}) => {
  const email = uniqueEmail('early');
  const release = await holdAppScripts(page);
  // Only the HTML: the load event waits for the held scripts.
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByLabel('Email').pressSequentially(email);
  await page.getByLabel('Password', { exact: true }).pressSequentially(PASSWORD);
  await expectStillPrerendered(page);

  await release();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  // The strength meter reads the form's state: all four criteria are met by what was typed.
  await expect(page.locator('[role="meter"] > span[data-filled="true"]')).toHaveCount(4);

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByText(email)).toBeVisible();
});

test('a contact message typed before the app attaches, with its inquiry type, is sent as typed', async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  // Only the HTML: the load event waits for the held scripts.
  await page.goto('/contact', { waitUntil: 'commit' });
  await page.getByLabel('Name').pressSequentially('Asha Rao');
  await page.getByLabel('Email').pressSequentially('asha@paisable.dev');
  await page.getByLabel('Inquiry Type').selectOption('billing');
  await page.getByLabel('Subject').pressSequentially('Invoice');
  await page.getByLabel('Message').pressSequentially('Where is my invoice?');
  await expectStillPrerendered(page);

  await release();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(page.getByLabel('Name')).toHaveValue('Asha Rao');
  await expect(page.getByLabel('Inquiry Type')).toHaveValue('billing');
  await expect(page.getByLabel('Message')).toHaveValue('Where is my invoice?');
  await expect(page.getByLabel('Message')).toBeFocused();

  const sent = page.waitForRequest((request) => request.url().includes('/trpc/contact.send'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  // One call of a tRPC batch: `{ "0": input }`.
  const batch = (await sent).postDataJSON() as Record<string, unknown>;
  expect(batch['0']).toMatchObject({
    name: 'Asha Rao',
    email: 'asha@paisable.dev',
    inquiryType: 'billing',
    subject: 'Invoice',
    message: 'Where is my invoice?',
  });
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for reaching out!' })).toBeVisible();
});

test('signed in, the prerendered landing page attaches without a hydration error and never shows Login', async ({
  page,
}) => {
  const email = uniqueEmail('landing');
  const signup = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  const { token } = (await signup.json()) as { token: string };
  await page.request.put('/api/auth/setup', {
    data: { defaultCurrency: 'USD' },
    headers: { authorization: `Bearer ${token}` },
  });
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  // Before the app attaches: the visitor's HTML, but its Login and Sign Up are not shown to this user.
  const release = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectStillPrerendered(page);
  await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Get Started for Free' })).toBeHidden();

  await release();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(errors.filter((text) => /#418|#423|hydrat/i.test(text))).toEqual([]);
});
