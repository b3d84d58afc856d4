import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

import {
  PASSWORD,
  registerAndSetup,
  setTheme,
  snapshot,
  uniqueEmail,
  waitUntilInteractive,
} from '../support/helpers';

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** A calendar day `daysAgo` days before today (the browser and the server share the machine's zone). */
function dayBefore(daysAgo: number): string {
  const day = new Date();
  day.setDate(day.getDate() - daysAgo);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** Large and ordinary amounts, recent and old, through the REST API to keep the journey short. */
async function seed(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const entries = [
    { name: 'Yearly bonus', category: 'Salary', cost: '987654321.09', daysAgo: 2, isIncome: true },
    { name: 'Salary', category: 'Salary', cost: '17067.45', daysAgo: 5, isIncome: true },
    { name: 'Rent', category: 'Bills', cost: '12500.00', daysAgo: 3, isIncome: false },
    { name: 'Weekly groceries at the farmers market', category: 'Groceries', cost: '182.37', daysAgo: 1 },
    { name: 'Train pass', category: 'Transportation', cost: '89.90', daysAgo: 4 },
    { name: 'Concert', category: 'Entertainment', cost: '65.00', daysAgo: 6 },
    { name: 'New laptop', category: 'Shopping', cost: '2399.99', daysAgo: 2 },
    { name: 'Streaming', category: 'Subscriptions', cost: '15.99', daysAgo: 7 },
    { name: 'Old refund', category: 'Refunds', cost: '42.00', daysAgo: 400, isIncome: true },
  ];
  for (const entry of entries) {
    const response = await page.request.post('/api/transactions', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: entry.name,
        category: entry.category,
        cost: entry.cost,
        addedOn: dayBefore(entry.daysAgo),
        isIncome: entry.isIncome ?? false,
      },
    });
    expect(response.status()).toBe(201);
  }
}

type MoneyProblem = { text: string; problem: string };

/**
 * Every amount on the first screen: the innermost elements whose text is a money figure. Each must lie
 * inside the viewport, its box must not scroll (scrollWidth ≤ clientWidth), and no clipping ancestor may
 * cut it. Returns how many were checked and what was wrong.
 */
async function checkFirstScreenMoney(page: Page): Promise<{ checked: string[]; problems: MoneyProblem[] }> {
  return page.evaluate(() => {
    const money = /^[+-]?-?[$€£¥₹]\s?[\d,]+(\.\d+)?$/;
    const checked: string[] = [];
    const problems: { text: string; problem: string }[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const text = element.textContent?.trim() ?? '';
      if (!money.test(text.replace(/\s/g, ''))) continue;
      if (
        Array.from(element.children).some((child) =>
          money.test(child.textContent?.trim().replace(/\s/g, '') ?? ''),
        )
      )
        continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.top >= window.innerHeight || box.bottom <= 0) continue;
      if (element.closest('svg, [aria-hidden="true"]')) continue;
      checked.push(text);
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
        problems.push({ text, problem: `outside the viewport (${box.left}–${box.right})` });
      // The figure's own block (an inline span's nearest block) must show its whole text.
      let block: HTMLElement | null = element;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (block && block.scrollWidth > block.clientWidth + 0.5)
        problems.push({ text, problem: `clipped (scrollWidth ${block.scrollWidth} > ${block.clientWidth})` });
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible') continue;
        const outer = parent.getBoundingClientRect();
        if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5)
          problems.push({ text, problem: `cut by an ancestor ${parent.tagName}.${parent.className}` });
      }
      if (getComputedStyle(element).textOverflow === 'ellipsis')
        problems.push({ text, problem: 'may be cut with an ellipsis' });
    }
    return { checked, problems };
  });
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on the page`);
  return box;
}

async function ready(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

for (const screen of SCREENS) {
  test(`every amount on the first screen is whole and in view at ${screen.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await registerAndSetup(page);
    await seed(page);

    for (const theme of ['light', 'dark'] as const) {
      await ready(page, '/dashboard');
      await setTheme(page, theme);
      // The cards cover the dashboard's default period, the last 30 days: the refund of 400 days ago is out.
      await expect(page.getByRole('group', { name: 'Total Income' })).toContainText('$987,671,388.54');
      await expect(page.getByRole('group', { name: 'Total Expense' })).toContainText('$15,253.25');
      await expect(page.getByRole('group', { name: 'Current Balance' })).toContainText('$987,656,177.29');
      await expect(page.getByRole('region', { name: 'Income Vs Time' }).locator('svg').first()).toBeVisible();
      const dashboard = await checkFirstScreenMoney(page);
      expect(dashboard.checked).toEqual(expect.arrayContaining(['$987,671,388.54', '$987,656,177.29']));
      expect(dashboard.problems).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await snapshot(page, `layout-dashboard-${screen.name}-${theme}`);

      await ready(page, '/transactions');
      await expect(page.getByText('Yearly bonus')).toBeVisible();
      const transactions = await checkFirstScreenMoney(page);
      // The newest rows' amounts are on the first screen, not off to the side.
      expect(transactions.checked).toEqual(expect.arrayContaining(['-$182.37', '+$987,654,321.09']));
      expect(transactions.problems).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      // From a tablet up the table fits: its row actions are in view without scrolling sideways.
      if (screen.width >= 640) await expect(page.getByRole('button', { name: 'Edit Rent' })).toBeInViewport();
      await snapshot(page, `layout-transactions-${screen.name}-${theme}`);
    }
  });
}

