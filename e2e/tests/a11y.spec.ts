import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, registerAndSetup, setTheme, snapshot, uniqueEmail } from '../support/helpers';

const PUBLIC_PAGES = ['/', '/login', '/register', '/contact', '/no-such-page'] as const;
const APP_PAGES = [
  '/dashboard',
  '/transactions',
  '/accounts',
  '/receipts',
  '/settings',
  '/budgets',
  '/recurring-transactions',
] as const;

/** axe-core on the page as it is now: WCAG 2.1 A/AA rules, failing on any serious or critical violation. */
async function expectAccessible(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary}`),
    }));
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Waits for a page to settle: no spinner, no request in flight. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
}

/** Two transactions for the signed-in user, so tables and their controls are checked too. */
async function addSampleTransactions(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const entry of [
    { name: 'Salary', category: 'Salary', cost: 3000, addedOn: '2025-03-01', isIncome: true },
    { name: 'Lunch', category: 'Food', cost: 12.5, addedOn: '2025-03-02', isIncome: false, note: 'with Sam' },
  ]) {
    const response = await page.request.post('/api/transactions', {
      data: entry,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(201);
  }
}

async function signInWithData(page: Page) {
  await registerAndSetup(page);
  await addSampleTransactions(page);
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: every page has no serious or critical violations in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme });
    for (const path of PUBLIC_PAGES) {
      await open(page, path);
      await expectAccessible(page, `${path} (${theme})`);
    }
    // The contact form with its error messages and an open FAQ answer.
    await open(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Is Paisable free to use?' }).click();
    await expectAccessible(page, `/contact with errors (${theme})`);

    await page.goto('/register');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expectAccessible(page, `/register with a weak password (${theme})`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await expectAccessible(page, `/setup (${theme})`);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await addSampleTransactions(page);
    for (const path of APP_PAGES) {
      await open(page, path);
      await expectAccessible(page, `${path} (${theme})`);
    }
    // Dialogs: the transaction form and the account-deletion confirmation.
    await open(page, '/transactions');
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Expense' })).toBeVisible();
    await expectAccessible(page, `/transactions add dialog (${theme})`);
    // The account form, and a reconciliation with its result.
    await open(page, '/accounts');
    await page.getByRole('button', { name: 'Add Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Account' })).toBeVisible();
    await expectAccessible(page, `/accounts add dialog (${theme})`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Reconcile Main account' }).click();
    const reconcile = page.getByRole('dialog', { name: 'Reconcile Main account' });
    await reconcile.getByLabel('Statement balance').fill('1');
    await reconcile.getByRole('button', { name: 'Compare' }).click();
    await expect(reconcile).toContainText('Does not match');
    await expectAccessible(page, `/accounts reconcile dialog (${theme})`);
    await page.keyboard.press('Escape');
    await open(page, '/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `/settings delete dialog (${theme})`);
    // The phone menu, opened.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectAccessible(page, `phone menu (${theme})`);
  });
}

test('phone (360 px): no page scrolls sideways, and the menu reaches every app page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const overflowing = async () =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  for (const path of PUBLIC_PAGES) {
    await open(page, path);
    expect(await overflowing(), `${path} is wider than the phone`).toBe(false);
  }
  await signInWithData(page);
  for (const path of APP_PAGES) {
    await open(page, path);
    expect(await overflowing(), `${path} is wider than the phone`).toBe(false);
    await snapshot(page, `phone${path.replaceAll('/', '-')}-light`);
  }
  const labels = [
    'Dashboard',
    'Transactions',
    'Accounts',
    'Receipts',
    'Settings',
    'Budgets',
    'Recurring Transactions',
  ];
  for (const [index, label] of labels.entries()) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${APP_PAGES[index]}$`));
    await expect(page.locator('#mobile-menu')).toBeHidden();
  }
  // Currency and Logout live in the menu on a phone.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu').getByLabel('Display currency')).toBeVisible();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

/** Tabs through the page and checks every stop shows a focus ring (an outline or a box-shadow ring). */
async function expectVisibleFocusOnEveryTabStop(page: Page, label: string, stops: number) {
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none';
      const name = `<${element.tagName.toLowerCase()} type=${element.getAttribute('type')} aria-label=${element.getAttribute('aria-label')} id=${element.id}> outline=${style.outlineStyle} ${style.outlineWidth} shadow=${style.boxShadow}`;
      return { name, visible: ring || shadow };
    });
    if (!focused) break;
    expect(focused.visible, `${label}: no visible focus on ${focused.name}`).toBe(true);
  }
}

test('keyboard: focus is visible on every control, and the app works without a mouse', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of ['/', '/login', '/register', '/contact']) {
    await open(page, path);
    await expectVisibleFocusOnEveryTabStop(page, path, 25);
  }
  await registerAndSetup(page);
  for (const path of APP_PAGES) {
    await open(page, path);
    await expectVisibleFocusOnEveryTabStop(page, path, 30);
  }

  // Open the phone menu, go to Settings and start deleting the account, all from the keyboard.
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('#mobile-menu').getByRole('link', { name: 'Settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('button', { name: 'Delete Account' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  // Focus moves into the dialog, onto the password it asks for (not onto the irreversible action); Tab
  // walks its controls, the page behind is inert.
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).not.toBeFocused();
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete Account' })).toBeFocused();
});

test('screenshots of every page in the dark theme on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await setTheme(page, 'dark');
  for (const path of ['/', '/login', '/register']) {
    await open(page, path);
    await snapshot(page, `phone${path === '/' ? '-landing' : path.replaceAll('/', '-')}-dark`);
  }
  await signInWithData(page);
  for (const path of APP_PAGES) {
    await open(page, path);
    await snapshot(page, `phone${path.replaceAll('/', '-')}-dark`);
  }
});

test('dialogs: focus opens on the first field and returns to the control that opened them', async ({
  page,
}) => {
  await registerAndSetup(page);

  // A form dialog: typing goes into its first field, and a space is a space, not "Close".
  await open(page, '/recurring-transactions');
  const add = page.getByRole('button', { name: 'Add Recurring Transaction' });
  await add.click();
  const form = page.getByRole('dialog', { name: 'Add Recurring Transaction' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Gym club');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Gym club');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(add).toBeFocused();

  // The same through Cancel, from the keyboard, on another page's form.
  await open(page, '/budgets');
  const addBudget = page.getByRole('button', { name: 'Add Budget' });
  await addBudget.focus();
  await page.keyboard.press('Enter');
  const budget = page.getByRole('dialog', { name: 'Add Budget' });
  await expect(budget.getByLabel('Category')).toBeFocused();
  await budget.getByRole('button', { name: 'Cancel' }).click();
  await expect(budget).toBeHidden();
  await expect(addBudget).toBeFocused();

  // A confirmation before a delete opens on Cancel, not on the irreversible action, and not on Close.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const created = await page.request.post('/api/budgets', {
    data: { category: 'Food', amount: 100, month: 3, year: 2025 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  await open(page, '/budgets');
  const remove = page.getByRole('button', { name: 'Delete Food March 2025' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete budget' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(page.getByRole('button', { name: 'Delete Food March 2025' })).toBeVisible();
});