test('on a phone, transactions are cards: tap to edit, select for the bulk delete, filters folded away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndSetup(page);
  await seed(page);
  await ready(page, '/transactions');

  await expect(page.locator('table')).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  await expect(cards).toHaveCount(9);
  await expect(cards.first()).toContainText('Weekly groceries at the farmers market');
  await expect(cards.first()).toContainText('-$182.37');
  await expect(cards.first()).toContainText('Groceries');

  // The filters wait behind a button that counts the active ones.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters (0)' }).click();
  await page.getByRole('combobox', { name: 'Type' }).selectOption('income');
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export 3 filtered rows' })).toBeVisible();

  // Tapping a card opens it for editing.
  await page.getByRole('button', { name: /^Edit Salary/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Income' });
  await expect(edit.getByLabel(/^Amount/)).toHaveValue('17067.45');
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // Selection and the bulk delete still work.
  await page.getByLabel('Select Salary').check();
  await page.getByLabel('Select Old refund').check();
  await page.getByRole('button', { name: 'Delete (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Select all transactions on this page').check();
  await expect(page.getByRole('button', { name: 'Delete (1)' })).toBeVisible();
});

test('the navigation links show at 1024 px; the menu button only on smaller screens', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await registerAndSetup(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of [
    'Dashboard',
    'Transactions',
    'Accounts',
    'Receipts',
    'Settings',
    'Budgets',
    'Recurring Transactions',
  ])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByLabel('Display currency')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  // Everything fits on one line: the header is as tall as at 1280 px.
  expect((await page.locator('header').boundingBox())?.height).toBeLessThan(70);
  await nav.getByRole('link', { name: 'Recurring Transactions' }).click();
  await expect(page).toHaveURL(/\/recurring-transactions$/);
  await snapshot(page, 'layout-nav-1024-light');

  await page.setViewportSize({ width: 1000, height: 768 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Budgets', exact: true })).toBeHidden();
});

/**
 * The toast's box and those of the given elements, measured in one step inside the page once the toast
 * has stopped moving: on a loaded machine its 5 seconds could otherwise run out between two separate
 * measurements.
 */
async function toastAndBoxes(page: Page, selectors: Record<string, string>) {
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  // The pointer on the toast pauses its timer (as it does for a user reading it): on a busy machine it
  // could otherwise close before it is measured.
  await page.locator('[data-sonner-toast]').first().hover();
  const boxes = await page.evaluate(async (wanted) => {
    const toast = document.querySelector('[data-sonner-toast]');
    if (!toast) return null;
    for (let last = NaN, step = 0; step < 50; step++) {
      const y = toast.getBoundingClientRect().y;
      if (Math.abs(y - last) < 0.5) break;
      last = y;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const boxOfElement = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    const others: { name: string; x: number; y: number; width: number; height: number }[] = [];
    for (const [name, selector] of Object.entries(wanted)) {
      for (const element of Array.from(document.querySelectorAll(selector))) {
        if (element.getBoundingClientRect().width > 0) others.push({ name, ...boxOfElement(element) });
      }
    }
    return { toast: boxOfElement(toast), others };
  }, selectors);
  if (!boxes) throw new Error('the toast closed before it could be measured');
  return boxes;
}

/** The toast covers none of what the page shows first: header, title, greeting, cards, table header. */
async function expectToastClearOf(page: Page, selectors: Record<string, string>, screenshot: string) {
  const { toast, others } = await toastAndBoxes(page, selectors);
  expect(new Set(others.map((other) => other.name))).toEqual(new Set(Object.keys(selectors)));
  for (const box of others) {
    const overlaps =
      box.x < toast.x + toast.width &&
      toast.x < box.x + box.width &&
      box.y < toast.y + toast.height &&
      toast.y < box.y + box.height;
    expect(overlaps, `the toast covers ${box.name}`).toBe(false);
  }
  // The toast is on screen, above a phone's bottom edge.
  expect(toast.y + toast.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  // A screenshot of the viewport (a full-page one would move the fixed toast).
  await page.screenshot({ path: path.join(import.meta.dirname, '../screenshots', `${screenshot}.png`) });
}

for (const screen of [SCREENS[0], SCREENS[2]]) {
  test(`toasts cover neither the header nor the top of the page at ${screen.width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: screen.width, height: screen.height });

    // The setup greeting, under "Signup successful!".
    await page.goto('/register');
    await waitUntilInteractive(page);
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByText('Signup successful!')).toBeVisible();
    await expectToastClearOf(
      page,
      { 'theme toggle': 'button[aria-label^="Switch to"]', title: 'h1', greeting: 'h1 + p' },
      `layout-toast-setup-${screen.name}`,
    );
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The summary cards, right after adding a transaction.
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const form = page.getByRole('dialog', { name: 'Add Expense' });
    await form.getByLabel(/^Name/).fill('Coffee');
    await form.getByLabel('Category').selectOption('Food');
    await form.getByLabel(/^Amount/).fill('3');
    await form.getByRole('button', { name: 'Add Expense' }).last().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit anyway' }).click();
    await expect(page.getByText('Expense added')).toBeVisible();
    await expectToastClearOf(
      page,
      {
        header: 'header',
        'header controls': 'header button, header select',
        title: 'h1',
        'Add Transaction': 'main button',
        'summary cards': 'main [role="group"]',
      },
      `layout-toast-${screen.name}`,
    );
    // The controls stay usable while the toast shows.
    await page.getByRole('button', { name: /^Switch to/ }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);

    // The budgets table's header (a card per budget on a phone), after adding one.
    await page.goto('/budgets');
    await page.getByRole('button', { name: 'Add Budget' }).click();
    const budget = page.getByRole('dialog', { name: 'Add Budget' });
    await budget.getByLabel('Category').selectOption('Food');
    await budget.getByLabel('Amount').fill('100');
    await budget.getByLabel('Month').fill('3');
    await budget.getByLabel('Year').fill('2025');
    await budget.getByRole('button', { name: 'Add Budget' }).click();
    await expect(budget).toBeHidden();
    await expect(page.locator('[data-sonner-toast]')).toBeVisible();
    await expectToastClearOf(
      page,
      {
        header: 'header',
        title: 'h1',
        // The top of the page is the budget month, opened on its navigator.
        'the month navigator': 'main button[aria-label="Previous month"]',
      },
      `layout-toast-budgets-${screen.name}-dark`,
    );
  });
}

test('charts: readable axes in both themes, stacked bars, straight lines, a legend in full on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndSetup(page);
  await seed(page);
  await ready(page, '/dashboard');
  const activity = page.getByRole('region', { name: 'Recent Activity' });
  await expect(activity.locator('svg').first()).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(activity.locator('svg').first()).toBeVisible();
    const ticks = await activity.locator('svg text').evaluateAll((texts) =>
      texts.map((text) => ({
        size: parseFloat(getComputedStyle(text).fontSize),
        fill: getComputedStyle(text).fill,
      })),
    );
    expect(ticks.length).toBeGreaterThan(4);
    for (const tick of ticks) {
      expect(tick.size).toBeGreaterThanOrEqual(12);
      // slate-700 on white, slate-300 on slate-900: the readable text colours of each theme.
      expect(tick.fill).toBe(theme === 'dark' ? 'rgb(203, 213, 225)' : 'rgb(51, 65, 85)');
    }
  }

  // Two days ago has income and expenses: one column, income above the zero line and expenses below it.
  const income = activity.locator('svg rect[fill="#16a34a"]');
  const expense = activity.locator('svg rect[fill="#dc2626"]');
  const bars = await Promise.all([income.nth(-1), expense.nth(-1)].map((bar) => bar.boundingBox()));
  expect(bars[0] && bars[1] && Math.abs(bars[0].x - bars[1].x)).toBeLessThan(1);
  expect(bars[0] && bars[1] && Math.abs(bars[0].y + bars[0].height - bars[1].y)).toBeLessThan(1);

  // Lines go straight from day to day: no curve commands in the path.
  const line = await page
    .getByRole('region', { name: 'Expense Vs Time' })
    .locator('svg path[fill="none"]')
    .first()
    .getAttribute('d');
  expect(line).toMatch(/^M/);
  expect(line).not.toMatch(/[CcSsQq]/);

  // The ring keeps its size on a phone, with the legend under it.
  const ring = await page.getByRole('img', { name: 'Expenses by category' }).boundingBox();
  expect(ring?.height).toBeGreaterThan(150);
  // Every category name of the doughnut's legend shows in full on a phone.
  const legend = page.getByRole('region', { name: 'Expenses by Category' }).getByRole('listitem');
  await expect(legend).toHaveCount(6);
  await expect(legend.filter({ hasText: 'Transportation' })).toBeVisible();
  const cut = await legend.evaluateAll((items) =>
    items.flatMap((item) =>
      Array.from(item.querySelectorAll('span'))
        .filter((span) => span.scrollWidth > span.clientWidth + 0.5)
        .map((span) => span.textContent),
    ),
  );
  expect(cut).toEqual([]);
  const region = await boxOf(page.getByRole('region', { name: 'Expenses by Category' }));
  for (const item of await legend.all()) {
    const box = await boxOf(item);
    expect(box.y + box.height).toBeLessThanOrEqual(region.y + region.height);
  }
  await page.getByRole('region', { name: 'Expenses by Category' }).scrollIntoViewIfNeeded();
  await snapshot(page, 'layout-charts-phone-dark');
});

test('an empty chart offers to add a transaction', async ({ page }) => {
  await registerAndSetup(page);
  const empty = page.getByRole('region', { name: 'Income Vs Time' });
  await expect(empty).toContainText('No income data to display');
  await empty.getByRole('button', { name: 'Add a transaction' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Expense' })).toBeVisible();
});

test('the Terms & Privacy Policy on the sign-up form opens a real page', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('link', { name: 'Terms & Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where your data stays' })).toBeVisible();
  await expect(page.getByText('stored in the database and the files folder of the server')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deleting your data' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await snapshot(page, `terms-${theme}`);
  }
});
